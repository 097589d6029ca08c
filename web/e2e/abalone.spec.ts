// Plays Abalone against the bot in a real browser on a real server: the
// lobby creates the match (layout variants, the marblesToWin option), clicks
// on marbles and arrows, destination cells and the direction pad make the
// moves, the bot answers, and a short game is played to its result.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { join } from 'node:path';
import { pageErrors, checkLayout as fits, createMatch, launch, plies, resultsDir, startServer, waitPlies, type Server } from './harness';
import type { MatchState, UIMove } from '../src/protocol';

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


/** create opens the lobby and starts an Abalone match as Black against the bot. */
async function create(page: Page, opts: { variant?: string; marblesToWin?: number; seat?: number } = {}): Promise<string> {
  // Black (seat 0) moves first (§2).
  const options = opts.marblesToWin === undefined ? undefined : { marblesToWin: String(opts.marblesToWin) };
  const id = await createMatch(page, server.url, 'abalone', { variant: opts.variant, seat: opts.seat ?? 0, options });
  await page.locator('svg.abalone').waitFor();
  return id;
}

async function matchState(id: string): Promise<MatchState> {
  return (await (await fetch(`${server.url}/api/matches/${id}`)).json()) as MatchState;
}

/** marbles reads the board from the page: the cells holding a colour. */
async function marbles(page: Page, colour: 'b' | 'w'): Promise<string[]> {
  const cells = await page.locator(`[data-cell][data-marble="${colour}"]`).evaluateAll((els) => els.map((e) => e.getAttribute('data-cell') ?? ''));
  return cells.sort();
}

/** checkLayout: no horizontal scrolling, and the whole board inside the viewport's width. */
async function checkLayout(page: Page, width: number): Promise<void> {
  expect(page.viewportSize()!.width).toBe(width);
  await fits(page, 'svg.abalone', 'abalone-layout');
  const box = (await page.locator('svg.abalone').boundingBox())!;
  expect(box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
}

/** playByClicks selects the move's marbles on the board (its form's pieces), then clicks the arrow of its direction. */
async function playByClicks(page: Page, form: UIMove): Promise<void> {
  for (const c of form.pieces ?? []) {
    await page.locator(`[data-cell="${c}"]`).click();
    await page.locator(`[data-cell="${c}"].selected`).waitFor();
  }
  await page.locator(`svg .arrow[data-dir="${form.dir}"]`).click();
}

/** hexDistance between two cells in (row, diagonal) coordinates. */
function hexDistance(a: string, b: string): number {
  const dr = a.charCodeAt(0) - b.charCodeAt(0);
  const dn = Number(a[1]) - Number(b[1]);
  return Math.max(Math.abs(dr), Math.abs(dn), Math.abs(dr - dn));
}

/**
 * greedy picks the move a hasty player would: push a marble off if it can,
 * else push, else close in on the enemy marbles. The test's own choice of
 * which listed move to make; the board and server decide the rest.
 */
function greedy(s: MatchState): UIMove {
  const me = s.toMove;
  const pieces = s.board!.position.pieces ?? [];
  const forms = s.board!.moves ?? [];
  let best = forms[0]!;
  let bestScore = -Infinity;
  for (const f of forms) {
    const slides = f.slides ?? [];
    const moved = new Map(slides.map((x) => [x.from, x.to]));
    const after = pieces.flatMap((p) => (moved.has(p.cell) ? (moved.get(p.cell) ? [{ ...p, cell: moved.get(p.cell)! }] : []) : [p]));
    let score = 1000 * (f.off?.length ?? 0) + 20 * slides.filter((x) => x.owner !== me).length;
    const foes = after.filter((p) => p.owner !== me).map((p) => p.cell);
    for (const p of after) if (p.owner === me) score -= Math.min(...foes.map((c) => hexDistance(p.cell, c)));
    if (score > bestScore) {
      bestScore = score;
      best = f;
    }
  }
  return best;
}

describe('abalone in the browser', () => {
  for (const width of [390, 1280]) {
    it(`plays three moves against the bot by clicking (${width} px)`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 844 } });
      const errors = pageErrors(page);
      try {
        await create(page);
        expect(await marbles(page, 'b')).toHaveLength(14);
        expect(await page.locator('[data-cell][data-marble="w"]').count()).toBe(14);
        await checkLayout(page, width);

        // Ply 1: the column a1-b2-c3 by its three marbles and the NE arrow.
        for (const c of ['a1', 'b2', 'c3']) await page.locator(`[data-cell="${c}"]`).click();
        const arrows = await page.locator('svg .arrow').evaluateAll((els) => els.map((e) => e.getAttribute('data-dir')));
        expect(arrows).toContain('NE');
        await page.screenshot({ path: join(resultsDir, `abalone-selected-${width}.png`), fullPage: true });
        await page.locator('svg .arrow[data-dir="NE"]').click();
        await waitPlies(page, 2); // the bot answered
        expect(await page.locator('.move-list [data-ply="1"]').textContent()).toBe('a1b2');
        expect(await page.getAttribute('[data-cell="d4"]', 'data-marble')).toBe('b');
        expect(await page.getAttribute('[data-cell="a1"]', 'data-marble')).toBe('');
        const bot = (await page.locator('.move-list [data-ply="2"]').textContent())!;
        expect(bot).toMatch(/^[a-i][1-9][a-i][1-9]([a-i][1-9])?$/);

        // Ply 3: one marble to the destination cell: b1 to c1 (NW).
        await page.locator('[data-cell="b1"]').click();
        await page.locator('[data-cell="c1"].target').click();
        await waitPlies(page, 4);
        expect(await page.locator('.move-list [data-ply="3"]').textContent()).toBe('b1c1');

        // Ply 5: the direction pad: select a5, press the up-left button.
        await page.locator('[data-cell="a5"]').click();
        await page.locator('.abalone-pad button[data-dir="NW"]').click();
        await waitPlies(page, 6);
        expect(await page.locator('.move-list [data-ply="5"]').textContent()).toBe('a5b5');
        expect(await page.getAttribute('[data-cell="b5"]', 'data-marble')).toBe('b');
        // The last move is marked.
        expect(await page.locator('[data-cell].last-to').count()).toBeGreaterThan(0);
        await checkLayout(page, width);
        await page.screenshot({ path: join(resultsDir, `abalone-${width}.png`), fullPage: true });
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    });
  }

  it('plays from the keyboard (arrows to focus, Space to select, a number for the direction) and by dragging', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      await create(page);
      await page.locator('[data-cell="c3"]').focus();
      await page.keyboard.press('ArrowRight'); // c4
      await page.keyboard.press('Space');
      await page.locator('[data-cell="c4"].selected').waitFor();
      await page.keyboard.press('2'); // up-right: NE, c4 to d5
      await waitPlies(page, 2);
      expect(await page.locator('.move-list [data-ply="1"]').textContent()).toBe('c4d5');

      // A drag with the mouse: b1 pulled up-left is b1 to c1 (NW).
      await page.locator('.turn.mine').waitFor();
      const b1 = (await page.locator('[data-cell="b1"]').boundingBox())!;
      const [x, y] = [b1.x + b1.width / 2, b1.y + b1.height / 2];
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x - b1.width * 0.4, y - b1.height * 0.7, { steps: 4 });
      await page.mouse.up();
      await waitPlies(page, 4);
      expect(await page.locator('.move-list [data-ply="3"]').textContent()).toBe('b1c1');
    } finally {
      await page.close();
    }
  });

  it('turns the board for White, who answers the bot by clicking', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      await create(page, { seat: 1 });
      await waitPlies(page, 1); // the bot, Black, opens
      expect(await page.getAttribute('svg.abalone', 'data-flipped')).toBe('true');
      // White's home row I is at the bottom of the screen.
      const i7 = (await page.locator('[data-cell="i7"]').boundingBox())!;
      const a3 = (await page.locator('[data-cell="a3"]').boundingBox())!;
      expect(i7.y).toBeGreaterThan(a3.y);
      for (const c of ['g5', 'g6', 'g7']) await page.locator(`[data-cell="${c}"]`).click();
      await page.locator('svg .arrow[data-dir="SE"]').click(); // towards Black: g5g7f5
      await waitPlies(page, 3);
      expect(await page.locator('.move-list [data-ply="2"]').textContent()).toBe('g5g7f5');
      expect(await marbles(page, 'w')).toEqual(expect.arrayContaining(['f5', 'f6', 'f7']));
      await checkLayout(page, 390);
      await page.screenshot({ path: join(resultsDir, 'abalone-white-390.png'), fullPage: true });
    } finally {
      await page.close();
    }
  });

  it.each([
    ['belgian-daisy', ['a1', 'a2', 'b1', 'b2', 'b3', 'c2', 'c3', 'g7', 'g8', 'h7', 'h8', 'h9', 'i8', 'i9']],
    ['german-daisy', ['b1', 'b2', 'c1', 'c2', 'c3', 'd2', 'd3', 'f7', 'f8', 'g7', 'g8', 'g9', 'h8', 'h9']],
  ])('starts the %s layout chosen in the lobby (§2) and plays on it', async (variant, black) => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      const id = await create(page, { variant });
      expect(await marbles(page, 'b')).toEqual([...black].sort());
      expect((await matchState(id)).variant).toBe(variant);
      await page.locator('[data-cell="c3"]').click();
      await page.locator('[data-cell="d4"].target').click(); // c3 to d4, NE
      await waitPlies(page, 2);
      expect(await page.getAttribute('[data-cell="d4"]', 'data-marble')).toBe('b');
      await page.screenshot({ path: join(resultsDir, `abalone-${variant}-390.png`), fullPage: true });
    } finally {
      await page.close();
    }
  });

  it('plays a game with marblesToWin=1 to its result', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      const id = await create(page, { marblesToWin: 1 });
      const record = (await (await fetch(`${server.url}/api/matches/${id}/record.json`)).json()) as { options?: Record<string, string> };
      expect(record.options).toEqual({ marblesToWin: '1' });
      const maxTurns = 60; // a greedy pusher against a random bot ends far sooner
      for (let turn = 0; turn < maxTurns; turn++) {
        await page.locator('.turn.mine, [data-result]').first().waitFor({ timeout: 15_000 });
        if ((await page.locator('[data-result]').count()) > 0) break;
        const s = await matchState(id);
        const before = await plies(page);
        await playByClicks(page, greedy(s));
        await page.locator(`.move-list [data-ply="${before + 1}"]`).waitFor({ timeout: 15_000 });
      }
      const banner = page.locator('[data-result]');
      await banner.waitFor({ timeout: 15_000 });
      const final = await matchState(id);
      expect(final.status).toBe('finished');
      expect(final.result?.reason).toBe('push-off');
      // One marble is off: the tray of its colour says so.
      const [offB = 0, offW = 0] = final.board!.position.off ?? [];
      expect(offB + offW).toBe(1);
      const loser = offB === 1 ? 'b' : 'w';
      expect(await page.locator(`[data-off="${loser}"] .count`).textContent()).toBe('1');
      await page.screenshot({ path: join(resultsDir, 'abalone-result-1280.png'), fullPage: true });
    } finally {
      await page.close();
    }
  });
});

describe('abalone labels (issue 24, defect 8)', () => {
  it('draws the coordinates outside the frame at both widths, readable at 390 px, and names the trays "pushed off"', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    try {
      await create(page);
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        // Each coordinate's box: no corner on the frame, all of it inside the picture.
        const bad = await page.evaluate(() => {
          const svg = document.querySelector<SVGSVGElement>('svg.abalone')!;
          const frame = svg.querySelector<SVGPolygonElement>('.frame')!;
          const vb = svg.viewBox.baseVal;
          const out: string[] = [];
          for (const text of svg.querySelectorAll<SVGTextElement>('text.coord')) {
            const b = text.getBBox();
            const corners = [
              [b.x, b.y],
              [b.x + b.width, b.y],
              [b.x, b.y + b.height],
              [b.x + b.width, b.y + b.height],
            ];
            for (const [x, y] of corners) {
              const p = svg.createSVGPoint();
              p.x = x!;
              p.y = y!;
              if (frame.isPointInFill(p) || frame.isPointInStroke(p)) out.push(`${text.textContent} on the frame`);
              if (x! < vb.x || y! < vb.y || x! > vb.x + vb.width || y! > vb.y + vb.height) out.push(`${text.textContent} cut off`);
            }
            if (text.getBoundingClientRect().height < 10) out.push(`${text.textContent} under 10 px high`);
          }
          return [...new Set(out)];
        });
        expect(bad, `at ${width} px`).toEqual([]);
        expect(await page.locator('text.coord').count()).toBe(18);
        await page.screenshot({ path: join(resultsDir, `abalone-coords-${width}.png`) });
      }
      const want: [string, RegExp, RegExp][] = [
        ['en', /^White marbles pushed off\s*0$/, /^Black marbles pushed off\s*0$/],
        ['ru', /^Белые: вытолкнуто шаров\s*0$/, /^Чёрные: вытолкнуто шаров\s*0$/],
        ['uk', /^Білі: виштовхнуто куль\s*0$/, /^Чорні: виштовхнуто куль\s*0$/],
      ];
      for (const [lang, w, b] of want) {
        await page.selectOption('label.lang select', lang);
        await expect.poll(async () => (await page.locator('[data-off="w"]').innerText()).replace(/\s+/g, ' ').trim()).toMatch(w);
        expect((await page.locator('[data-off="b"]').innerText()).replace(/\s+/g, ' ').trim()).toMatch(b);
      }
    } finally {
      await page.close();
    }
  });
});
