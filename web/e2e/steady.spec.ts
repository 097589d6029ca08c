// The page holds still from turn to turn (issue 24, defect 10): at 1280×800
// the board's own controls keep their place while the opponent thinks, so
// the player's own bar under the board does not move up and down each turn
// (it moved by 50-70 px in Abalone and Palago).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createMatch, launch, startServer, waitPlies, type Server } from './harness';

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

describe('steady page', () => {
  for (const game of ['abalone', 'palago']) {
    it(`${game}: the own player bar stays put on the opponent's turn`, async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      const friend = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      try {
        // A friend takes the other seat in a browser of their own, and thinks for as long as the test looks.
        const id = await createMatch(page, server.url, game, { opponent: '' });
        const b = await friend.newPage();
        await b.goto(`${server.url}/match/${id}`);
        await b.locator('.seat-offer button').first().click();
        await b.locator('.player[data-seat="1"]').getByText('(you)').waitFor();
        await page.locator('.match[data-status="live"]').waitFor();
        const typeFirst = async (p: typeof page) => {
          const st = (await (await fetch(`${server.url}/api/matches/${id}`)).json()) as { legal: { text: string }[] | null; moves: string[] | null };
          await p.fill('input[name="move"]', st.legal![0]!.text);
          await p.keyboard.press('Enter');
          await waitPlies(page, (st.moves?.length ?? 0) + 1);
        };
        const first = (await (await fetch(`${server.url}/api/matches/${id}`)).json()) as { toMove: number };
        if (first.toMove === 1) await typeFirst(b); // Palago's first player is drawn
        await page.locator('.turn.mine').waitFor({ timeout: 20_000 });
        const bar = page.locator('.player:has-text("(you)")');
        const mine = Math.round((await bar.boundingBox())!.y);
        await typeFirst(page);
        await page.waitForTimeout(300);
        const theirs = Math.round((await bar.boundingBox())!.y);
        expect(theirs, 'the own bar moved when the turn passed').toBe(mine);
      } finally {
        await page.close();
        await friend.close();
      }
    });
  }
});
