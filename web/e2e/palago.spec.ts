// Plays the Palago family in a real browser on a real server: Palago
// against a bot (two-tile moves with previews and a confirm step),
// Palagonia with bots in the other seats (dice, placements, remove/rotate),
// and Palaboratory's green task 1 → 2 to the solved state by clicking.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { checkBothWidths, checkLayout, createMatch, launch, pageErrors, plies, startServer, waitPlies, type CreateOptions, type Server } from './harness';

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

/** create opens the lobby and creates the match in seat 0. */
const create = (page: Page, game: string, o: CreateOptions = {}) => createMatch(page, server.url, game, o);
const layout = checkLayout;

/** narrow tells whether the page is phone-sized: previews show only at the selected cell there (palago.css). */
const narrow = (page: Page) => page.viewportSize()!.width <= 640;

/**
 * pickTile places one tile as the player would at this width: at 1280 px a
 * click on an orientation preview; on a phone a tap on a target cell, then
 * an orientation in the picker.
 */
async function pickTile(page: Page): Promise<void> {
  if (!narrow(page)) {
    await page.locator('[data-pick]').first().click();
    return;
  }
  await page.locator('.targets [data-cell]').first().click();
  await page.locator('.picker [data-orient]').first().click();
}

describe('the Palago family in the browser', () => {
  for (const width of [390, 1280]) {
    it(`Palago: two-tile moves by clicking, with confirm, against the bot (${width} px)`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const errors = pageErrors(page);
      try {
        await create(page, 'palago', { options: { firstPlayer: 'p1' } });
        await page.locator('.palago-board svg.plane').waitFor();
        await page.locator('.turn.mine').waitFor({ timeout: 20_000 });
        const visiblePreviews = () => page.locator('[data-pick]').evaluateAll((els) => els.filter((e) => (e as SVGGraphicsElement).getBoundingClientRect().width > 0).length);
        if (narrow(page)) {
          // On a phone: no previews until a cell is chosen, then only that cell's.
          expect(await visiblePreviews()).toBe(0);
          const cell = page.locator('.targets [data-cell]').first();
          const key = (await cell.getAttribute('data-cell'))!;
          await cell.click();
          await page.locator('.picker [data-orient]').first().waitFor();
          const shown = await page.locator('[data-pick]').evaluateAll((els) =>
            els.filter((e) => (e as SVGGraphicsElement).getBoundingClientRect().width > 0).map((e) => e.getAttribute('data-pick')!),
          );
          expect(shown.length).toBeGreaterThan(0);
          expect(shown.every((k) => k.startsWith(key + ':'))).toBe(true);
          await layout(page, '.palago-board svg.plane', 'palago-picker');
          await page.locator('.picker button.secondary').click();
        } else {
          expect(await visiblePreviews()).toBeGreaterThan(0);
        }
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
            await pickTile(page);
          }
          await page.locator('[data-ghost]').first().waitFor();
          await pickTile(page);
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

  it('Palago: an 8-tile game played to its end by clicking, flipped (390 px, then 1280 px)', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors = pageErrors(page);
    try {
      // tiles=8 (G5's smallest supply): two two-tile moves each, then the supply is out.
      await create(page, 'palago', { options: { firstPlayer: 'p1', tiles: '8' } });
      await page.locator('.palago-board svg.plane').waitFor();
      await page.getByRole('button', { name: 'Flip board' }).click();
      await page.locator('.palago-board svg.plane[data-flipped="true"]').waitFor();
      let mine = 0;
      for (let turn = 0; turn < 8; turn++) {
        await page.locator('.turn.mine, [data-result]').first().waitFor({ timeout: 20_000 });
        if ((await page.locator('[data-result]').count()) > 0) break;
        const before = await plies(page);
        await pickTile(page);
        await page.locator('[data-ghost]').first().waitFor();
        if ((await page.locator('.palago-single').count()) > 0 && (await page.locator('[data-pick]').count()) === 0) {
          await page.locator('.palago-single').click(); // the last tile of the supply
        } else {
          await pickTile(page);
          await page.locator('.palago-confirm').click();
        }
        mine++;
        await waitPlies(page, before + 1);
      }
      await page.locator('[data-result]').waitFor({ timeout: 20_000 });
      expect(mine).toBeGreaterThanOrEqual(2);
      expect(await page.locator('[data-tile]').count()).toBeLessThanOrEqual(8);
      await checkBothWidths(page, '.palago-board svg.plane', 'palago-over');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('Palagonia: plays the moves its turns ask for (dice, placements, remove or rotate) with bots in the other seats', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 900 } });
    const errors = pageErrors(page);
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
        else if ((await page.locator('[data-pick]').count()) > 0) await pickTile(page);
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
      await checkBothWidths(page, '.palagonia-board svg.plane', 'palagonia');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('Palagonia: the score sheet lists every player\'s creatures with shells and limbs, from the server\'s forms (a Go-made game, 390 and 1280 px)', async () => {
    // A 4-player game the Go rules played until creatures scored, with the
    // board forms the server sends (src/boards/testdata/board-forms.json,
    // written by web/board_forms_test.go), served to the real page in place
    // of a live match over the match socket. The sheet is the server's.
    const golden = JSON.parse(readFileSync(resolve(import.meta.dirname, '../src/boards/testdata/board-forms.json'), 'utf8')) as {
      name: string;
      position: string;
      moves: string[];
      board: { position: { scores: number[] } };
    }[];
    const g = golden.find((x) => x.name === 'palagonia scored')!;
    const players = g.board.position.scores.length;
    const id = 'm_golden';
    const seats = Array.from({ length: players }, (_, i) => ({ seat: i, name: `p${i + 1}`, kind: i === 0 ? 'human' : 'bot', bot: i === 0 ? undefined : 'random', taken: true, connected: true }));
    const state = {
      match: id, game: 'palagonia', variant: 'standard', players, version: g.moves.length + 1, status: 'live', position: g.position,
      toMove: -2, legal: [], moves: g.moves, seats, offers: { draw: [], takeback: -1, rematch: [] }, board: { ...g.board, moves: [] },
    };
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors = pageErrors(page);
    try {
      await page.route(`**/api/matches/${id}`, (r) => r.fulfill({ json: state }));
      await page.routeWebSocket(/\/ws\/matches\//, (ws) => {
        ws.onMessage((m) => {
          const msg = JSON.parse(String(m)) as { type: string };
          if (msg.type === 'hello') ws.send(JSON.stringify({ type: 'welcome', version: state.version, seat: 0, state }));
          if (msg.type === 'ping') ws.send(JSON.stringify({ type: 'pong', version: state.version }));
        });
      });
      await page.goto(`${server.url}/match/${id}`);
      await page.locator('.palagonia-board .scored-creature').first().waitFor();
      const scores = g.board.position.scores;
      expect(scores.some((n) => n > 0)).toBe(true);
      for (let i = 0; i < players; i++) {
        const row = page.locator(`[data-score-seat="${i}"]`);
        const points = await row.locator('.scored-creature').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-creature'))));
        expect(points.reduce((a, b) => a + b, 0), `seat ${i}`).toBe(scores[i]);
      }
      const first = page.locator('.scored-creature').first();
      expect(await first.textContent()).toMatch(/shells \d+ \+ limbs \d+ = \d+/);
      await first.hover();
      await page.locator('.ptile .hilite').first().waitFor();
      await checkBothWidths(page, '.palagonia-board svg.plane', 'palagonia-sheet');
      await page.selectOption('select[aria-label="Language"]', 'ru');
      await page.getByText('Засчитанные существа').waitFor();
      expect(await first.textContent()).toMatch(/оболочек \d+ \+ отростков \d+ = \d+/);
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
      await pickTile(page);
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

  for (const width of [390, 1280]) {
    it(`Palaboratory's free build shows its board, places tiles by clicking and finishes (defect 1, ${width} px)`, async () => {
      const page = await browser.newPage({ viewport: { width, height: width === 390 ? 844 : 800 }, locale: 'en-US' });
      try {
        await create(page, 'palaboratory', { variant: 'free' });
        await page.locator('.palaboratory-board svg.plane').waitFor();
        expect(await page.locator('pre.position').count(), 'the position text instead of a board').toBe(0);
        expect(await page.locator('.lab-task').textContent()).toMatch(/^Free build/);
        for (let n = 1; n <= 2; n++) {
          await pickTile(page);
          await page.locator('[data-tile]').nth(n - 1).waitFor();
          expect(await page.locator('[data-tile]').count()).toBe(n);
        }
        // Adding tiles is free.
        expect(await page.locator('.lab-counter').getAttribute('data-moves')).toBe('0');
        await layout(page, '.palaboratory-board svg.plane', 'palaboratory-free');
        await page.locator('.lab-done').click();
        await page.locator('[data-summary] [data-result="win"]').waitFor();
        expect((await page.locator('[data-summary] [data-result]').textContent())?.trim()).toBe('Build finished');
        expect(await page.locator('[data-summary] .facts').textContent()).toMatch(/Points\d+/);
      } finally {
        await page.close();
      }
    });
  }
});
