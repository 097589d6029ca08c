// Plays Villa Paletti against a bot in a real browser on a real server: the
// lobby creates a 2-player game, the player takes column moves by clicking
// the 3D view (aiming with the view's own projection) and the SVG top view,
// and the bot's replies appear. The layout is checked at 390 and 1280 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { checkBothWidths, checkLayout as fits, createMatch, launch, pageErrors, plies, replyMs, resultsDir, startServer, type Server } from './harness';
import { join } from 'node:path';

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

/** A 2-player game against the random bot: about 32 plies (tabula match villapaletti --a random --b random). */
const gameBudgetMs = 150_000;

async function create(page: Page): Promise<void> {
  await createMatch(page, server.url, 'villapaletti', { players: 2, opponent: 'random', seat: 0 });
  await page.locator('.villa').waitFor();
}

/** myTurn waits until the player is to move, and returns the number of plies so far. */
async function myTurn(page: Page): Promise<number> {
  await page.locator('.turn.mine').waitFor({ timeout: replyMs });
  return plies(page);
}

/** options lists the values of a select's non-empty options. */
async function options(page: Page, name: string): Promise<string[]> {
  return page.locator(`select[name="${name}"] option`).evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value).filter((v) => v !== ''));
}

/**
 * ourMoveAnswered waits for our move (ply before+1), checks it moved the
 * column picked, then waits for the bot's reply or our next turn: after
 * some random replies the rules hand us the next step too.
 */
async function ourMoveAnswered(page: Page, before: number, column: string): Promise<void> {
  await page.locator(`.move-list [data-ply="${before + 1}"]`).waitFor({ timeout: replyMs });
  expect((await page.locator(`.move-list [data-ply="${before + 1}"]`).textContent()) ?? '').toMatch(new RegExp(`^${column}:\\d+>`));
  await page.locator(`.move-list [data-ply="${before + 2}"], [data-result], .turn.mine`).first().waitFor({ timeout: replyMs });
}

/** columnAt reads a column's level and centre from the position text. */
async function columnAt(page: Page, id: string): Promise<{ level: number; x: number; y: number }> {
  const text = (await page.locator('[data-position]').textContent()) ?? '';
  const m = new RegExp(`${id} (\\d+) \\((-?[\\d.]+),(-?[\\d.]+)\\)`).exec(text);
  expect(m, `${id} in ${text}`).not.toBeNull();
  return { level: Number(m![1]), x: Number(m![2]), y: Number(m![3]) };
}

async function project(page: Page, x: number, y: number, z: number): Promise<{ x: number; y: number }> {
  return page.locator('.villa-3d').evaluate(
    (el, p) => (el as unknown as { villaProject(x: number, y: number, z: number): { x: number; y: number } }).villaProject(p.x, p.y, p.z),
    { x, y, z },
  );
}

/** checkLayout checks the villa's view at the page's width (the name's suffix is the width). */
async function checkLayout(page: Page, _width: number, name: string): Promise<void> {
  await fits(page, '.villa-view', `villa-${name.replace(/-\d+$/, '')}`);
}

describe('villa paletti in the browser', () => {
  it('plays three column moves by clicking the 3D view against the bot (1280 px)', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = pageErrors(page);
    try {
      await create(page);
      await page.locator('.villa-3d[data-ready="yes"] canvas').waitFor({ timeout: 20_000 });
      const first = await plies(page);
      for (let move = 0; move < 3; move++) {
        const before = await myTurn(page);
        // Pick: click the middle of a listed column in the canvas until one is picked
        // (another column may stand in front of it from this angle).
        const columns = await options(page, 'villa-column');
        expect(columns.length).toBeGreaterThan(0);
        let picked = '';
        for (const id of columns) {
          const c = await columnAt(page, id);
          const p = await project(page, c.x, c.y, 50 * c.level + 22.5);
          await page.mouse.click(p.x, p.y);
          picked = await page.locator('select[name="villa-column"]').inputValue();
          if (picked) break;
        }
        expect(picked, 'no column could be picked in the 3D view').not.toBe('');
        // Place: click the point of the first listed target on the top floor.
        const target = (await options(page, 'villa-target')).find((t) => /\(-?[\d.]+,-?[\d.]+\)$/.test(t));
        expect(target).toBeDefined();
        const [, x, y] = /\((-?[\d.]+),(-?[\d.]+)\)$/.exec(target!)!;
        const top = await page.locator('[data-position]').evaluate((el) => ((el.textContent ?? '').split(';')[0]!.match(/\(/g) ?? []).length);
        const p = await project(page, Number(x), Number(y), 50 * top);
        await page.mouse.click(p.x, p.y);
        await ourMoveAnswered(page, before, picked);
      }
      // The bot moved in between: more plies than our three.
      await page.locator(`.move-list [data-ply="${first + 4}"], [data-result]`).first().waitFor({ timeout: replyMs });
      // The flip walks the camera half way round: a point right of the
      // centre moves to the other side of the screen, and back.
      const east = await project(page, 100, 0, 0);
      const centre = await project(page, 0, 0, 0);
      await page.getByRole('button', { name: 'Flip board' }).click();
      await page.waitForTimeout(200);
      const turned = await project(page, 100, 0, 0);
      const turnedCentre = await project(page, 0, 0, 0);
      expect(Math.sign(turned.x - turnedCentre.x)).toBe(-Math.sign(east.x - centre.x));
      await page.getByRole('button', { name: 'Flip board' }).click();
      await page.waitForTimeout(200);
      expect((await project(page, 100, 0, 0)).x).toBeCloseTo(east.x, 0);
      await checkLayout(page, 1280, '3d-1280');
      await page.locator('.villa-modes button').click(); // to the top view
      await page.locator('svg.villa-top').waitFor();
      await checkLayout(page, 1280, 'top-1280');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('plays three column moves by clicking the top view against the bot (390 px)', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors = pageErrors(page);
    try {
      await create(page);
      await page.locator('.villa-3d[data-ready="yes"] canvas').waitFor({ timeout: 20_000 });
      await checkLayout(page, 390, '3d-390');
      await page.locator('.villa-modes button').click();
      await page.locator('svg.villa-top').waitFor();
      const first = await plies(page);
      for (let move = 0; move < 3; move++) {
        const before = await myTurn(page);
        const handle = page.locator('svg.villa-top .villa-handle').first();
        const id = (await handle.getAttribute('data-column'))!;
        await handle.click();
        await page.locator(`.villa-handle.picked[data-column="${id}"]`).waitFor();
        // A listed target dot: the click plays exactly that listed move.
        await page.locator('svg.villa-top .villa-target').first().click();
        await ourMoveAnswered(page, before, id);
      }
      // The bot moved in between: more plies than our three.
      await page.locator(`.move-list [data-ply="${first + 4}"], [data-result]`).first().waitFor({ timeout: replyMs });
      await checkLayout(page, 390, 'top-390');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('plays a 2-player game to its end on the top view, flipped, by clicking the board and its controls (390 px)', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors = pageErrors(page);
    try {
      await create(page);
      await page.locator('.villa-3d[data-ready="yes"] canvas').waitFor({ timeout: 20_000 });
      await page.locator('.villa-modes button').click();
      await page.locator('svg.villa-top').waitFor();
      await page.getByRole('button', { name: 'Flip board' }).click();
      await page.locator('svg.villa-top[data-flipped="true"]').waitFor();
      const deadline = Date.now() + gameBudgetMs - 20_000;
      const kinds = new Set<string>();
      for (;;) {
        expect(Date.now(), 'the villa game did not end in time').toBeLessThan(deadline);
        await page.locator('.turn.mine, [data-result]').first().waitFor({ timeout: replyMs });
        if ((await page.locator('[data-result]').count()) > 0) break;
        const before = await plies(page);
        const handle = page.locator('svg.villa-top .villa-handle');
        if ((await handle.count()) > 0 && (await page.locator('.villa-controls select[name="villa-column"]').count()) > 0) {
          // A column move: the column's handle, then a listed target dot, on the turned view.
          await handle.first().click();
          await page.locator('svg.villa-top .villa-target').first().click();
          kinds.add('column');
        } else if ((await page.locator('select[name="villa-floor"]').count()) > 0) {
          // A floor: the first listed pose, proposed (or placed) with the board's button.
          const pose = await page.locator('select[name="villa-floor"] option').nth(1).getAttribute('value');
          await page.selectOption('select[name="villa-floor"]', pose!);
          await page.locator(`.villa-controls button[data-move="${pose}"]`).click();
          kinds.add('floor');
        } else {
          // Accept a proposal, or remove a column: the board's buttons.
          await page.locator('.villa-controls button[data-move]').first().click();
          kinds.add('button');
        }
        await page.locator(`.move-list [data-ply="${before + 1}"], [data-result]`).first().waitFor({ timeout: replyMs });
      }
      expect(kinds.has('column')).toBe(true);
      await page.locator('[data-result]').waitFor();
      await page.locator('svg.villa-top[data-flipped="true"]').waitFor();
      await checkBothWidths(page, '.villa-view', 'villa-over');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, gameBudgetMs);
});

describe('villa camera (issue 24, defect 14)', () => {
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    it(`frames the whole foundation and fills the picture at ${width} px`, async () => {
      const page = await browser.newPage({ viewport: { width, height } });
      try {
        await create(page);
        await page.locator('.villa-3d[data-ready="yes"] canvas').waitFor({ timeout: 20_000 });
        const r = (await page.locator('.villa-3d canvas').boundingBox())!;
        // The foundation's rim, top and bottom, all round (115 mm, 8 mm thick), and the columns' tops at the start (45 mm).
        const pts: { x: number; y: number }[] = [];
        for (let i = 0; i < 24; i++) {
          const a = (i / 24) * 2 * Math.PI;
          for (const z of [0, -8]) pts.push(await project(page, 115 * Math.cos(a), 115 * Math.sin(a), z));
        }
        pts.push(await project(page, 0, 0, 45));
        const xs = pts.map((p) => p.x);
        const ys = pts.map((p) => p.y);
        const cut = pts.filter((p) => p.x < r.x || p.x > r.x + r.width || p.y < r.y || p.y > r.y + r.height);
        expect(cut, 'foundation points outside the picture').toEqual([]);
        // The scene fills most of the picture: at least 80 % of its width or height, and neither margin above or below is a third of it.
        const spanX = (Math.max(...xs) - Math.min(...xs)) / r.width;
        const spanY = (Math.max(...ys) - Math.min(...ys)) / r.height;
        expect(Math.max(spanX, spanY), `spans ${spanX.toFixed(2)} × ${spanY.toFixed(2)}`).toBeGreaterThanOrEqual(0.8);
        expect((Math.min(...ys) - r.y) / r.height, 'empty above').toBeLessThan(1 / 3);
        expect((r.y + r.height - Math.max(...ys)) / r.height, 'empty below').toBeLessThan(1 / 3);
        await page.screenshot({ path: join(resultsDir, `villa-camera-${width}.png`) });
      } finally {
        await page.close();
      }
    });
  }
});
