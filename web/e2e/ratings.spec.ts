// The lobby describes each bot level by its rating in the game being set up
// (issue 22, "a rating list per game"): the numbers on screen are read here
// from docs/strength.md's rating lists, so the lobby, the server's data and
// the documentation cannot drift apart. Where a variant or player count was
// not measured the lobby gives the generic range instead.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fits, launch, repoRoot, resultsDir, startServer, type Server } from './harness';

let server: Server;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const levels = ['bot:easy', 'bot:medium', 'bot:hard', 'bot:max'] as const;

/**
 * docRating returns the ratings of the levels in the rating-list row of
 * docs/strength.md whose command is `tabula match GAME ARGS --agents ...`.
 */
function docRating(gameArgs: string): Record<(typeof levels)[number], number> {
  const doc = readFileSync(join(repoRoot, 'docs', 'strength.md'), 'utf8');
  const section = doc.split('\n## Rating lists')[1]?.split('\n## ')[0] ?? '';
  const row = section.split('\n').find((l) => l.includes('`tabula match ' + gameArgs + ' --agents random,'));
  expect(row, `docs/strength.md has no rating list for ${gameArgs}`).toBeDefined();
  const nums = [...row!.matchAll(/\| (-?\d+) ±\d+ /g)].map((m) => Number(m[1]));
  expect(nums, row).toHaveLength(4);
  return Object.fromEntries(levels.map((l, i) => [l, nums[i]!])) as Record<(typeof levels)[number], number>;
}

/** The description the lobby shows beside each level, by bot spec. */
async function descs(page: Page): Promise<Record<string, string>> {
  await page.locator('label.opponent[data-bot="bot:hard"]').waitFor();
  return Object.fromEntries(
    await page.locator('label.opponent').evaluateAll((rows) =>
      rows.map((r) => [r.getAttribute('data-bot') ?? '', r.querySelector('.opponent-desc')?.textContent ?? '']),
    ),
  );
}

/** The words around a measured rating, per language (i18n.ts 'bot.rated'). */
const scale: Record<string, { lang: string; rated: (elo: string) => string; generic: RegExp }> = {
  'en-US': { lang: 'en', rated: (elo) => `About ${elo} on Tabula’s scale in this game (random = 0)`, generic: /About 800–1,000 on Tabula’s scale/ },
  'ru-RU': { lang: 'ru', rated: (elo) => `Около ${elo} по шкале Tabula в этой игре (случайный = 0)`, generic: /Около 800–1000 по шкале Tabula/ },
  'uk-UA': { lang: 'uk', rated: (elo) => `Близько ${elo} за шкалою Tabula в цій грі (випадковий = 0)`, generic: /Близько 800–1000 за шкалою Tabula/ },
};

describe('the lobby’s level ratings', () => {
  const runs = [
    { width: 1280, height: 800, locale: 'en-US' },
    { width: 390, height: 844, locale: 'en-US' },
    { width: 390, height: 844, locale: 'ru-RU' },
    { width: 390, height: 844, locale: 'uk-UA' },
  ];
  for (const r of runs) {
    it(`shows each level's rating from docs/strength.md for the game, variant and player count (${r.locale}, ${r.width}×${r.height})`, async () => {
      const page = await browser.newPage({ viewport: { width: r.width, height: r.height }, locale: r.locale });
      const s = scale[r.locale]!;
      const shown = (elo: number) => s.rated(elo.toLocaleString(s.lang));
      try {
        await page.goto(server.url + '/');
        await page.locator('select[name="game"]').waitFor();

        // Abalone, standard layout: its own list.
        await page.selectOption('select[name="game"]', 'abalone');
        const abalone = docRating('abalone');
        let d = await descs(page);
        for (const l of levels) expect(d[l], `abalone ${l}`).toContain(shown(abalone[l]));
        await page.locator('label.opponent[data-bot="bot:hard"]').scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(resultsDir, `lobby-ratings-abalone-${r.locale}-${r.width}.png`), fullPage: true });
        await fits(page, 'fieldset.opponents');

        // A layout that was not measured: the generic range, no number.
        await page.selectOption('select[name="variant"]', 'belgian-daisy');
        await expect.poll(async () => (await descs(page))['bot:hard']).toMatch(s.generic);
        expect((await descs(page))['bot:hard']).not.toContain(String(abalone['bot:hard']));

        // Pathagon: another game, other numbers.
        await page.selectOption('select[name="game"]', 'pathagon');
        const pathagon = docRating('pathagon');
        await expect.poll(async () => (await descs(page))['bot:hard']).toContain(shown(pathagon['bot:hard']));
        d = await descs(page);
        for (const l of levels) expect(d[l], `pathagon ${l}`).toContain(shown(pathagon[l]));

        // Talat at its default, three players.
        await page.selectOption('select[name="game"]', 'talat');
        const talat = docRating('talat --players 3');
        await expect.poll(async () => (await descs(page))['bot:hard']).toContain(shown(talat['bot:hard']));
        d = await descs(page);
        for (const l of levels) expect(d[l], `talat ${l}`).toContain(shown(talat[l]));

        // Villa Paletti: one list per player count.
        await page.selectOption('select[name="game"]', 'villapaletti');
        for (const n of [2, 3]) {
          await page.selectOption('select[name="players"]', String(n));
          const villa = docRating(`villapaletti --players ${n}`);
          await expect.poll(async () => (await descs(page))['bot:hard'], { message: `villapaletti ${n} players` }).toContain(shown(villa['bot:hard']));
          d = await descs(page);
          for (const l of levels) expect(d[l], `villapaletti ${n} players ${l}`).toContain(shown(villa[l]));
        }
        await fits(page, 'fieldset.opponents');
      } finally {
        await page.close();
      }
    });
  }
});
