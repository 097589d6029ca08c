// Plays the Palago family in a real browser on a real server: Palago
// against a bot (two-tile moves with previews and a confirm step),
// Palagonia with bots in the other seats (dice, placements, remove/rotate),
// and Palaboratory's green task 1 → 2 to the solved state by clicking.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { join } from 'node:path';
import { launch, resultsDir, startServer, type Server } from './harness';

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

const plies = (page: Page) => page.locator('.move-list [data-ply]').count();
const waitPlies = (page: Page, n: number) => page.locator(`.move-list [data-ply="${n}"]`).waitFor({ timeout: 20_000 });

/** layout checks a page has no horizontal scrolling and the board lies inside the viewport, and saves a screenshot. */
async function layout(page: Page, board: string, name: string): Promise<void> {
  const width = page.viewportSize()!.width;
  await page.screenshot({ path: join(resultsDir, `${name}-${width}.png`), fullPage: true });
  const scroll = await page.evaluate(() => ({ sw: document.documentElement.scrollWidth, iw: window.innerWidth }));
  expect(scroll.sw, `${name}: horizontal scrolling`).toBeLessThanOrEqual(scroll.iw);
  const box = await page.locator(board).boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width + 0.5);
}

/** create opens the lobby, picks the game (and variant and options), and creates the match in seat 0. */
async function create(page: Page, game: string, opts: { variant?: string; options?: Record<string, string> } = {}) {
  await page.goto(server.url + '/');
  await page.locator('select[name="game"]').waitFor();
  await page.selectOption('select[name="game"]', game);
  if (opts.variant) await page.selectOption('select[name="variant"]', opts.variant);
  if (opts.options) {
    await page.locator('details.options summary').click();
    for (const [k, v] of Object.entries(opts.options)) {
      const sel = page.locator(`select[name="option.${k}"]`);
      if ((await sel.count()) > 0) await sel.selectOption(v);
      else await page.fill(`input[name="option.${k}"]`, v);
    }
  }
  if ((await page.locator('select[name="seat"] option[value="0"]').count()) > 0) await page.selectOption('select[name="seat"]', '0');
  await page.click('form.create button[type="submit"]');
  await page.waitForURL(/\/match\/[\w-]+$/);
}

describe('the Palago family in the browser', () => {
  for (const width of [390, 1280]) {
    it(`Palago: two-tile moves by clicking, with confirm, against the bot (${width} px)`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      try {
        await create(page, 'palago', { options: { firstPlayer: 'p1' } });
        await page.locator('.palago-board svg.plane').waitFor();
        for (let turn = 0; turn < 3; turn++) {
          await page.locator('.turn.mine').waitFor({ timeout: 20_000 });
          const before = await plies(page);
          if (turn === 1) {
            // Keyboard path: focus a target cell, open its picker, choose.
            const cell = page.locator('.targets [data-cell]').first();
            await cell.focus();
            await page.keyboard.press('Enter');
            await page.locator('.picker [data-orient]').first().click();
          } else {
            await page.locator('[data-pick]').first().click();
          }
          await page.locator('[data-ghost]').first().waitFor();
          await page.locator('[data-pick]').first().click();
          expect(await page.locator('[data-ghost]').count()).toBe(2);
          await page.locator('.palago-confirm').click();
          await waitPlies(page, before + 2); // ours and the bot's
        }
        expect(await page.locator('[data-tile]').count()).toBe(12);
        // Zoom and fit change the view.
        const vb = () => page.locator('svg.plane').getAttribute('viewBox');
        const fitted = await vb();
        await page.click('[data-zoom="in"]');
        expect(await vb()).not.toBe(fitted);
        await page.click('[data-zoom="fit"]');
        expect(await vb()).toBe(fitted);
        await layout(page, '.palago-board svg.plane', 'palago');
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    });
  }

  it('Palagonia: plays the moves its turns ask for (dice, placements, remove or rotate) with bots in the other seats', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    try {
      await create(page, 'palagonia');
      await page.locator('.palagonia-board svg.plane').waitFor();
      expect(await page.locator('.score-sheet [data-score-seat]').count()).toBe(4);
      let mine = 0;
      let others = false;
      let lastAfter = 0;
      const deadline = Date.now() + 90_000;
      // Play whatever our turn asks (a turn spans several moves) until we
      // made three moves and the others played in between: more than one
      // ply (their roll and at least one move) between two of our moves.
      while (mine < 3 || !others) {
        expect(Date.now(), 'Palagonia did not progress').toBeLessThan(deadline);
        await page.locator('.turn.mine, [data-result]').first().waitFor({ timeout: 30_000 });
        if ((await page.locator('[data-result]').count()) > 0) break;
        const before = await plies(page);
        if (mine > 0 && before > lastAfter + 1) others = true;
        if ((await page.locator('[data-use]').count()) > 0) await page.locator('[data-use]').first().click();
        else if ((await page.locator('[data-pick]').count()) > 0) await page.locator('[data-pick]').first().click();
        else if ((await page.locator('.placed.actionable').count()) > 0) {
          await page.locator('.placed.actionable').first().click();
          const remove = page.locator('.palagonia-remove');
          if ((await remove.count()) > 0) await remove.click();
          else await page.locator('.picker [data-orient]').first().click();
        } else if ((await page.locator('.palagonia-pass').count()) > 0) await page.locator('.palagonia-pass').click();
        else throw new Error(`nothing to click in ${await page.locator('.dice').first().textContent()}`);
        mine++;
        await waitPlies(page, before + 1);
        lastAfter = before + 1;
      }
      expect(mine).toBeGreaterThanOrEqual(3);
      expect(await page.locator('[data-tile]').count()).toBeGreaterThan(0);
      await layout(page, '.palagonia-board svg.plane', 'palagonia');
      await page.setViewportSize({ width: 1280, height: 900 });
      await layout(page, '.palagonia-board svg.plane', 'palagonia');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('Palaboratory: the move counter advances on turns and relocations', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 900 } });
    try {
      await create(page, 'palaboratory', { variant: 'green' });
      const counter = page.locator('.lab-counter');
      await counter.waitFor();
      expect(await counter.getAttribute('data-par')).toBe('2');
      expect(await page.locator('.cards [data-card]').count()).toBe(12);
      // Turn (0,0) twice and move (0,-1): three moves.
      await page.locator('[data-tile="(0,0):0"]').click();
      await page.locator('.picker [data-orient="1"]').click();
      await page.locator('.lab-counter[data-moves="1"]').waitFor();
      await page.locator('[data-tile="(0,0):1"]').click();
      await page.locator('.picker [data-orient="0"]').click();
      await page.locator('.lab-counter[data-moves="2"]').waitFor();
      await page.locator('[data-tile="(0,-1):1"]').click();
      await page.locator('.lab-relocate').click();
      await page.locator('[data-pick]').first().click();
      await page.locator('.lab-counter[data-moves="3"]').waitFor();
      expect(await page.locator('[data-tile]').count()).toBe(5);
      await layout(page, '.palaboratory-board svg.plane', 'palaboratory-moves');
    } finally {
      await page.close();
    }
  });

  for (const width of [390, 1280]) {
    it(`Palaboratory: solves the green task 1 → 2 in par by clicking (${width} px)`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      try {
        await create(page, 'palaboratory', { variant: 'green', options: { card: '2', from: '1' } });
        await page.locator('.lab-counter[data-moves="0"]').waitFor();
        // The solver's optimal record (tabula solve palaboratory 1 2):
        // turn (-1,0) to 2, turn (-1,1) to 1, add (-2,1):0.
        await page.locator('[data-tile="(-1,0):0"]').click();
        await page.locator('.picker [data-orient="2"]').click();
        await page.locator('.lab-counter[data-moves="1"]').waitFor();
        await page.locator('[data-tile="(-1,1):0"]').click();
        await page.locator('.picker [data-orient="1"]').click();
        await page.locator('.lab-counter[data-moves="2"]').waitFor();
        await page.locator('[data-cell="(-2,1)"]').click();
        await page.locator('.picker [data-orient="0"]').click();
        await page.locator('.lab-counter[data-solved="true"]').waitFor();
        expect(await page.locator('.lab-counter').getAttribute('data-moves')).toBe('2');
        await page.locator('[data-result="win"]').waitFor();
        await layout(page, '.palaboratory-board svg.plane', 'palaboratory-solved');
      } finally {
        await page.close();
      }
    });
  }
});
