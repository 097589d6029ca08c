// The lobby offers every bot level by name, with a line on what to expect,
// on a phone; a game against Hard starts by clicking and Hard answers a
// move made by clicking.
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fits, launch, replyMs, resultsDir, startServer, waitPlies, type Server } from './harness';

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

/** The opponents the lobby lists, as a person reads them. */
async function opponents(page: import('playwright-core').Page): Promise<{ name: string; desc: string }[]> {
  await page.locator('label.opponent').first().waitFor();
  return page.locator('label.opponent').evaluateAll((rows) =>
    rows.map((r) => ({
      name: r.querySelector('.opponent-name')?.textContent ?? '',
      desc: r.querySelector('.opponent-desc')?.textContent ?? '',
    })),
  );
}

describe('bot levels in the lobby', () => {
  const langs = [
    { locale: 'en-US', names: ['Random', 'Easy', 'Medium', 'Hard', 'Max'], random: /Random moves/ },
    { locale: 'ru-RU', names: ['Случайный', 'Лёгкий', 'Средний', 'Сильный', 'Максимум'], random: /наугад/ },
    { locale: 'uk-UA', names: ['Випадковий', 'Легкий', 'Середній', 'Сильний', 'Максимум'], random: /навмання/ },
  ];
  for (const l of langs) {
    it(`lists the five levels with descriptions on a phone (${l.locale})`, async () => {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: l.locale });
      try {
        await page.goto(server.url + '/');
        const rows = await opponents(page);
        expect(rows.slice(0, 5).map((r) => r.name)).toEqual(l.names);
        expect(rows[0]!.desc).toMatch(l.random);
        for (const r of rows) expect(r.desc.length, r.name).toBeGreaterThan(10);
        // Each level is on screen, readable and tappable at 390 px.
        for (const name of l.names) {
          const row = page.locator('label.opponent', { has: page.getByText(name, { exact: true }) });
          await row.scrollIntoViewIfNeeded();
          expect(await row.isVisible(), name).toBe(true);
          const box = (await row.boundingBox())!;
          expect(box.height, `${name} row height`).toBeGreaterThanOrEqual(40);
        }
        await fits(page, 'fieldset.opponents');
        await page.screenshot({ path: join(resultsDir, `lobby-bots-${l.locale}-390.png`), fullPage: true });
      } finally {
        await page.close();
      }
    });
  }

  it('starts a game against Hard by clicking, and Hard answers', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    try {
      await page.goto(server.url + '/');
      await page.locator('select[name="game"]').waitFor();
      await page.selectOption('select[name="game"]', 'pathagon');
      await page.locator('label.opponent', { has: page.getByText('Hard', { exact: true }) }).click();
      expect(await page.locator('input[name="opponent"]:checked').getAttribute('value')).toBe('bot:hard');
      await page.selectOption('select[name="seat"]', '0'); // Light moves first (ruling P2)
      await page.click('form.create button[type="submit"]');
      await page.waitForURL(/\/match\/[\w-]+$/);
      const id = page.url().split('/').pop()!;

      // The server seated bot:hard against us, and the page names it Hard.
      const m = (await (await fetch(`${server.url}/api/matches/${id}`)).json()) as { seats: { seat: number; kind: string; bot?: string }[] };
      expect(m.seats.map((s) => [s.kind, s.bot ?? ''])).toEqual([
        ['human', ''],
        ['bot', 'bot:hard'],
      ]);
      await page.locator('.player', { hasText: 'Hard' }).waitFor();

      await page.locator('.turn.mine').waitFor({ timeout: replyMs });
      await page.locator('[data-cell="d4"].target').click();
      await waitPlies(page, 2);
      await page.locator('.turn.mine').waitFor({ timeout: replyMs });
      expect(await page.locator('.move-list [data-ply]').count()).toBe(2);
      await page.screenshot({ path: join(resultsDir, 'bot-hard-390.png'), fullPage: true });
    } finally {
      await page.close();
    }
  });
});
