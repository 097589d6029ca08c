// The harness's guard works: a page of the server runs under the server's
// CSP, and an inline script, an uncaught error or a console error on a page
// is reported (e2e/setup.ts then fails the test that left it).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, startServer, takeProblems, type Server } from './harness';

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

describe('the e2e guard', () => {
  it('runs the client under the CSP and reports what breaks it', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(server.url + '/');
      await page.locator('select[name="game"]').waitFor();
      expect(takeProblems(), 'the lobby itself').toEqual([]);

      // An inline script is refused by script-src 'self' and reported.
      const ran = await page.evaluate(async () => {
        const s = document.createElement('script');
        s.textContent = 'window.__inlineRan = true';
        document.body.appendChild(s);
        await new Promise((r) => setTimeout(r, 100));
        return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
      });
      expect(ran, 'an inline script ran: no CSP on the page').toBe(false);
      // An uncaught error and a console error are reported too.
      await page.evaluate(() => {
        setTimeout(() => {
          throw new Error('thrown on purpose');
        });
        console.error('logged on purpose');
      });
      await page.waitForTimeout(200);
      const got = takeProblems().join('\n');
      expect(got).toMatch(/CSP violation: script-src/);
      expect(got).toMatch(/uncaught Error: thrown on purpose/);
      expect(got).toMatch(/console error: logged on purpose/);
    } finally {
      await page.close();
    }
  });
});
