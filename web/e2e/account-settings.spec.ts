// Settings per account (issue 24, Build: Settings, "per account once
// accounts exist"): a setting changed while signed in is stored to the
// account, and a fresh browser (its own cookies and localStorage) that
// signs in gets it; a guest's browser keeps its own.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMatch, launch, startServer, type Server } from './harness';

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

const desktop = { viewport: { width: 1280, height: 800 }, locale: 'en-US' };
const password = 'correct horse battery';

async function device(): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext(desktop);
  return { ctx, page: await ctx.newPage() };
}

async function enter(page: Page, link: 'Sign up' | 'Log in', name: string): Promise<void> {
  await page.locator('[data-account="out"] a', { hasText: link }).click();
  await page.waitForURL(/\/(signup|login)/);
  await page.fill('input[name="username"]', name);
  await page.fill('input[name="password"]', password);
  await page.click('form.account-form button[type="submit"]');
  await page.locator('button.account-button', { hasText: name }).waitFor();
}

/** The settings the page applied to the document (settings.ts, applySettings). */
const applied = (page: Page) =>
  page.evaluate(() => ({ coords: document.documentElement.dataset.coords, theme: document.documentElement.dataset.boardTheme }));

/** The account's settings as the server holds them, asked with the page's cookie. */
const stored = (page: Page) => page.evaluate(async () => (await (await fetch('/api/account/settings')).json()) as Record<string, unknown>);

const openMenu = async (page: Page) => {
  if (!(await page.locator('details.settings').evaluate((e) => (e as HTMLDetailsElement).open))) await page.locator('details.settings summary').click();
};

describe('account settings', () => {
  it('a setting changed signed in is there in a fresh browser after signing in', async () => {
    const a = await device();
    const b = await device();
    const guest = await device();
    try {
      const name = `Set${Date.now().toString(36)}`;
      await a.page.goto(server.url + '/');
      await enter(a.page, 'Sign up', name);
      await createMatch(a.page, server.url, 'abalone');
      await a.page.locator('svg.abalone').waitFor();
      await openMenu(a.page);
      await a.page.locator('.settings input[name="coords"]').uncheck();
      await a.page.selectOption('.settings select[name="theme"]', 'slate');
      await a.page.selectOption('.settings select[name="speed"]', 'slow');
      await expect.poll(() => stored(a.page), { timeout: 5000 }).toMatchObject({ coords: false, theme: 'slate', speed: 'slow' });

      // A fresh browser starts from the defaults, and takes the account's on signing in.
      await b.page.goto(server.url + '/');
      await b.page.locator('[data-account="out"]').waitFor();
      expect(await applied(b.page)).toEqual({ coords: 'on', theme: 'wood' });
      await enter(b.page, 'Log in', name);
      await expect.poll(() => applied(b.page), { timeout: 5000 }).toEqual({ coords: 'off', theme: 'slate' });
      // Remembered by that browser too: a match page opened there shows them.
      await createMatch(b.page, server.url, 'abalone');
      await b.page.locator('svg.abalone').waitFor();
      expect(await b.page.locator('svg.abalone .coord').first().isVisible()).toBe(false);
      await openMenu(b.page);
      expect(await b.page.locator('.settings input[name="coords"]').isChecked()).toBe(false);
      expect(await b.page.locator('.settings select[name="speed"]').inputValue()).toBe('slow');

      // A change there goes back to the account: the first browser gets it on its next load.
      await b.page.locator('.settings input[name="coords"]').check();
      await expect.poll(() => stored(b.page), { timeout: 5000 }).toMatchObject({ coords: true, theme: 'slate' });
      await a.page.reload();
      await expect.poll(() => applied(a.page), { timeout: 5000 }).toEqual({ coords: 'on', theme: 'slate' });

      // A guest's browser keeps its own settings.
      await guest.page.goto(server.url + '/');
      await guest.page.locator('[data-account="out"]').waitFor();
      expect(await applied(guest.page)).toEqual({ coords: 'on', theme: 'wood' });
    } finally {
      await a.ctx.close();
      await b.ctx.close();
      await guest.ctx.close();
    }
  });

  it('a change made just before leaving the page is stored, not lost to the debounce', async () => {
    const a = await device();
    try {
      const name = `Flush${Date.now().toString(36)}`;
      await a.page.goto(server.url + '/');
      await enter(a.page, 'Sign up', name);
      await createMatch(a.page, server.url, 'abalone');
      await a.page.locator('svg.abalone').waitFor();
      await expect.poll(() => stored(a.page), { timeout: 5000 }).toMatchObject({ theme: 'wood' });
      await openMenu(a.page);
      await a.page.selectOption('.settings select[name="theme"]', 'slate');
      await a.page.goto('about:blank'); // well inside the 500 ms debounce
      const again = await a.ctx.newPage();
      await again.goto(server.url + '/');
      await expect.poll(() => stored(again), { timeout: 5000 }).toMatchObject({ theme: 'slate' });
    } finally {
      await a.ctx.close();
    }
  });
});
