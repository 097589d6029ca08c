// The analysis board, the game review and the puzzles (issue 23) in a real
// browser on a real server: a finished Pathagon game with a planted
// blunder is reviewed and the blunder is marked with the winning move; a
// puzzle is solved by clicking the board; a position set up in the editor
// is refused with the parser's reason when impossible and analysed when
// legal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { join } from 'node:path';
import { createMatch, fits, launch, pageErrors, replyMs, resultsDir, startServer, type Server } from './harness';

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

// Shipped puzzle pathagon-30: after these 20 plies Light wins at once with
// d2; b7 instead throws the win away (Dark then wins by force).
const record = ['a7', 'a1', 'c1', 'b1', 'd1', 'a4', 'c5', 'd2', 'd6', 'f2', 'd5', 'g2', 'd3xd2', 'c2', 'c4', 'b2', 'c3xc2', 'e2', 'd7', 'c2'];
const position = 'L..L.../...L.../..LL.../D.L..../..LL.../.DD.DDD/DDLL... l 4 6 -,- - 20';
// Shipped puzzle talat-1 (Palat): seat 0 to move, B01 closed.
const palat =
  'palat 0 B01=...1L31S6/.0L3.../...1S4./...../0L41S3... B02=...../.0S6.../...0M42S3/...../..0L60M6. B12=...../.1M6..1M3/...../...2M32L6/1L6.... reserve=-/-/- taken=1M4,1L4,2S4,2S6,2M6/0S3,0S4,0M3,2L3,2L4 closed=B01';

async function toMove(id: string): Promise<number> {
  return ((await (await fetch(`${server.url}/api/matches/${id}`)).json()) as { toMove: number }).toMove;
}

/** play enters moves by the move box of whichever page is to move. */
async function play(pages: Page[], id: string, moves: string[]): Promise<void> {
  for (const [i, move] of moves.entries()) {
    const page = pages[await toMove(id)]!;
    await page.locator('.turn.mine').waitFor({ timeout: replyMs });
    await page.fill('input[name="move"]', move);
    await page.click('.move-input button[type="submit"]');
    await pages[0]!.locator(`.move-list [data-ply="${i + 1}"]`).waitFor({ timeout: replyMs });
  }
}

describe('analysis, review and puzzles', () => {
  it('reviews a finished game and marks the planted blunder with the better move', async () => {
    const a = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    const b = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    try {
      const id = await createMatch(a, server.url, 'pathagon', { opponent: '', seat: 0 });
      await b.goto(`${server.url}/match/${id}`);
      await b.locator('.seat-offer button').click();
      await b.locator('input[name="move"]').waitFor();
      await play([a, b], id, [...record, 'b7']);
      // The blunderer gives up: the game is over, as the review needs.
      a.once('dialog', (d) => void d.accept());
      await a.locator('button.danger').click();
      await a.locator('[data-summary]').waitFor({ timeout: replyMs });
      await a.click('[data-summary] a[href^="/analysis/match/"]');
      await a.waitForURL(/\/analysis\/match\//);
      await a.click('[data-review-start]');
      const blunder = a.locator('[data-review-move="b7"][data-class="blunder"]');
      await blunder.waitFor({ timeout: 55_000 });
      expect(await blunder.getAttribute('data-best')).toBe('d2');
      expect(await blunder.textContent()).toContain('better was d2');
      expect(await a.locator('[data-accuracy] dd').count()).toBe(2);
      // Clicking the blunder shows the position before it, where the engine names d2.
      await a.screenshot({ path: join(resultsDir, 'review-1280.png'), fullPage: true });
      await blunder.locator('button').click();
      await a.locator('[data-engine-lines] li[data-line="d2"]').first().waitFor({ timeout: replyMs });
      expect(pageErrors(a)).toEqual([]);
    } finally {
      await a.close();
      await b.close();
    }
  }, 150_000); // the review searches 22 positions at the server's default budget on a shared machine

  it('solves a puzzle by clicking the winning cell', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    try {
      await page.goto(`${server.url}/puzzles/pathagon?id=pathagon-30`);
      await page.locator('[data-puzzle="pathagon-30"] [data-cell="d2"]').waitFor({ timeout: replyMs });
      // A wrong cell first: the page says so and the puzzle goes on.
      await page.click('[data-cell="e7"]');
      await page.locator('[data-puzzle-status="wrong"]').waitFor();
      await page.click('[data-cell="d2"]');
      await page.locator('[data-puzzle-status="solved"]').waitFor();
      await fits(page, '.puzzles');
      await page.screenshot({ path: join(resultsDir, 'puzzle-390.png'), fullPage: true });
      expect(await page.locator('[data-streak]').textContent()).toContain('Streak: 0');
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('sets up a position in the editor: a clear error for an impossible one, the engine lines for a legal one', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    try {
      await page.goto(`${server.url}/analysis/pathagon`);
      await page.click('[data-edit-toggle]');
      await page.fill('[data-editor-text]', 'L..L.../nonsense l 4 6');
      await page.click('[data-editor-load]');
      const err = page.locator('[data-editor-error]');
      await err.waitFor();
      expect(await err.textContent()).toMatch(/cannot be analysed.*\(/);
      // A piece placed by clicking the grid breaks the piece count: the
      // server's parser says so.
      await page.fill('[data-editor-text]', position);
      await page.click('[data-edit-cell="0-1"]');
      expect(await page.inputValue('[data-editor-text]')).toMatch(/^LL\.L/);
      await page.click('[data-editor-load]');
      await page.locator('[data-editor-error]', { hasText: 'in reserve' }).waitFor();
      // Two more clicks (dark, then empty) restore the position, which is set up.
      await page.click('[data-edit-cell="0-1"]');
      await page.click('[data-edit-cell="0-1"]');
      expect(await page.inputValue('[data-editor-text]')).toBe(position);
      await page.click('[data-editor-load]');
      await page.locator('[data-engine-lines] li').first().waitFor({ timeout: replyMs });
      await page.locator('[data-eval]', { hasText: 'wins in 1' }).waitFor({ timeout: replyMs });
      expect(await page.locator('[data-engine-lines] li').first().getAttribute('data-line')).toBe('d2');
      expect(await page.locator('[data-engine-stats]').textContent()).toMatch(/depth \d+/);
      await page.screenshot({ path: join(resultsDir, 'analysis-1280.png'), fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await fits(page, '.analysis');
      // The shared link reopens the position.
      const link = await page.locator('[data-share-link]').getAttribute('href');
      expect(link).toContain('position=');
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('edits a Palat position by clicking towers onto cells, and names the parser’s reason for a Palago text', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    try {
      await page.goto(`${server.url}/analysis/talat`);
      await page.click('[data-edit-toggle]');
      await page.fill('[data-editor-text]', palat);
      await page.locator('[data-talat-editor]').waitFor();
      // Take seat 0's L3 off B01 b2: it goes to seat 1's captures.
      await page.selectOption('[data-edit-brush]', '');
      await page.click('[data-edit-talat="0-1-1"]');
      expect(await page.inputValue('[data-editor-text]')).toContain('taken=1M4,1L4,2S4,2S6,2M6/0S3,0S4,0M3,2L3,2L4,0L3');
      // Put it back with the brush: the position is the puzzle's again and loads.
      await page.selectOption('[data-edit-brush]', '0L3');
      await page.click('[data-edit-talat="0-1-1"]');
      expect(await page.inputValue('[data-editor-text]')).toBe(palat);
      await page.click('[data-editor-load]');
      await page.locator('[data-engine-lines] li').first().waitFor({ timeout: replyMs });
      // Palago has no grid: its text is loaded as typed, and refused with the parser's reason.
      await page.selectOption('[data-analysis-game]', 'palago');
      await page.click('[data-edit-toggle]');
      expect(await page.locator('[data-grid-editor], [data-talat-editor]').count()).toBe(0);
      await page.fill('[data-editor-text]', 'p3');
      await page.click('[data-editor-load]');
      await page.locator('[data-editor-error]').waitFor();
      expect(await page.locator('[data-editor-error]').textContent()).toMatch(/cannot be analysed.*\(.*p3/);
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
