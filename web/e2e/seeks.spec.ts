// Finding an opponent in the browser against a real server (issue 20's
// must-show): a new user signs up on a phone and quick-pairs for a rated
// Pathagon game; a second user in another browser context quick-pairs for
// the same and both are taken to the match (the seats drawn); they play it
// to its end by clicking. The first user follows their name to their
// profile page, which shows the rating the game gave with a point on its
// graph, finds the game in their archive and opens its replay; the lobby
// shows the same rating. Then a challenge by username is shown to the
// other user, who declines it, and the challenger is told.
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fits, launch, replyMs, resultsDir, startServer, waitPlies, type Server } from './harness';
import { checkArchive, checkRatedGame, openOwnProfile, signUp as signUpAt } from './players';

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

const phone = { viewport: { width: 390, height: 844 }, locale: 'en-US' };
const desktop = { viewport: { width: 1280, height: 900 }, locale: 'en-US' };
let n = 0;
const newName = (base: string) => `${base}${Date.now().toString(36)}${n++}`;

async function device(opts: typeof phone): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext(opts);
  return { ctx, page: await ctx.newPage() };
}

const signUp = (page: Page, name: string) => signUpAt(page, server.url, name);

/** quickPair presses the 3 + 2 quick-pairing button of Pathagon, found by its accessible name. */
async function quickPair(page: Page): Promise<void> {
  await page.selectOption('select[name="seek.game"]', 'pathagon');
  const b = page.getByRole('button', { name: 'Seek Pathagon, 3 min + 2 s' });
  await b.waitFor();
  await expect.poll(() => b.isEnabled(), { timeout: replyMs }).toBe(true);
  await b.click();
}

/** play clicks cell on page when it is its turn there. */
async function play(page: Page, cell: string): Promise<void> {
  await page.locator('.turn.mine').waitFor({ timeout: replyMs });
  await page.locator(`[data-cell="${cell}"].target`).click();
}

describe('seeks', () => {
  it('two new users quick-pair, play a rated Pathagon game to the end by clicking, and the profile, archive and replay show it', async () => {
    const a = await device(phone);
    const b = await device(desktop);
    try {
      const ann = newName('Ann');
      const bob = newName('Bob');
      await signUp(a.page, ann);
      await signUp(b.page, bob);
      // A new account is unrated: the lobby says 1500, provisional.
      const rating = a.page.locator('[data-my-rating]');
      await expect.poll(() => rating.getAttribute('data-my-rating'), { timeout: replyMs }).toBe('1500');
      expect(await rating.textContent()).toBe('Your Pathagon rating: 1500 (provisional)');

      await quickPair(a.page);
      await a.page.getByRole('button', { name: 'Stop seeking Pathagon, 3 min + 2 s' }).waitFor();
      // The other browser sees Ann's seek in the open seeks.
      await b.page.locator('.seek-tables li', { hasText: ann }).waitFor({ timeout: replyMs });
      await fits(a.page, '.seeks');
      await a.page.screenshot({ path: join(resultsDir, 'seeks-lobby-390.png'), fullPage: true });
      await b.page.screenshot({ path: join(resultsDir, 'seeks-lobby-1280.png'), fullPage: true });

      await quickPair(b.page);
      await a.page.waitForURL(/\/match\/m_/, { timeout: replyMs });
      await b.page.waitForURL(/\/match\/m_/, { timeout: replyMs });
      expect(a.page.url()).toBe(b.page.url());
      await a.page.locator('[data-notice="notice.paired"]').waitFor();

      // The seats are drawn: Light (seat 0, joining rank 7 to rank 1)
      // moves first. Light builds file d; Dark places on file a, far from
      // its path.
      const first = await Promise.race([
        a.page.locator('.turn.mine').waitFor({ timeout: replyMs }).then(() => 'a' as const),
        b.page.locator('.turn.mine').waitFor({ timeout: replyMs }).then(() => 'b' as const),
      ]);
      const [lightPage, darkPage] = first === 'a' ? [a.page, b.page] : [b.page, a.page];
      const light = ['d7', 'd6', 'd5', 'd4', 'd3', 'd2', 'd1'];
      const dark = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6'];
      for (let i = 0; i < light.length; i++) {
        await play(lightPage, light[i]!);
        if (i < dark.length) {
          await waitPlies(darkPage, 2 * i + 1);
          await play(darkPage, dark[i]!);
          await waitPlies(lightPage, 2 * i + 2);
        }
      }
      for (const p of [a.page, b.page]) await p.locator('[data-result]').first().waitFor({ timeout: replyMs });
      const id = a.page.url().split('/').pop()!;
      const st = (await (await fetch(`${server.url}/api/matches/${id}`)).json()) as { rated: boolean; result?: { winners: number[] } };
      expect(st.rated).toBe(true);
      expect(st.result?.winners).toEqual([0]);

      // Ann's profile page: the rating the game gave (up for a win, down
      // for a loss) with one point on its graph, and the game; her
      // archive lists it, and its replay opens the finished match.
      const won = first === 'a';
      const outcome = won ? 'win' : 'loss';
      await openOwnProfile(a.page, ann);
      const rated = await checkRatedGame(a.page, id, outcome);
      await fits(a.page, '.profile');
      await a.page.screenshot({ path: join(resultsDir, 'seeks-profile-390.png'), fullPage: true });
      await checkArchive(a.page, ann, id, outcome);

      // Back in the lobby, Ann's rating is the same.
      await a.page.locator('a.brand').click();
      await expect.poll(async () => Number(await a.page.locator('[data-my-rating]').getAttribute('data-my-rating')), { timeout: replyMs }).toBe(Math.round(rated));
      await a.page.screenshot({ path: join(resultsDir, 'seeks-rated-390.png'), fullPage: true });

      // A challenge by username: Bob sees it with its buttons and declines; Ann is told.
      await a.page.locator('.seek-custom summary').click();
      await a.page.fill('input[name="challenge.to"]', bob);
      await a.page.getByRole('button', { name: 'Challenge', exact: true }).click();
      await a.page.getByText(`Challenge sent to ${bob}.`).waitFor();
      await b.page.locator('a.brand').click();
      const decline = b.page.getByRole('button', { name: `Decline the challenge from ${ann}` });
      await decline.waitFor({ timeout: replyMs });
      await b.page.locator('[data-notice="notice.challenge"]').first().waitFor();
      await decline.click();
      await a.page.locator('[data-notice="notice.declined"]').waitFor({ timeout: replyMs });
    } finally {
      await a.ctx.close();
      await b.ctx.close();
    }
  });
});
