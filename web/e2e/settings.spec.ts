// Settings (issue 24, Build: Settings): coordinates on/off, two board
// themes, the sound volume and the animation speed, chosen in the match
// page's toolbar, applied to the board at once and remembered by the
// browser across a reload, at 1280×800 and 390×844.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createMatch, launch, plies, startServer, waitPlies, type Server } from './harness';

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

const coordsShown = (page: Page) => page.locator('svg.abalone .coord').first().isVisible();
const frameFill = (page: Page) => page.locator('svg.abalone .frame').evaluate((e) => getComputedStyle(e).fill);
const openMenu = async (page: Page) => {
  if (!(await page.locator('details.settings').evaluate((e) => (e as HTMLDetailsElement).open))) await page.locator('details.settings summary').click();
};

describe('settings', () => {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    it(`applies and remembers coordinates, theme, volume and animation speed (${width} px)`, async () => {
      const page = await browser.newPage({ viewport: { width, height } });
      try {
        await createMatch(page, server.url, 'abalone');
        await page.locator('svg.abalone').waitFor();
        expect(await coordsShown(page)).toBe(true);
        const wood = await frameFill(page);

        await openMenu(page);
        const panel = (await page.locator('.settings-panel').boundingBox())!;
        expect(panel.x).toBeGreaterThanOrEqual(0);
        expect(panel.x + panel.width).toBeLessThanOrEqual(width);
        await page.locator('.settings input[name="coords"]').uncheck();
        expect(await coordsShown(page)).toBe(false);
        await page.selectOption('.settings select[name="theme"]', 'slate');
        expect(await frameFill(page)).not.toBe(wood);
        await page.locator('.settings input[name="volume"]').fill('30');
        await page.selectOption('.settings select[name="speed"]', 'slow');

        // A move slides in at half speed (220 ms × 2).
        await page.keyboard.press('Escape');
        await page.locator('[data-cell="c3"]').click();
        await page.locator('[data-cell="d3"].target').click();
        await waitPlies(page, 2);
        expect(await page.locator('svg.abalone .slide').first().evaluate((e) => getComputedStyle(e).animationDuration)).toBe('0.44s');

        await page.reload();
        await page.locator('svg.abalone').waitFor();
        expect(await coordsShown(page)).toBe(false);
        expect(await frameFill(page)).not.toBe(wood);
        await openMenu(page);
        expect(await page.locator('.settings input[name="coords"]').isChecked()).toBe(false);
        expect(await page.locator('.settings input[name="volume"]').inputValue()).toBe('30');
        expect(await page.locator('.settings select[name="speed"]').inputValue()).toBe('slow');

        // Animations off: the next move does not slide.
        await page.selectOption('.settings select[name="speed"]', 'off');
        await page.locator('[data-cell="b1"]').click();
        await page.locator('[data-cell="c1"].target').click();
        await waitPlies(page, 4);
        const names = await page.locator('svg.abalone .slide').evaluateAll((els) => els.map((e) => getComputedStyle(e).animationName));
        expect(names.length).toBeGreaterThan(0);
        expect(new Set(names)).toEqual(new Set(['none']));
      } finally {
        await page.close();
      }
    });
  }

  it('asks before sending a move when confirmation is on, and cancels', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
      await createMatch(page, server.url, 'abalone');
      await page.locator('svg.abalone').waitFor();
      await openMenu(page);
      await page.locator('.settings input[name="confirm"]').check();
      await page.keyboard.press('Escape');
      await page.locator('[data-cell="c3"]').click();
      await page.locator('[data-cell="d3"].target').click();
      const ask = page.locator('.confirm-move');
      await ask.waitFor();
      expect(await ask.getAttribute('data-confirm')).toBe('c3d3');
      expect(await plies(page)).toBe(0); // nothing sent yet
      await ask.locator('button.secondary').click();
      expect(await ask.count()).toBe(0);
      await page.waitForTimeout(300);
      expect(await plies(page)).toBe(0);
      await page.locator('[data-cell="b1"]').click();
      await page.locator('[data-cell="c1"].target').click();
      await ask.locator('button.primary').click();
      await waitPlies(page, 2);
      expect(await page.locator('.move-list [data-ply="1"]').textContent()).toBe('b1c1');
    } finally {
      await page.close();
    }
  });
});
