// The shared match experience in a real browser: flip, sound switch,
// analysis of past plies in a live game, resigning into the game-over
// summary, stepping through the replay with the keyboard, the rules pages
// in every language, and the layout at phone and desktop widths.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { join } from 'node:path';
import { pageErrors, fits, launch, resultsDir, startServer, waitPlies, type Server } from './harness';

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

const widths = [390, 1280];

async function pieces(page: Page): Promise<number> {
  return page.locator('[data-cell][data-piece="L"], [data-cell][data-piece="D"]').count();
}

describe('the match shell', () => {
  it('lobby and rules pages fit at 390 and 1280 px, in English, Russian and Ukrainian', async () => {
    for (const width of widths) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      try {
        await page.goto(server.url + '/');
        await page.locator('select[name="game"]').waitFor();
        await fits(page, 'form.create');
        await page.screenshot({ path: join(resultsDir, `shell-lobby-${width}.png`), fullPage: true });

        // The lobby links the chosen game's rules.
        await page.selectOption('select[name="game"]', 'pathagon');
        await page.locator('form.create .rules-link').click();
        await page.waitForURL(/\/rules\/pathagon$/);
        await page.getByRole('heading', { level: 1, name: 'Rules of Pathagon' }).waitFor();
        // The illustration is the real board, drawn read-only.
        await page.locator('.rules-figure svg.pathagon').waitFor();
        expect(await page.locator('.rules-figure [data-cell="d4"].forbidden').count()).toBe(1);
        expect(await page.locator('.rules-figure [tabindex="0"]').count()).toBe(0);
        await fits(page, '.rules-figure svg');
        await page.screenshot({ path: join(resultsDir, `shell-rules-en-${width}.png`), fullPage: true });

        await page.selectOption('header select', 'ru');
        await page.getByRole('heading', { level: 1, name: 'Правила игры «Pathagon»' }).waitFor();
        await fits(page, '.rules-figure svg');
        await page.screenshot({ path: join(resultsDir, `shell-rules-ru-${width}.png`), fullPage: true });
        await page.selectOption('header select', 'uk');
        await page.getByRole('heading', { level: 1, name: 'Правила гри «Pathagon»' }).waitFor();
        await fits(page, '.rules-figure svg');
        await page.screenshot({ path: join(resultsDir, `shell-rules-uk-${width}.png`), fullPage: true });
        await page.selectOption('header select', 'ru');

        // Every game has a page; the choice of language is remembered.
        await page.goto(server.url + '/rules');
        await page.locator('.rules-index a').first().waitFor();
        const games = await page.locator('.rules-index a').count();
        expect(games).toBe(7);
        await page.getByRole('link', { name: 'Вилла Палетти' }).click();
        await page.getByRole('heading', { level: 1, name: 'Правила игры «Вилла Палетти»' }).waitFor();
        await fits(page, '.rules-figure');
        await page.selectOption('header select', 'en');
        await page.getByRole('heading', { level: 1, name: 'Rules of Villa Paletti' }).waitFor();
      } finally {
        await page.close();
      }
    }
  });

  it('flips, mutes, analyses, resigns into the summary and replays with the keyboard', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors = pageErrors(page);
    page.on('dialog', (d) => void d.accept());
    try {
      await page.goto(server.url + '/');
      await page.selectOption('select[name="game"]', 'pathagon');
      await page.selectOption('select[name="seat"]', '0');
      await page.click('form.create button[type="submit"]');
      await page.locator('svg.pathagon').waitFor();

      // Three moves by clicking; the bot answers each, and its move is announced.
      for (const ply of [1, 3, 5]) {
        await page.locator('[data-cell].target').first().click();
        await waitPlies(page, ply + 1);
      }
      await page.locator('[data-announce]').getByText(/^Dark played \S+\. Your move\.$/).waitFor();

      // Flip: a7 moves from the top left to the bottom right, and the choice
      // survives a reload.
      const y = async (cell: string) => (await page.locator(`[data-cell="${cell}"]`).boundingBox())!.y;
      expect(await y('a7')).toBeLessThan(await y('a1'));
      await page.getByRole('button', { name: 'Flip board' }).click();
      await page.locator('svg.pathagon[data-flipped="true"]').waitFor();
      expect(await y('a7')).toBeGreaterThan(await y('a1'));
      await page.reload();
      await page.locator('svg.pathagon[data-flipped="true"]').waitFor();
      await page.screenshot({ path: join(resultsDir, 'shell-flipped-390.png'), fullPage: true });
      await page.getByRole('button', { name: 'Flip board' }).click();
      await page.locator('svg.pathagon:not([data-flipped])').waitFor();

      // Sound off, remembered.
      await page.getByRole('button', { name: 'Sound on' }).click();
      await page.getByRole('button', { name: 'Sound off' }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('tabula.sound'))).toBe('off');

      // Analysis of a past ply in the live game: read-only, then back.
      await page.locator('h3').first().click(); // focus leaves the move box
      await page.keyboard.press('ArrowLeft');
      await page.locator('.replay[data-ply="5"]').waitFor();
      await page.getByText('Viewing an earlier position; the game goes on.').waitFor();
      expect(await page.locator('[data-cell].target').count()).toBe(0);
      await page.getByRole('button', { name: 'Back to the game' }).click();
      await page.locator('.replay[data-ply="6"]').waitFor();
      await page.locator('[data-cell].target').first().waitFor();
      await fits(page, 'svg.pathagon');

      // Resign: the summary says who won, how, and how many moves.
      await page.getByRole('button', { name: 'Resign' }).click();
      const summary = page.locator('[data-summary]');
      await summary.getByText('You lose').waitFor();
      await summary.getByText('by resignation').waitFor();
      expect(await summary.locator('[data-summary-moves]').textContent()).toBe('6');
      await summary.locator('[data-summary-duration]').getByText(/^\d+:\d\d$/).waitFor();
      await page.locator('[data-announce]').getByText(/You lose/).waitFor();
      expect(await summary.getByRole('button', { name: 'Rematch' }).count()).toBe(1);
      expect(await summary.getByRole('link', { name: 'New game' }).count()).toBe(1);
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 });
        await fits(page, 'svg.pathagon');
        await fits(page, '[data-summary]');
        await page.screenshot({ path: join(resultsDir, `shell-summary-${width}.png`), fullPage: true });
      }
      await page.setViewportSize({ width: 390, height: 844 });

      // The replay, from the start, by the keyboard.
      await summary.getByRole('button', { name: 'Replay the game' }).click();
      await page.locator('.replay[data-ply="0"]').waitFor();
      expect(await pieces(page)).toBe(0);
      await page.keyboard.press('ArrowRight');
      await page.locator('.replay[data-ply="1"]').waitFor();
      expect(await pieces(page)).toBe(1);
      await page.keyboard.press('ArrowRight');
      await page.locator('.replay[data-ply="2"]').waitFor();
      expect(await pieces(page)).toBe(2);
      await page.keyboard.press('ArrowLeft');
      await page.locator('.replay[data-ply="1"]').waitFor();
      expect(await pieces(page)).toBe(1);
      await page.keyboard.press('End');
      await page.locator('.replay[data-ply="6"]').waitFor();
      await page.keyboard.press('Home');
      await page.locator('.replay[data-ply="0"]').waitFor();
      // A click on a move in the list jumps there.
      await page.locator('.move-list [data-ply="4"]').click();
      await page.locator('.replay[data-ply="4"]').waitFor();
      await page.screenshot({ path: join(resultsDir, 'shell-replay-390.png'), fullPage: true });

      // The rules link on the match page.
      await page.getByRole('link', { name: 'Rules', exact: true }).last().click();
      await page.getByRole('heading', { level: 1, name: 'Rules of Pathagon' }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('has a skip link that moves focus to the content', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      await page.goto(server.url + '/');
      await page.locator('select[name="game"]').waitFor();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    } finally {
      await page.close();
    }
  });
});
