// Import (issue 24, Build: Export): a record exported from a match page is
// pasted into the import page, replayed by the server and stepped through
// on the game's own board; a record that does not replay is refused in
// words, in the page's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createMatch, launch, startServer, waitPlies, type Server } from './harness';

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

const marbles = (page: import('playwright-core').Page) =>
  page.locator('[data-cell][data-marble="b"], [data-cell][data-marble="w"]').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-cell')}${e.getAttribute('data-marble')}`).sort());

describe('import', () => {
  for (const width of [390, 1280]) {
    it(`replays an exported Abalone record on its board, move by move (${width} px)`, async () => {
      const page = await browser.newPage({ viewport: { width, height: width === 390 ? 844 : 800 } });
      try {
        const id = await createMatch(page, server.url, 'abalone', { variant: 'belgian-daisy' });
        await page.locator('[data-cell="c3"]').click();
        await page.locator('[data-cell="d4"].target').click();
        await waitPlies(page, 2);
        const final = await marbles(page);
        const record = await (await fetch(`${server.url}/api/matches/${id}/record`)).text();

        // The export panel links to the import page.
        await page.locator('details.export summary').click();
        await page.locator('details.export a[href="/import"]').click();
        await page.waitForURL(/\/import$/);
        await page.fill('textarea[name="record"]', record);
        await page.click('.import-form button[type="submit"]');
        await page.locator('[data-import="abalone"] svg.abalone').waitFor();
        expect(await page.locator('[data-import-game]').textContent()).toContain('belgian-daisy');
        expect(await marbles(page)).toEqual(final);
        // The last move is marked from the server's form of it.
        expect(await page.locator('.last-to').count()).toBeGreaterThan(0);
        // Back to the start with Home: the layout of the variant, no last move.
        await page.keyboard.press('Home');
        await page.locator('.replay[data-ply="0"]').waitFor();
        expect(await page.locator('[data-cell="c3"]').getAttribute('data-marble')).toBe('b');
        expect(await page.locator('.last-to').count()).toBe(0);
        await page.locator('.replay-next').click();
        await page.locator('.replay[data-ply="1"]').waitFor();
        expect(await page.locator('[data-cell="d4"]').getAttribute('data-marble')).toBe('b');
        expect(await page.locator('.move-list [data-ply="1"]').textContent()).toBe('c3d4');
      } finally {
        await page.close();
      }
    });
  }

  it('refuses a record that does not replay, in the page language', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      await page.goto(`${server.url}/import`);
      await page.fill('textarea[name="record"]', '1. a1b2 a1b2');
      await page.selectOption('select[name="game"]', 'abalone');
      await page.click('.import-form button[type="submit"]');
      const alert = page.locator('.import-form [role="alert"]');
      await alert.waitFor();
      expect(await alert.textContent()).toMatch(/not legal|illegal/i);
    } finally {
      await page.close();
    }
  });
});
