// Profiles in the browser against a real server: two users sign up in two
// browser contexts, one creates a rated Pathagon match (the create API, as
// the lobby would with a rated choice) and the other joins it from the
// lobby; they play by clicking until one resigns. The winner's profile
// shows the changed rating with a point on its graph and the game with its
// replay and record links; the archive lists it under its filters, and
// its replay opens the finished match. Usernames link to profiles from the
// player bars and the lobby.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fits, launch, pageErrors, replyMs, resultsDir, startServer, type Server } from './harness';

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

const password = 'correct horse battery';
const newName = (base: string) => `${base}${Date.now().toString(36).slice(-5)}`;

async function device(width: number): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 }, locale: 'en-US' });
  return { ctx, page: await ctx.newPage() };
}

async function signUp(page: Page, name: string): Promise<void> {
  await page.goto(server.url + '/signup');
  await page.fill('input[name="username"]', name);
  await page.fill('input[name="password"]', password);
  await page.click('form.account-form button[type="submit"]');
  await page.locator('button.account-button', { hasText: name }).waitFor();
}

/** createRated creates a rated Pathagon match from the page's session (cookie and CSRF token), seated at 0. */
async function createRated(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const who = (await (await fetch('/api/account')).json()) as { csrf: string };
    const r = await fetch('/api/matches', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': who.csrf },
      body: JSON.stringify({ game: 'pathagon', rated: true, join: 0, timeControl: { kind: 'fischer', baseMs: 600_000, incrementMs: 5_000 } }),
    });
    if (r.status !== 201) throw new Error(`create: ${r.status} ${await r.text()}`);
    return ((await r.json()) as { match: { id: string } }).match.id;
  });
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
      await signUp(a.page, alice);
      await signUp(b.page, bob);
      const id = await createRated(a.page);
      await a.page.goto(`${server.url}/match/${id}`);
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
      await a.page.locator('.player a.user-link', { hasText: alice }).click();
      await a.page.waitForURL(new RegExp(`/user/${alice}$`));
      const rating = a.page.locator('[data-rating="pathagon"]');
      await rating.waitFor();
      expect(Number(await rating.getAttribute('data-value'))).toBeGreaterThan(1500);
      expect(await rating.locator('svg.rating-graph').getAttribute('data-graph-points')).toBe('1');
      expect(await rating.locator('svg.rating-graph').getAttribute('aria-label')).toContain('Pathagon');
      expect(await a.page.locator('[data-record]').getAttribute('data-record')).toBe('1/0/0');
      const game = a.page.locator(`[data-played="${id}"]`);
      expect(await game.getAttribute('data-outcome')).toBe('win');
      expect(await game.locator('[data-rating-change]').textContent()).toMatch(/1500 → 1[5-9]\d\d/);
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

      // The archive: the game under "win", nothing under "loss".
      await a.page.locator('a', { hasText: 'All games' }).click();
      await a.page.waitForURL(new RegExp(`/user/${alice}/games$`));
      await a.page.locator(`[data-played="${id}"]`).waitFor();
      await a.page.selectOption('select[name="result"]', 'loss');
      await a.page.getByText('No games match.').waitFor();
      await a.page.selectOption('select[name="result"]', 'win');
      await a.page.selectOption('select[name="rated"]', 'true');
      await a.page.locator(`[data-played="${id}"]`).waitFor();
      await fits(a.page, '.archive');

      // Its replay opens the finished match.
      await a.page.locator(`[data-played="${id}"] a`, { hasText: 'Replay' }).click();
      await a.page.waitForURL(new RegExp(`/match/${id}$`));
      await a.page.locator('[data-result]').waitFor();

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
