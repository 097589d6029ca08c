// Accounts in the browser against a real server: a new user signs up on a
// phone, plays a bot, and finds the match under "my games" in a second
// browser (another device) where the account's cookie holds the seat, so a
// move can be made there; a guest who signs up keeps the seat it holds; a
// wrong password is told; logging out ends the session.
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMatch, fits, launch, replyMs, resultsDir, startServer, waitPlies, type Server } from './harness';

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
const password = 'correct horse battery';

/** A fresh username per test: the server keeps accounts for its whole run. */
let n = 0;
const newName = (base: string) => `${base}${Date.now().toString(36)}${n++}`;

/** A device: a browser context of its own (its own cookies and localStorage) and a page in it. */
async function device(): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext(phone);
  return { ctx, page: await ctx.newPage() };
}

async function submit(page: Page, name: string, pw: string): Promise<void> {
  await page.fill('input[name="username"]', name);
  await page.fill('input[name="password"]', pw);
  await page.click('form.account-form button[type="submit"]');
}

/** signUp goes from the header's link to a new account, and waits until the header names it. */
async function signUp(page: Page, name: string): Promise<void> {
  await page.locator('[data-account="out"] a', { hasText: 'Sign up' }).click();
  await page.waitForURL(/\/signup/);
  await submit(page, name, password);
  await page.locator('button.account-button', { hasText: name }).waitFor();
}

async function logIn(page: Page, name: string, pw = password): Promise<void> {
  await page.locator('[data-account="out"] a', { hasText: 'Log in' }).click();
  await page.waitForURL(/\/login/);
  await submit(page, name, pw);
}

/** accountMatches asks the server, with the page's cookie, for the account's matches. */
async function accountMatches(page: Page): Promise<{ status: number; ids: string[] }> {
  return page.evaluate(async () => {
    const r = await fetch('/api/account/matches');
    const b = (await r.json()) as { matches?: { match: { id: string } }[] };
    return { status: r.status, ids: (b.matches ?? []).map((m) => m.match.id) };
  });
}

describe('accounts', () => {
  it('a new user plays a bot, and a second device finds the match in my games and moves there', async () => {
    const a = await device();
    const b = await device();
    try {
      const name = newName('Ann');
      await a.page.goto(server.url + '/');
      await a.page.locator('[data-account="out"]').waitFor();
      await signUp(a.page, name);
      await a.page.screenshot({ path: join(resultsDir, 'account-signed-up-390.png'), fullPage: true });

      // Logged in, the create request carries X-CSRF-Token: without it the
      // server would refuse it (403 csrf) and no match page would open.
      const id = await createMatch(a.page, server.url, 'pathagon', { opponent: 'random', seat: 0 });
      await a.page.locator('.turn.mine').waitFor({ timeout: replyMs });
      await a.page.locator('[data-cell="d4"].target').click();
      await waitPlies(a.page, 2);
      await a.page.close();

      // The second device holds no token for the match; only the account.
      await b.page.goto(server.url + '/');
      expect(await b.page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('tabula.seat.')))).toEqual([]);
      await logIn(b.page, name);
      await b.page.waitForURL(server.url + '/');
      const row = b.page.locator(`[data-my-games] [data-match="${id}"]`);
      await row.waitFor();
      expect(await row.textContent()).toContain('Pathagon');
      await fits(b.page, '[data-my-games]');
      await b.page.screenshot({ path: join(resultsDir, 'account-my-games-390.png'), fullPage: true });
      await b.page.setViewportSize({ width: 1280, height: 900 });
      await fits(b.page, '[data-my-games]');
      await b.page.screenshot({ path: join(resultsDir, 'account-my-games-1280.png'), fullPage: true });
      await b.page.setViewportSize(phone.viewport);
      await row.getByRole('link', { name: /Open Pathagon/ }).click();
      await b.page.waitForURL(new RegExp(`/match/${id}$`));

      // It plays, not only watches: its turn, a legal move by clicking, the bot answers.
      await b.page.locator('.turn.mine').waitFor({ timeout: replyMs });
      expect(await b.page.getByText('You are watching.').count()).toBe(0);
      const target = b.page.locator('[data-cell].target').first();
      await target.click();
      await waitPlies(b.page, 4);
      await b.page.locator('.turn.mine').waitFor({ timeout: replyMs });
      const state = (await (await fetch(`${server.url}/api/matches/${id}`)).json()) as { moves: unknown[] };
      expect(state.moves.length).toBe(4);
    } finally {
      await a.ctx.close();
      await b.ctx.close();
    }
  });

  it('a guest with a seat signs up and keeps the seat', async () => {
    const a = await device();
    const b = await device();
    try {
      const id = await createMatch(a.page, server.url, 'pathagon', { opponent: 'random', seat: 0 });
      await a.page.locator('.turn.mine').waitFor({ timeout: replyMs });
      // As a guest the match is this browser's token only.
      expect(await a.page.evaluate((m) => localStorage.getItem(`tabula.seat.${m}`) !== null, id)).toBe(true);

      // Signing up from the match page comes back to it.
      const name = newName('Gus');
      await signUp(a.page, name);
      await a.page.waitForURL(new RegExp(`/match/${id}$`));
      await a.page.locator('.turn.mine').waitFor({ timeout: replyMs });
      expect((await accountMatches(a.page)).ids).toEqual([id]);

      // Another device, logged in, plays the seat the guest had.
      await b.page.goto(server.url + '/games');
      await logIn(b.page, name);
      await b.page.waitForURL(/\/games$/);
      await b.page.locator(`[data-my-games] [data-match="${id}"] a`).click();
      await b.page.locator('.turn.mine').waitFor({ timeout: replyMs });
      await b.page.locator('[data-cell="d4"].target').click();
      await waitPlies(b.page, 2);
    } finally {
      await a.ctx.close();
      await b.ctx.close();
    }
  });

  it('tells a wrong password, and logs out for good', async () => {
    const a = await device();
    try {
      const name = newName('Pat');
      await a.page.goto(server.url + '/');
      await signUp(a.page, name);
      const id = await createMatch(a.page, server.url, 'pathagon', { opponent: 'random', seat: 0 });
      // Without its token the page holds the seat by the account's cookie alone.
      await a.page.evaluate((m) => localStorage.removeItem(`tabula.seat.${m}`), id);
      await a.page.reload();
      await a.page.locator('.turn.mine').waitFor({ timeout: replyMs });

      // Log out from the header's menu, by keyboard, on the match page: it
      // reloads, and without the account and the token the match is only watched.
      const menu = a.page.locator('button.account-button');
      await menu.focus();
      await a.page.keyboard.press('Enter');
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      await a.page.locator('[data-logout]').focus();
      await a.page.keyboard.press('Enter');
      await a.page.locator('[data-account="out"]').waitFor();
      await a.page.getByText('You are watching.').waitFor();
      expect((await accountMatches(a.page)).status).toBe(401);
      await a.page.goto(server.url + '/');
      await a.page.locator('[data-account="out"]').waitFor();
      expect(await a.page.locator('[data-my-games]').count()).toBe(0);
      await a.page.goto(`${server.url}/match/${id}`);
      await a.page.getByText('You are watching.').waitFor();

      // A wrong password is told, in words, and the page stays logged out.
      await logIn(a.page, name, 'not the password');
      const err = a.page.locator('[data-auth-error]');
      await err.waitFor();
      expect(await err.textContent()).toBe('Wrong username or password.');
      expect(await a.page.locator('input[name="password"]').getAttribute('aria-invalid')).toBe('true');
      await a.page.screenshot({ path: join(resultsDir, 'account-wrong-password-390.png'), fullPage: true });
      expect(await a.page.locator('[data-account="out"]').count()).toBe(1);

      // The right one logs in and comes back to the match, now playing it.
      await a.page.fill('input[name="password"]', password);
      await a.page.click('form.account-form button[type="submit"]');
      await a.page.waitForURL(new RegExp(`/match/${id}$`));
      await a.page.locator('.turn.mine').waitFor({ timeout: replyMs });
    } finally {
      await a.ctx.close();
    }
  });

  it('shows the rules and the server’s refusals on the sign-up page, in English, Russian and Ukrainian', async () => {
    // One account whose name the other signups try in another case.
    const taken = newName('Tia');
    const made = await fetch(`${server.url}/api/account/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url },
      body: JSON.stringify({ username: taken, password }),
    });
    expect(made.status).toBe(201);
    const langs = [
      { locale: 'en-US', rules: /^3 to 20 characters/, reserved: /^Usernames are 3 to 20/, taken: 'That username is taken.', short: 'The password is too short: at least 8 characters.' },
      { locale: 'ru-RU', rules: /^От 3 до 20 символов/, reserved: /^Имя пользователя: от 3 до 20/, taken: 'Это имя пользователя уже занято.', short: 'Пароль слишком короткий: нужно не меньше 8 символов.' },
      { locale: 'uk-UA', rules: /^Від 3 до 20 символів/, reserved: /^Ім’я користувача: від 3 до 20/, taken: 'Це ім’я користувача вже зайняте.', short: 'Пароль закороткий: потрібно щонайменше 8 символів.' },
    ];
    for (const l of langs) {
      const ctx = await browser.newContext({ ...phone, locale: l.locale });
      const page = await ctx.newPage();
      try {
        await page.goto(server.url + '/signup');
        expect(await page.locator('#name-rules').textContent()).toMatch(l.rules);
        const err = page.locator('[data-auth-error]');
        // A reserved name passes the client's checks; the server refuses it (bad-username).
        await submit(page, 'admin', password);
        await err.waitFor();
        expect(await err.textContent()).toMatch(l.reserved);
        expect(await page.locator('input[name="username"]').getAttribute('aria-invalid')).toBe('true');
        // A short password is stopped before it is sent.
        await submit(page, newName('Ok'), 'short');
        await page.locator('[data-auth-error]', { hasText: l.short }).waitFor();
        // The taken name, in capitals: names are one account whatever the case.
        await submit(page, taken.toUpperCase(), password);
        await page.locator('[data-auth-error]', { hasText: l.taken }).waitFor();
        await fits(page, 'form.account-form');
        await page.screenshot({ path: join(resultsDir, `account-signup-${l.locale}-390.png`), fullPage: true });
      } finally {
        await ctx.close();
      }
    }
  });

  it('changes the password: a wrong current one is told, the new one logs in', async () => {
    const a = await device();
    try {
      const name = newName('Cam');
      await a.page.goto(server.url + '/');
      await signUp(a.page, name);
      await a.page.locator('button.account-button').click();
      await a.page.getByRole('link', { name: 'Change password' }).click();
      await a.page.waitForURL(/\/account\/password$/);
      const change = async (old: string, next: string) => {
        await a.page.fill('input[name="old"]', old);
        await a.page.fill('input[name="new"]', next);
        await a.page.click('form.account-form button[type="submit"]');
      };
      await change('not the password', 'a new password');
      await a.page.locator('[data-auth-error]', { hasText: 'The current password is wrong.' }).waitFor();
      expect(await a.page.locator('input[name="old"]').getAttribute('aria-invalid')).toBe('true');
      await change(password, 'a new password');
      await a.page.locator('[data-password-changed]').waitFor();
      await fits(a.page, 'form.account-form');
      // Still logged in (a new session), and the new password is the one that works.
      await a.page.locator('button.account-button').click();
      await a.page.locator('[data-logout]').click();
      await a.page.locator('[data-account="out"]').waitFor();
      await logIn(a.page, name);
      await a.page.locator('[data-auth-error]', { hasText: 'Wrong username or password.' }).waitFor();
      await a.page.fill('input[name="password"]', 'a new password');
      await a.page.click('form.account-form button[type="submit"]');
      await a.page.locator('button.account-button', { hasText: name }).waitFor();
    } finally {
      await a.ctx.close();
    }
  });
});
