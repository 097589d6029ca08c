// The lobby's list of matches (issue 24, defect 18): by default only the
// waiting and live matches, a filter by game, and a view of the finished
// ones with their results, in English, Russian and Ukrainian, at both widths.
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMatch, fits, launch, resultsDir, startServer, waitPlies, type Server } from './harness';

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

/** The IDs of the matches the lobby's list shows now, once it shows want. */
async function listed(page: Page, want: string): Promise<string[]> {
  await page.locator(`.lobby [data-lobby-list] .match-row[data-match="${want}"]`).waitFor();
  return page.locator('.lobby [data-lobby-list] .match-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-match') ?? ''));
}

describe('the lobby list (defect 18)', () => {
  it('lists the active matches, filters them by game and shows the finished ones with their results', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    page.on('dialog', (d) => void d.accept());
    try {
      // A finished Pathagon match: one move each, then we resign.
      const done = await createMatch(page, server.url, 'pathagon', { opponent: 'random', seat: 0 });
      await page.locator('[data-cell].target').first().click();
      await waitPlies(page, 2);
      await page.getByRole('button', { name: 'Resign' }).click();
      await page.locator('[data-result="win"]').waitFor();
      // A live Pathagon match against a bot, and an Abalone match waiting for a friend.
      const live = await createMatch(page, server.url, 'pathagon', { opponent: 'random', seat: 0 });
      const waiting = await createMatch(page, server.url, 'abalone', { opponent: '', seat: 0 });

      await page.goto(server.url + '/');
      // By default: the waiting and the live match, never the finished one.
      let ids = await listed(page, waiting);
      expect(ids).toContain(live);
      expect(ids).not.toContain(done);
      for (const st of await page.locator('[data-lobby-list] .match-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-status')))) {
        expect(['waiting', 'live']).toContain(st);
      }

      // One game only.
      await page.selectOption('[data-lobby-list] select[name="only"]', 'abalone');
      await page.locator(`[data-lobby-list] .match-row[data-match="${live}"]`).waitFor({ state: 'detached' });
      ids = await listed(page, waiting);
      expect(ids).toEqual([waiting]);

      // The finished view of Pathagon: the resigned match with its result.
      await page.selectOption('[data-lobby-list] select[name="only"]', 'pathagon');
      await page.click('[data-lobby-list] button[data-view="finished"]');
      ids = await listed(page, done);
      expect(ids).toEqual([done]);
      const row = page.locator(`[data-lobby-list] .match-row[data-match="${done}"]`);
      const words: [string, RegExp, RegExp][] = [
        ['en', /^Dark wins\b.*resign/i, /^Finished$/],
        ['ru', /^Победа: Т[её]мные.*сда/i, /^Оконченные$/],
        ['uk', /^Перемога: Темні.*зда/i, /^Завершені$/],
      ];
      for (const [lang, result, view] of words) {
        await page.selectOption('label.lang select', lang);
        await expect.poll(async () => (await row.locator('[data-match-result]').textContent())?.replace(/\s+/g, ' ').trim()).toMatch(result);
        expect((await page.locator('[data-lobby-list] button[data-view="finished"]').textContent())?.trim()).toMatch(view);
      }
      await page.selectOption('label.lang select', 'en');

      // Back to the active view: the finished match is gone again.
      await page.click('[data-lobby-list] button[data-view="active"]');
      ids = await listed(page, live);
      expect(ids).not.toContain(done);

      for (const [width, height] of [
        [390, 844],
        [1280, 800],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.screenshot({ path: join(resultsDir, `lobby-filter-${width}.png`), fullPage: true });
        await fits(page, '[data-lobby-list] .list-filter');
        await fits(page, `[data-lobby-list] .match-row[data-match="${live}"] .match-actions`);
      }
    } finally {
      await page.close();
    }
  });
});
