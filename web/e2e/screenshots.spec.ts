// Every board at 1280×800 and 390×844, light and dark (issue 24, "Must
// show"): a layout test, and with TABULA_SCREENSHOTS=1 (npm run
// screenshots) the pictures in docs/screenshots/, one command regenerating
// them all. Each game is opened from the lobby against its bot. The layout
// test checks what a player would see: no sideways scrolling, the board
// inside the page's width, every label of the board inside the board's
// picture (nothing under the frame), and at 1280×800 the toolbar and the
// top of the board on the first screen.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fits, launch, repoRoot, startServer, type Server } from './harness';

let server: Server;
let browser: Browser;

const writing = process.env.TABULA_SCREENSHOTS === '1';
const outDir = join(repoRoot, 'docs', 'screenshots');

beforeAll(async () => {
  server = await startServer();
  browser = await launch();
  if (writing) mkdirSync(outDir, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const sizes = [
  { width: 1280, height: 800, dark: false },
  { width: 390, height: 844, dark: false },
  { width: 1280, height: 800, dark: true },
  { width: 390, height: 844, dark: true },
] as const;

/** clippedLabels lists the board's texts that stick out of their SVG picture. */
function clippedLabels(page: Page): Promise<string[]> {
  return page.locator('.match .play :is(.board-wrap, .villa) svg').evaluateAll((svgs) => {
    const out: string[] = [];
    for (const svg of svgs) {
      const box = svg.getBoundingClientRect();
      if (box.width === 0) continue;
      for (const t of svg.querySelectorAll('text')) {
        const r = t.getBoundingClientRect();
        if (r.width === 0 || getComputedStyle(t).display === 'none') continue;
        if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5) out.push(`"${t.textContent}"`);
      }
    }
    return out;
  });
}

describe('every board, light and dark, at both widths', () => {
  it('has its layout right, and pictures when asked', async () => {
    const list = (await (await fetch(server.url + '/api/games')).json()) as { games: { id: string; bots: string[] | null }[] };
    const playable = list.games.filter((g) => (g.bots ?? []).length > 0).map((g) => g.id);
    expect(playable.length).toBeGreaterThanOrEqual(7);
    const problems: string[] = [];
    for (const game of playable) {
      // One match per game, played from seat 0, seen at every size and scheme.
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      try {
        await page.goto(server.url + '/');
        await page.selectOption('select[name="game"]', game);
        await page.selectOption('select[name="seat"]', '0');
        await page.click('form.create button[type="submit"]');
        await page.waitForURL(/\/match\/[\w-]+$/);
        await page.locator('.match .play :is(.board-wrap, .villa)').first().waitFor();
        for (const s of sizes) {
          await page.setViewportSize({ width: s.width, height: s.height });
          await page.emulateMedia({ colorScheme: s.dark ? 'dark' : 'light' });
          await page.waitForTimeout(600); // relaid out, a bot's first move animated
          const name = `${game}-${s.width}${s.dark ? '-dark' : ''}`;
          try {
            await fits(page, '.match .play :is(.board-wrap, .villa)');
          } catch (e) {
            problems.push(`${name}: ${(e as Error).message.split('\n')[0]}`);
          }
          const clipped = await clippedLabels(page);
          if (clipped.length > 0) problems.push(`${name}: labels outside the board: ${clipped.join(', ')}`);
          if (s.width === 1280) {
            for (const sel of ['.match .toolbar', '.match .play :is(.board-wrap, .villa)']) {
              const box = await page.locator(sel).first().boundingBox();
              if (!box || box.y < 0 || box.y > s.height - 40) problems.push(`${name}: ${sel} not on the first screen`);
            }
          }
          if (writing) await page.screenshot({ path: join(outDir, `${name}.png`) });
        }
      } finally {
        await page.close();
      }
    }
    expect(problems).toEqual([]);
  }, 240_000);
});
