// The new refusals read as sentences where they happen: creating a match,
// joining one, connecting to one. The server's answers are stood in for by
// the browser's request routing (the real server gives them only under
// load or from elsewhere), in the shape docs/protocol.md gives them.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, startServer, type Server } from './harness';

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

/** refuse answers requests to path with method by the wire error code, as the server would. */
async function refuse(page: Page, method: string, path: RegExp, status: number, code: string, headers: Record<string, string> = {}): Promise<void> {
  await page.route(
    (u) => path.test(u.pathname),
    (route) =>
      route.request().method() === method
        ? route.fulfill({ status, headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify({ error: { code, message: `refused: ${code}` } }) })
        : route.fallback(),
  );
}

describe('refusals in words', () => {
  const creates: { code: string; status: number; headers: Record<string, string>; en: string; ru: string }[] = [
    { code: 'rate-limited', status: 429, headers: { 'Retry-After': '7' }, en: 'try again in 7 s', ru: 'повторите через 7 с' },
    { code: 'too-many-matches', status: 429, headers: {}, en: 'as many open games as allowed', ru: 'столько, сколько разрешено' },
    { code: 'unknown-bot', status: 400, headers: {}, en: 'does not offer that opponent', ru: 'не предлагает такого соперника' },
    { code: 'unavailable', status: 503, headers: {}, en: 'cannot save games right now', ru: 'не может сохранять партии' },
  ];
  for (const c of creates) {
    for (const locale of ['en-US', 'ru-RU']) {
      it(`a create refused as ${c.code} (${locale})`, async () => {
        const page = await browser.newPage({ viewport: { width: 390, height: 844 }, locale });
        try {
          await refuse(page, 'POST', /^\/api\/matches$/, c.status, c.code, c.headers);
          await page.goto(server.url + '/');
          await page.locator('form.create button[type="submit"]').click();
          const text = await page.locator('[data-create-error]').textContent();
          expect(text).toContain(locale === 'en-US' ? c.en : c.ru);
          expect(await page.locator('[data-create-error]').isVisible()).toBe(true);
          expect(page.url()).toBe(server.url + '/');
        } finally {
          await page.close();
        }
      });
    }
  }

  it('a join refused, told next to the list', async () => {
    const res = await fetch(`${server.url}/api/matches`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ game: 'pathagon', timeControl: { kind: 'none' } }),
    });
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { match: { id: string } }).match.id;
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      await refuse(page, 'POST', /\/join$/, 429, 'rate-limited', { 'Retry-After': '12' });
      await page.goto(server.url + '/');
      await page.locator(`[data-match="${id}"] button`).click();
      const err = page.locator('[data-join-error]');
      expect(await err.textContent()).toContain('try again in 12 s');
      expect(await err.isVisible()).toBe(true);
    } finally {
      await page.close();
    }
  });

  it('a connection closed with a wire code as its reason', async () => {
    const res = await fetch(`${server.url}/api/matches`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ game: 'pathagon', timeControl: { kind: 'none' } }),
    });
    const id = ((await res.json()) as { match: { id: string } }).match.id;
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      await page.routeWebSocket(/\/ws\/matches\//, (ws) => {
        ws.onMessage(() => void ws.close({ code: 1008, reason: 'unavailable' }));
      });
      await page.goto(`${server.url}/match/${id}`);
      const err = page.locator('[data-conn-error]');
      await err.waitFor();
      expect(await err.textContent()).toContain('cannot save games right now');
    } finally {
      await page.close();
    }
  });
});
