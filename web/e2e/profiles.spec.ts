// Profiles in the browser against a real server: two users sign up in two
// browser contexts, one creates a rated Pathagon match with the lobby's
// rated choice and the other joins it from the lobby; they play by
// clicking until one resigns. The winner's profile
// shows the changed rating with a point on its graph and the game with its
// replay and record links; the archive lists it under its filters, and
// its replay opens the finished match. Usernames link to profiles from the
// player bars and the lobby.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fits, launch, pageErrors, replyMs, resultsDir, startServer, type Server } from './harness';
import { checkArchive, checkRatedGame, openOwnProfile, signUp } from './players';

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

const newName = (base: string) => `${base}${Date.now().toString(36).slice(-5)}`;

async function device(width: number): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 }, locale: 'en-US' });
  return { ctx, page: await ctx.newPage() };
}

/**
 * createRated creates a rated Pathagon match, seated at 0, with the lobby's
 * create form: rated is offered only once the seats are open to people and
 * the match has a clock, and the form says why before.
 */
async function createRated(page: Page): Promise<string> {
  await page.goto(server.url + '/');
  const why = page.locator('[data-rated-why]');
  const rated = page.locator('form.create input[name="rated"]');
  await page.selectOption('form.create select[name="game"]', 'pathagon');
  await page.locator('form.create input[name="opponent"]').first().check(); // a bot
  expect(await why.getAttribute('data-rated-why')).toBe('lobby.rated.noBots');
  expect(await rated.isDisabled()).toBe(true);
  await page.locator('form.create input[name="opponent"][value=""]').check();
  await page.selectOption('form.create select[name="time"]', '0');
  expect(await why.textContent()).toBe('A rated game needs a clock or correspondence: choose one under Time control.');
  await page.selectOption('form.create select[name="time"]', '3'); // 10 + 5
  await why.waitFor({ state: 'detached' });
  await rated.check();
  await page.selectOption('form.create select[name="seat"]', '0');
  await page.locator('form.create button[type="submit"]').click();
  await page.waitForURL(/\/match\/m_/, { timeout: replyMs });
  const id = page.url().split('/').pop()!;
  const st = (await (await fetch(`${server.url}/api/matches/${id}`)).json()) as { rated: boolean; clocks: { kind: string; remaining: number[] } };
  expect(st.rated).toBe(true);
  expect(st.clocks).toMatchObject({ kind: 'fischer', remaining: [600_000, 600_000] });
  return id;
}

/** clickMove plays one move on the Pathagon board when it is the page's turn. */
async function clickMove(page: Page, ply: number): Promise<void> {
  await page.locator('.turn.mine').waitFor({ timeout: replyMs });
  const target = page.locator('[data-cell].target').first();
  await target.click();
  await page.locator(`.move-list [data-ply="${ply}"]`).waitFor({ timeout: replyMs });
}

describe('profiles', () => {
  it('a rated game changes the winner’s rating, graphs it, and lists the game with its replay and records', async () => {
    const a = await device(390);
    const b = await device(1280);
    const errors = [...pageErrors(a.page), ...pageErrors(b.page)];
    const alice = newName('ann');
    const bob = newName('bob');
    try {
      await signUp(a.page, server.url, alice);
      await signUp(b.page, server.url, bob);
      const id = await createRated(a.page);
      await a.page.locator('svg.pathagon').waitFor();

      // bob joins from the lobby, where alice's name links to her profile.
      await b.page.goto(server.url + '/');
      const row = b.page.locator(`[data-match="${id}"]`);
      await row.waitFor({ timeout: replyMs });
      expect(await row.locator('a.user-link', { hasText: alice }).getAttribute('href')).toBe(`/user/${alice}`);
      await row.locator('button', { hasText: 'Join' }).click();
      await b.page.waitForURL(new RegExp(`/match/${id}$`));
      await b.page.locator('svg.pathagon').waitFor();

      // One move each by clicking, then bob resigns.
      await clickMove(a.page, 1);
      await clickMove(b.page, 2);
      b.page.once('dialog', (d) => void d.accept());
      await b.page.locator('button.danger', { hasText: 'Resign' }).click();
      await a.page.locator('[data-result]').waitFor({ timeout: replyMs });
      // The player bars name both accounts, each a link to its profile.
      expect(await a.page.locator('.player a.user-link', { hasText: bob }).count()).toBe(1);

      // alice's profile: the rating rose from 1500, with one point on its graph.
      await openOwnProfile(a.page, alice);
      await checkRatedGame(a.page, id, 'win');
      const game = a.page.locator(`[data-played="${id}"]`);
      for (const [kind, path] of [
        ['text', 'record'],
        ['json', 'record.json'],
      ] as const) {
        const href = await game.locator(`a[data-download="${kind}"]`).getAttribute('href');
        expect(href).toBe(`/api/matches/${id}/${path}`);
        const res = await a.page.evaluate(async (u) => (await fetch(u)).status, href!);
        expect(res).toBe(200);
      }
      await fits(a.page, '.profile');
      await a.page.screenshot({ path: join(resultsDir, 'profile-390.png'), fullPage: true });

      // The archive: the game under "win", nothing under "loss"; its
      // replay opens the finished match.
      await checkArchive(a.page, alice, id, 'win');

      // bob's profile, seen by alice: the loss, rated below 1500.
      await a.page.goto(`${server.url}/user/${bob}`);
      const bobs = a.page.locator('[data-rating="pathagon"]');
      await bobs.waitFor();
      expect(Number(await bobs.getAttribute('data-value'))).toBeLessThan(1500);
      expect(await a.page.locator(`[data-played="${id}"]`).getAttribute('data-outcome')).toBe('loss');

      // The leaderboard page answers (both ratings are still provisional: none listed).
      await b.page.goto(server.url + '/leaderboard');
      await b.page.getByText('Nobody has a settled rating here yet.').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await a.ctx.close();
      await b.ctx.close();
    }
  });
});
