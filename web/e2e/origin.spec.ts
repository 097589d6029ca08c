// A page of another site must not be able to use the server: it tries what
// any web page the owner visits could try against a server on 127.0.0.1 —
// a "simple" text/plain POST, a preflighted JSON POST, no-cors POSTs, an
// HTML form POST, and a WebSocket to a match — and the server creates
// nothing and greets no socket. The foreign page is served by a small
// node server and opened as http://localhost:PORT (another host and port,
// so another origin, than the tabula server at 127.0.0.1).
import { createServer, type Server as HTTPServer } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, startServer, unguardedPage, type Server } from './harness';

let server: Server;
let browser: Browser;
let foreign: HTTPServer;
let foreignURL: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launch();
  foreign = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>another site</title><iframe name="sink"></iframe>');
  });
  await new Promise<void>((ok) => foreign.listen(0, '127.0.0.1', ok));
  const a = foreign.address();
  foreignURL = `http://localhost:${typeof a === 'object' && a ? a.port : 0}/`;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((ok) => foreign?.close(ok));
});

/** matchIDs lists every match the server holds, asked from the test (not a browser). */
async function matchIDs(): Promise<string[]> {
  const res = await fetch(`${server.url}/api/matches?status=all`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { matches: { id: string }[] | null };
  return (body.matches ?? []).map((m) => m.id).sort();
}

/** created runs attempt and returns the matches it created. */
async function created(attempt: () => Promise<unknown>): Promise<string[]> {
  const before = new Set(await matchIDs());
  await attempt();
  // A request the page cannot read may still be on its way: give it time.
  await new Promise((r) => setTimeout(r, 500));
  return (await matchIDs()).filter((id) => !before.has(id));
}

/** A create request the server accepts from its own client. */
const createBody = JSON.stringify({ game: 'pathagon', timeControl: { kind: 'none' } });

/** postFrom makes the foreign page fetch POST createBody; it says what the page could see. */
function postFrom(page: Page, init: { contentType: string; mode: 'cors' | 'no-cors' }): Promise<string> {
  return page.evaluate(
    async ({ url, body, init }) => {
      try {
        const r = await fetch(url, { method: 'POST', body, mode: init.mode, headers: { 'Content-Type': init.contentType } });
        return r.type === 'opaque' ? 'opaque' : `status ${r.status}`;
      } catch {
        return 'failed';
      }
    },
    { url: `${server.url}/api/matches`, body: createBody, init },
  );
}

describe('requests from another origin', () => {
  it('creates nothing and opens no socket for a page of another site', async () => {
    // A match for the WebSocket to aim at, created as the CLI would (JSON, no Origin).
    const made = await fetch(`${server.url}/api/matches`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: createBody });
    expect(made.status).toBe(201);
    const target = ((await made.json()) as { match: { id: string } }).match.id;
    const before = await matchIDs();
    expect(before).toContain(target);

    // Unguarded: the harness's request interception would answer the CORS
    // preflight itself, and the page's refused requests are logged on purpose.
    const page = await unguardedPage(browser);
    try {
      await page.goto(foreignURL);
      expect(await page.evaluate(() => location.origin)).not.toBe(new URL(server.url).origin);

      // What the page saw: a cors-mode request to a server that grants no
      // CORS fails in the page whatever the server did; so each attempt is
      // judged by what the server holds afterwards.
      const seen: Record<string, string> = {};
      const attempts: [string, () => Promise<unknown>][] = [
        ['fetch text/plain (a simple request)', async () => (seen.plain = await postFrom(page, { contentType: 'text/plain', mode: 'cors' }))],
        ['fetch application/json (preflighted)', async () => (seen.json = await postFrom(page, { contentType: 'application/json', mode: 'cors' }))],
        ['fetch no-cors text/plain', async () => (seen.noCors = await postFrom(page, { contentType: 'text/plain', mode: 'no-cors' }))],
        ['fetch no-cors application/json', async () => (seen.noCorsJSON = await postFrom(page, { contentType: 'application/json', mode: 'no-cors' }))],
        [
          'form POST text/plain',
          async () => {
            // enctype text/plain sends name=value: split the JSON at an "=" inside
            // a duplicate key's value (Go's decoder keeps the last duplicate).
            await page.evaluate((url) => {
              const f = document.createElement('form');
              f.method = 'POST';
              f.action = url;
              f.enctype = 'text/plain';
              f.target = 'sink';
              const i = document.createElement('input');
              i.name = '{"game":"pathagon","timeControl":{"kind":"none"},"variant":"';
              i.value = '","variant":"standard"}';
              f.appendChild(i);
              document.body.appendChild(f);
              f.submit();
            }, `${server.url}/api/matches`);
            await page.waitForTimeout(500);
          },
        ],
      ];
      for (const [name, attempt] of attempts) {
        expect.soft(await created(attempt), `${name} created a match`).toEqual([]);
      }
      expect.soft(seen.plain, 'the page read the answer to its text/plain POST').toBe('failed');
      expect.soft(seen.json, 'the page read the answer to its JSON POST').toBe('failed');

      // The WebSocket: it must not open, or must close without a welcome.
      const ws = await page.evaluate(
        (url) =>
          new Promise<{ opened: boolean; welcome: boolean; code: number }>((resolve) => {
            const s = new WebSocket(url);
            let opened = false;
            let welcome = false;
            const done = (code: number) => resolve({ opened, welcome, code });
            s.onopen = () => {
              opened = true;
              s.send(JSON.stringify({ type: 'hello', version: 0 }));
            };
            s.onmessage = (e) => {
              try {
                if (JSON.parse(String(e.data)).type === 'welcome') welcome = true;
              } catch {
                // not a frame of ours
              }
            };
            s.onclose = (e) => done(e.code);
            setTimeout(() => {
              done(-1);
              s.close();
            }, 3000);
          }),
        `${server.url.replace(/^http/, 'ws')}/ws/matches/${target}`,
      );
      expect.soft(ws.welcome, `the foreign page's WebSocket was greeted (opened ${ws.opened}, close ${ws.code})`).toBe(false);

      expect(await matchIDs(), 'matches after the foreign page').toEqual(before);
    } finally {
      await page.close();
    }
  });
});
