// Plays Talat (three players: you and two random bots) and Palat (two
// players and the spirit, against a random bot) in a real browser on a real
// server: the lobby creates the match, clicks on the reserve tray and on the
// three boards place and move towers, the bots answer, and the layout holds
// at 390 px and 1280 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { join } from 'node:path';
import { pageErrors, checkBothWidths, createMatch, launch, plies, resultsDir, startServer, waitPlies as waitPliesOrOver, type Server } from './harness';

/** A Palat game is about 90 plies, half of them ours by two clicks: 30 s on a loaded 2-core machine, so this leaves room. */
const palatBudgetMs = 150_000;

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

/** waitPlies waits until the move list holds n plies, or the game is over. */
const waitPlies = (page: Page, n: number) => waitPliesOrOver(page, n, true);

/** create opens the lobby and starts a match of talat with the given form values; we place first. */
async function create(page: Page, variant: 'talat' | 'palat'): Promise<void> {
  await page.goto(server.url + '/');
  await page.locator('select[name="game"]').waitFor();
  await page.selectOption('select[name="game"]', 'talat');
  await page.selectOption('select[name="variant"]', variant);
  // Each variant fixes its player count (talat 3, palat 2), so the lobby
  // offers no choice; the seat list has exactly that many seats.
  expect(await page.locator('select[name="players"]').count()).toBe(0);
  expect(await page.locator('select[name="seat"] option:not([value="-1"])').count()).toBe(variant === 'palat' ? 2 : 3);
  await createMatch(page, server.url, 'talat', { variant, seat: 0, options: { firstPlayer: '0' } }); // ruling T1: we place first
  await page.locator('svg.talat').waitFor();
}

/**
 * playOne makes one move by clicking: during setup a tower from the tray and
 * then a marked start cell, in play a movable tower and then a marked cell.
 * It returns the move's text as the move list shows it.
 */
async function playOne(page: Page): Promise<string> {
  const before = await plies(page);
  const tray = page.locator('.talat-tray button[data-kind]:not([disabled])');
  if ((await tray.count()) > 0) {
    const kind = (await tray.first().getAttribute('data-kind'))!;
    await tray.first().click();
    await page.locator(`.talat-tray [data-kind="${kind}"].selected`).waitFor();
    const cell = (await page.locator('[data-cell].target').first().getAttribute('data-cell'))!;
    expect(cell).toMatch(/^B\d\d:[a-e][15]$/); // a start line (§2)
    await page.locator(`[data-cell="${cell}"]`).click();
    await waitPlies(page, before + 1);
    return `${cell}=${kind}`;
  }
  const from = (await page.locator('[data-cell].movable').first().getAttribute('data-cell'))!;
  await page.locator(`[data-cell="${from}"]`).click();
  await page.locator(`[data-cell="${from}"].selected`).waitFor();
  const to = (await page.locator('[data-cell].target').first().getAttribute('data-cell'))!;
  await page.locator(`[data-cell="${to}"]`).click();
  await waitPlies(page, before + 1);
  return `${from}-${to}`;
}

/** checkLayout saves a screenshot and checks there is no horizontal scrolling and the board is on screen. */
async function checkLayout(page: Page, name: string): Promise<void> {
  await checkBothWidths(page, 'svg.talat', name);
  // The triangle fits the screen's height too.
  for (const [width, height] of [[390, 844], [1280, 900]] as const) {
    await page.setViewportSize({ width, height });
    const box = (await page.locator('svg.talat').boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(height);
  }
}

describe('talat in the browser', () => {
  it('places towers by clicking in Talat against two bots, who answer', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors = pageErrors(page);
    try {
      await create(page, 'talat');
      expect(await page.locator('[data-cell]').count()).toBe(75); // three 5×5 boards (§1)
      expect(await page.locator('[data-cell][data-tower^="0"]').count()).toBe(0);
      // Before a tower is chosen, only our start lines are offered: 10 cells (§2).
      expect(await page.locator('[data-cell].target').count()).toBe(10);
      for (let round = 1; round <= 3; round++) {
        await page.locator('.turn.mine').waitFor({ timeout: 15_000 });
        const move = await playOne(page);
        // Our tower stands where we put it; both bots place theirs (T2).
        await page.locator(`[data-cell="${move.split('=')[0]}"][data-tower="0${move.split('=')[1]}"]`).waitFor();
        await waitPlies(page, 3 * round);
        expect(await page.locator('[data-cell][data-tower^="1"]').count()).toBe(round);
        expect(await page.locator('[data-cell][data-tower^="2"]').count()).toBe(round);
      }
      expect(await page.locator('.talat-tray button[data-kind]').count()).toBe(6); // nine minus three placed

      // Round four by keyboard only: Enter on a start cell, then on a kind.
      await page.locator('.turn.mine').waitFor({ timeout: 15_000 });
      const cell = (await page.locator('[data-cell].target').first().getAttribute('data-cell'))!;
      await page.locator(`[data-cell="${cell}"]`).focus();
      await page.keyboard.press('Enter');
      await page.locator(`[data-cell="${cell}"].selected`).waitFor();
      const kind = (await page.locator('.talat-tray button[data-kind]:not([disabled])').first().getAttribute('data-kind'))!;
      await page.locator(`.talat-tray [data-kind="${kind}"]`).focus();
      await page.keyboard.press('Enter');
      await page.locator(`[data-cell="${cell}"][data-tower="0${kind}"]`).waitFor();
      await waitPlies(page, 12);

      // The board speaks Russian too.
      await page.selectOption('select[aria-label="Language"]', 'ru');
      await page.locator('.talat-scores th', { hasText: 'Очки' }).waitFor();
      await page.screenshot({ path: join(resultsDir, 'talat-setup-ru-390.png'), fullPage: true });
      await page.selectOption('select[aria-label="Язык"]', 'en');
      await checkLayout(page, 'talat-setup');
      // The flip puts our corner at the top.
      const cornerY = async () => (await page.locator('svg.talat [data-corner="0"] circle').boundingBox())!.y;
      const low = await cornerY();
      await page.getByRole('button', { name: 'Flip board' }).click();
      await page.locator('svg.talat[data-flipped="true"]').waitFor();
      expect(await cornerY()).toBeLessThan(low);
      await checkLayout(page, 'talat-flipped');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('plays Palat against the bot to the end', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors = pageErrors(page);
    try {
      await create(page, 'palat');
      await page.locator('.talat-turn[data-phase="spirit-setup"]').waitFor();
      // In the spirit's setup we place grey towers on the spirit's lines (§7).
      expect(await page.locator('.talat-tray button[data-kind] .tw-2').count()).toBe(9);
      let mine = 0;
      let sawPlay = false;
      const deadline = Date.now() + palatBudgetMs - 20_000;
      while ((await page.locator('[data-result]').count()) === 0) {
        expect(Date.now(), 'the Palat game did not end in time').toBeLessThan(deadline);
        await page.locator('.turn.mine, [data-result]').first().waitFor({ timeout: 15_000 });
        if ((await page.locator('[data-result]').count()) > 0) break;
        if ((await page.locator('.talat-turn[data-phase="play"]').count()) > 0 && !sawPlay) {
          sawPlay = true;
          await checkLayout(page, 'palat-play');
          await page.setViewportSize({ width: 390, height: 844 });
        }
        await playOne(page);
        mine++;
      }
      expect(sawPlay).toBe(true);
      expect(mine).toBeGreaterThan(17); // at least our share of the 35 placements
      await page.locator('.talat-turn[data-phase="over"]').waitFor();
      // Two boards closed end the game (§6).
      expect(await page.locator('.tboard.closed').count()).toBeGreaterThanOrEqual(2);
      await checkLayout(page, 'palat-over');
      // Every board's name, "closed" included, and every corner's name lie
      // whole inside the picture, in each language (issue 24, defect 8).
      for (const lang of ['en', 'ru', 'uk']) {
        await page.selectOption('label.lang select', lang);
        await page.locator('.talat .board-name').first().waitFor();
        for (const [width, height] of [[390, 844], [1280, 800]] as const) {
          await page.setViewportSize({ width, height });
          const cut = await page.evaluate(() => {
            const svg = document.querySelector<SVGSVGElement>('svg.talat')!;
            const vb = svg.viewBox.baseVal;
            return [...svg.querySelectorAll<SVGTextElement>('text')]
              .filter((el) => {
                const b = el.getBBox();
                return b.x < vb.x || b.y < vb.y || b.x + b.width > vb.x + vb.width || b.y + b.height > vb.y + vb.height;
              })
              .map((el) => el.textContent);
          });
          expect(cut, `${lang} at ${width} px`).toEqual([]);
          await page.screenshot({ path: join(resultsDir, `palat-labels-${lang}-${width}.png`) });
        }
      }
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, palatBudgetMs);
});
