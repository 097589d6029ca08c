// Key controls above the fold (issue 24, defect 10): at 1280×800 a player
// sees, without scrolling, the board, their own player bar, the replay bar
// and the game's own table (Talat's scores, Palaboratory's cards).
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMatch, launch, resultsDir, startServer, waitPlies, type CreateOptions, type Server } from './harness';

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

/** below lists the selectors whose element ends below the first screen (or is missing). */
async function below(page: Page, sels: string[]): Promise<string[]> {
  const out: string[] = [];
  const h = page.viewportSize()!.height;
  for (const sel of sels) {
    const box = await page.locator(sel).first().boundingBox();
    if (!box) out.push(`${sel} missing`);
    else if (box.y + box.height > h) out.push(`${sel} ends at ${Math.round(box.y + box.height)} px`);
  }
  return out;
}

/** Our own player bar: the one marked "(you)". */
const ownBar = '.player:has-text("(you)")';

interface Case {
  game: string;
  o: CreateOptions;
  /** Plays our first move by clicking, so that the replay bar appears. */
  move: (page: Page) => Promise<void>;
  sels: string[];
  /** The plies to wait for after our move (2: the opponent's answer too). */
  plies?: number;
}

const cases: Case[] = [
  {
    game: 'pathagon',
    o: { opponent: 'random', seat: 0 },
    move: (p) => p.locator('[data-cell].target').first().click(),
    sels: ['svg.pathagon', ownBar, 'nav.replay'],
  },
  {
    game: 'abalone',
    o: { opponent: 'random', seat: 0 },
    move: async (p) => {
      await p.locator('[data-cell].movable').first().click();
      await p.locator('.abalone .arrow').first().click();
    },
    sels: ['svg.abalone', '[data-off="b"]', ownBar, 'nav.replay'],
  },
  {
    game: 'talat',
    o: { variant: 'palat', seat: 0, options: { firstPlayer: '0' } },
    move: async (p) => {
      await p.locator('.talat-tray button[data-kind]:not([disabled])').first().click();
      await p.locator('[data-cell].target').first().click();
    },
    sels: ['svg.talat', '.talat-scores', ownBar, 'nav.replay'],
  },
  {
    // A one-player task: its own table is the list of cards (the task's
    // start and target among them) beside the task and the counter.
    game: 'palaboratory',
    o: { variant: 'green', options: { card: '2', from: '1' } },
    move: async (p) => {
      await p.locator('[data-tile="(-1,0):0"]').click();
      await p.locator('.picker [data-orient="2"]').click();
    },
    sels: ['.palaboratory-board svg.plane', '.lab-task', '.lab-counter', '.lab-cards', ownBar, 'nav.replay'],
    plies: 1,
  },
];

describe('above the fold at 1280×800 (defect 10)', () => {
  for (const c of cases) {
    it(`${c.game}: board, own bar, replay bar and tables without scrolling`, async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
      try {
        await createMatch(page, server.url, c.game, c.o);
        await c.move(page);
        await waitPlies(page, c.plies ?? 2);
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: join(resultsDir, `fold-${c.game}-1280.png`) });
        expect(await below(page, c.sels)).toEqual([]);
      } finally {
        await page.close();
      }
    });
  }
});
