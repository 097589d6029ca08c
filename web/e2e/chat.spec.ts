// The match chat and the access tokens page in the browser against a real
// server: two guests and a spectator on phones; the players' line reaches
// the other player and not the spectator, the spectator's not the players;
// a muted player no longer gets the other's lines; the panel fits a phone.
// A new account makes an access token, sees it once, and revokes it.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMatch, fits, launch, startServer, type Server } from './harness';

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

async function phonePage(): Promise<Page> {
  const ctx = await browser.newContext(phone);
  return ctx.newPage();
}

/** say writes a line in the page's chat and waits until it comes back. */
async function say(page: Page, text: string): Promise<void> {
  await page.fill('[data-chat-input]', text);
  await page.press('[data-chat-input]', 'Enter');
  await page.locator('[data-chat-log] li', { hasText: text }).waitFor();
}

async function logText(page: Page): Promise<string> {
  return (await page.locator('[data-chat-log]').textContent()) ?? '';
}

describe('chat', () => {
  it('keeps the players and the spectators apart, and mutes', async () => {
    const a = await phonePage();
    const id = await createMatch(a, server.url, 'pathagon', { opponent: '' });
    const b = await phonePage();
    await b.goto(`${server.url}/match/${id}`);
    await b.locator('.seat-offer button').click();
    const spec = await phonePage();
    await spec.goto(`${server.url}/match/${id}`);
    for (const p of [a, b, spec]) await p.locator('[data-chat-input]:not([disabled])').waitFor();

    await say(a, 'good luck');
    await b.locator('[data-chat-log="players"] li', { hasText: 'good luck' }).waitFor();
    await say(spec, 'who wins?');
    // Each side's next line comes after the other's would have: neither saw it.
    await say(b, 'thanks');
    await say(spec, 'still watching');
    expect(await logText(b)).not.toContain('who wins?');
    expect(await logText(spec)).not.toContain('good luck');
    expect(await spec.locator('[data-chat-mute]').count()).toBe(0);

    await b.locator('[data-chat-mute]').click();
    await b.locator('[data-chat-mute][aria-pressed="true"]').waitFor();
    await say(a, 'are you there?');
    await say(b, 'muted now');
    expect(await logText(b)).not.toContain('are you there?');
    expect(await logText(a)).toContain('muted now');

    for (const p of [a, b, spec]) await fits(p, '[data-chat]');
    // The log is a live region with a name a screen reader reads.
    expect(await a.locator('[role="log"]').getAttribute('aria-label')).toBe('Messages: Players');
    expect(await a.locator('label[for="chat-input"]').textContent()).toBe('Message to Players');
  });
});

describe('access tokens', () => {
  it('are made, shown once, and revoked on the account page', async () => {
    const page = await phonePage();
    await page.goto(`${server.url}/signup`);
    const name = `Tok${Date.now().toString(36)}`;
    await page.fill('input[name="username"]', name);
    await page.fill('input[name="password"]', 'correct horse battery');
    await page.click('form.account-form button[type="submit"]');
    await page.locator('button.account-button', { hasText: name }).waitFor();
    await page.click('button.account-button');
    await page.locator('.account-list a', { hasText: 'Access tokens' }).click();
    await page.waitForURL(/\/account\/tokens$/);
    await page.fill('[data-token-description]', 'my bot');
    await page.click('[data-token-create]');
    const secret = (await page.locator('[data-token-secret]').textContent()) ?? '';
    expect(secret).toMatch(/^tbt_[\w-]{43}$/);
    await page.locator('[data-token]', { hasText: 'my bot' }).waitFor();
    // The token works for a program, with no cookie.
    const status = await page.evaluate(async (tok) => (await fetch('/api/bot/account', { headers: { Authorization: `Bearer ${tok}` }, credentials: 'omit' })).status, secret);
    expect(status).toBe(200);
    await page.reload();
    await page.locator('[data-token]', { hasText: 'my bot' }).waitFor();
    expect(await page.locator('[data-token-secret]').count()).toBe(0);
    expect(await page.content()).not.toContain(secret);
    await page.click('[data-token-revoke]');
    await page.locator('text=No tokens.').waitFor();
    await fits(page, '.tokens-page');
  });
});
