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
  const creates: { code: string; status: number; headers: Record<string, string>; text: Record<string, string> }[] = [
    { code: 'rate-limited', status: 429, headers: { 'Retry-After': '7' }, text: { 'en-US': 'try again in 7 s', 'ru-RU': 'повторите через 7 с', 'uk-UA': 'повторіть через 7 с' } },
    { code: 'too-many-matches', status: 429, headers: {}, text: { 'en-US': 'as many open games as allowed', 'ru-RU': 'столько, сколько разрешено', 'uk-UA': 'стільки, скільки дозволено' } },
    { code: 'unknown-bot', status: 400, headers: {}, text: { 'en-US': 'does not offer that opponent', 'ru-RU': 'не предлагает такого соперника', 'uk-UA': 'не пропонує такого суперника' } },
    { code: 'unavailable', status: 503, headers: {}, text: { 'en-US': 'cannot save games right now', 'ru-RU': 'не может сохранять партии', 'uk-UA': 'не може зберігати партії' } },
  ];
  for (const c of creates) {
    for (const locale of ['en-US', 'ru-RU', 'uk-UA']) {
      it(`a create refused as ${c.code} (${locale})`, async () => {
        const page = await browser.newPage({ viewport: { width: 390, height: 844 }, locale });
        try {
          await refuse(page, 'POST', /^\/api\/matches$/, c.status, c.code, c.headers);
          await page.goto(server.url + '/');
          await page.locator('form.create button[type="submit"]').click();
          const text = await page.locator('[data-create-error]').textContent();
          expect(text).toContain(c.text[locale]);
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
