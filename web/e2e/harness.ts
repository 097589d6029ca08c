// The end-to-end harness: builds the tabula binary, starts `tabula serve` on
// a free loopback port with a fresh database, and launches Debian's
// chromium through playwright-core (no browser download). TABULA_URL points
// the tests at a server that is already running instead.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser, type Page, type Route } from 'playwright-core';
import { expect } from 'vitest';

const run = promisify(execFile);

/** The repository root: web/ is one level down. */
export const repoRoot = resolve(import.meta.dirname, '..', '..');
/** Screenshots go here (gitignored). */
export const resultsDir = resolve(import.meta.dirname, '..', 'test-results');

/** Chromium flags for a headless run in a container, with no network use of its own. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // A document the harness fulfilled (to add the server's CSP, see guard)
  // has no address, and chromium's local network checks would then refuse
  // its connections to 127.0.0.1. Every page here is served from loopback,
  // so the checks would refuse nothing else.
  '--disable-features=LocalNetworkAccessChecks',
];

/** The server must answer /healthz within this long after start. */
const startTimeoutMs = 20_000;

export interface Server {
  url: string;
  stop(): Promise<void>;
  /** restart stops the server and starts it again on the same port and database, pauseMs after it stopped; null when TABULA_URL is used. */
  restart: ((pauseMs?: number) => Promise<void>) | null;
  log(): string;
}

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => ok(port));
    });
  });
}

/** startServer builds and starts tabula serve, or uses TABULA_URL. */
export async function startServer(): Promise<Server> {
  const given = process.env.TABULA_URL;
  if (given) return { url: given.replace(/\/$/, ''), stop: async () => {}, restart: null, log: () => '' };
  const dir = mkdtempSync(join(tmpdir(), 'tabula-e2e-'));
  const bin = join(dir, 'tabula');
  await run('go', ['build', '-o', bin, './cmd/tabula'], { cwd: repoRoot, maxBuffer: 16 << 20 });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  let child: ChildProcess;
  let exited: Promise<void>;
  const start = async () => {
    // --no-client-limits: every spec creates its matches from 127.0.0.1,
    // more than one client's burst (docs/deploy.md, "Limits on anonymous use").
    child = spawn(bin, ['serve', '--addr', `127.0.0.1:${port}`, '--db', join(dir, 't.db'), '--no-client-limits'], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    const c = child;
    exited = new Promise<void>((ok) => c.once('exit', () => ok()));
    const deadline = Date.now() + startTimeoutMs;
    for (;;) {
      if (c.exitCode !== null) throw new Error(`tabula serve exited with ${c.exitCode}:\n${output}`);
      try {
        const res = await fetch(`${url}/healthz`);
        if (res.ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        c.kill('SIGKILL');
        throw new Error(`tabula serve did not answer /healthz within ${startTimeoutMs} ms:\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const halt = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
  };
  await start();
  return {
    url,
    log: () => output,
    restart: async (pauseMs = 0) => {
      await halt();
      if (pauseMs > 0) await new Promise((r) => setTimeout(r, pauseMs));
      await start();
    },
    async stop() {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * serverCSP is the Content-Security-Policy the server sends with the client.
 * The harness adds it to a page from the tabula server that arrives without
 * one, so the client is held to it whether or not the server under test
 * sends it; a page that has one keeps the server's own.
 */
export const serverCSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'";

/** Problems every guarded page reported (uncaught errors, console errors, CSP violations) since the last takeProblems. */
const problems: string[] = [];
/** Pages whose problems a test expects (a page that makes refused requests on purpose). */
const ignored = new WeakSet<Page>();

/** takeProblems returns and forgets the problems reported so far; e2e/setup.ts fails a test that left any. */
export function takeProblems(): string[] {
  return problems.splice(0);
}

/** ignoreProblems stops counting page's problems: for a page whose requests are meant to fail. */
export function ignoreProblems(page: Page): void {
  ignored.add(page);
}

/**
 * Console errors that are the browser's report of a failed request, not a
 * fault of the page: an HTTP error answer (a test asks for a missing match)
 * or a socket the server closed (a test restarts it). The client reports
 * both to the person itself.
 */
const networkNoise = [/^Failed to load resource: /, /^WebSocket connection to '.*' failed/];

/** Reports every CSP violation as a console error, which watch then counts. */
const cspProbe = `document.addEventListener('securitypolicyviolation', (e) => console.error('CSP violation: ' + e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline') + ' at ' + e.sourceFile + ':' + e.lineNumber));`;

function watch(page: Page): void {
  const report = (what: string) => {
    if (!ignored.has(page)) problems.push(`${page.url()}: ${what}`);
  };
  page.on('pageerror', (e) => report(`uncaught ${String(e)}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !networkNoise.some((re) => re.test(m.text()))) report(`console error: ${m.text()}`);
  });
}

/** withCSP adds serverCSP to a document that arrives without a policy. */
async function withCSP(route: Route): Promise<void> {
  const req = route.request();
  if (req.resourceType() !== 'document') return route.continue();
  const res = await route.fetch();
  const headers = res.headers();
  if (!headers['content-security-policy']) headers['content-security-policy'] = serverCSP;
  await route.fulfill({ response: res, headers });
}

/** The tabula server's pages: it listens on 127.0.0.1 (a foreign page in a test uses another name). */
const isServerPage = (url: URL) => url.hostname === '127.0.0.1';

/** guard watches page and holds the tabula server's documents to serverCSP. */
async function guard(page: Page): Promise<void> {
  watch(page);
  await page.addInitScript({ content: cspProbe });
  await page.route(isServerPage, withCSP);
}

/** The unguarded newContext of each browser launch made. */
const plain = new WeakMap<Browser, Browser['newContext']>();

/**
 * unguardedPage opens a page with no guard: no CSP added, no problems
 * counted, and no request interception (playwright answers the CORS
 * preflights of intercepted requests itself, which would let a foreign
 * page's requests through that a browser would stop).
 */
export async function unguardedPage(browser: Browser, ...a: Parameters<Browser['newContext']>): Promise<Page> {
  const open = plain.get(browser);
  if (!open) throw new Error('unguardedPage: the browser was not started by launch');
  const c = await open(...a);
  const p = await c.newPage();
  // The context goes with its page; when the browser is closing too, its
  // close is refused ("browser has been closed"), which is no failure.
  p.once('close', () => {
    c.close().catch(() => {});
  });
  return p;
}

/**
 * launch starts chromium from CHROMIUM_PATH or /usr/bin/chromium. Every page
 * it opens is guarded: held to serverCSP, and its uncaught errors, console
 * errors and CSP violations fail the test (see takeProblems).
 */
export async function launch(): Promise<Browser> {
  mkdirSync(resultsDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
    headless: true,
  });
  // browser.newPage opens its page through browser.newContext, so
  // guarding the contexts' pages guards both.
  const newContext = browser.newContext.bind(browser);
  plain.set(browser, newContext);
  browser.newContext = async (...a: Parameters<Browser['newContext']>) => {
    const c = await newContext(...a);
    const contextPage = c.newPage.bind(c);
    c.newPage = async () => {
      const p = await contextPage();
      await guard(p);
      return p;
    };
    return c;
  };
  return browser;
}

// Page helpers every spec shares.

/** How long a bot may take to answer on a loaded 2-core machine. */
export const replyMs = 20_000;

/** plies is the number of moves in the move list. */
export function plies(page: Page): Promise<number> {
  return page.locator('.move-list [data-ply]').count();
}

/** waitPlies waits until the move list holds n plies (or, with orOver, the game is over). */
export async function waitPlies(page: Page, n: number, orOver = false): Promise<void> {
  const sel = `.move-list [data-ply="${n}"]` + (orOver ? ', [data-result]' : '');
  await page.locator(sel).first().waitFor({ timeout: replyMs });
}

/** plyText is the notation of ply n in the move list. */
export async function plyText(page: Page, n: number): Promise<string> {
  return (await page.locator(`.move-list [data-ply="${n}"]`).textContent()) ?? '';
}

/** pageErrors collects the page's uncaught errors; expect it to stay empty. */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

/** What the lobby form is given; unset fields keep the lobby's defaults. */
export interface CreateOptions {
  variant?: string;
  players?: number;
  /** The opponents: a bot ('random', 'bot:easy', ...) or '' for an open seat. */
  opponent?: string;
  /** Our seat; 0 unless told. */
  seat?: number;
  /** Rules options by name: a select's value, a checkbox ('true'/'false') or a number field. */
  options?: Record<string, string>;
}

/** createMatch opens the lobby, fills the form and creates the match; it returns the match ID. */
export async function createMatch(page: Page, url: string, game: string, o: CreateOptions = {}): Promise<string> {
  await page.goto(url + '/');
  await page.locator('select[name="game"]').waitFor();
  await page.selectOption('select[name="game"]', game);
  if (o.variant) await page.selectOption('select[name="variant"]', o.variant);
  if (o.players !== undefined) await page.selectOption('select[name="players"]', String(o.players));
  if (o.opponent !== undefined) await page.check(`input[name="opponent"][value="${o.opponent}"]`);
  if (o.options) {
    await page.locator('details.options summary').click();
    for (const [k, v] of Object.entries(o.options)) {
      const sel = page.locator(`select[name="option.${k}"]`);
      const box = page.locator(`input[type="checkbox"][name="option.${k}"]`);
      if ((await sel.count()) > 0) await sel.selectOption(v);
      else if ((await box.count()) > 0) await box.setChecked(v === 'true');
      else await page.fill(`input[name="option.${k}"]`, v);
    }
  }
  const seat = String(o.seat ?? 0);
  if ((await page.locator(`select[name="seat"] option[value="${seat}"]`).count()) > 0) await page.selectOption('select[name="seat"]', seat);
  await page.click('form.create button[type="submit"]');
  await page.waitForURL(/\/match\/[\w-]+$/);
  return page.url().split('/').pop()!;
}

/** Viewport heights used with the two widths every board is checked at. */
const heights: Record<number, number> = { 390: 844, 1280: 900 };

/** fits checks that the page does not scroll sideways and that sel lies inside the viewport's width. */
export async function fits(page: Page, sel: string): Promise<void> {
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(scroll, `horizontal scrolling at ${inner} px`).toBeLessThanOrEqual(inner);
  const box = await page.locator(sel).first().boundingBox();
  expect(box, `${sel} is not visible at ${inner} px`).not.toBeNull();
  expect(box!.x, `${sel} starts off screen at ${inner} px`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${sel} ends off screen at ${inner} px`).toBeLessThanOrEqual(inner + 0.5);
}

/**
 * checkLayout saves a screenshot (test-results/<name>-<width>.png) and checks
 * the layout at the page's current width: no horizontal scrolling, and the
 * board (selector) inside the viewport's width.
 */
export async function checkLayout(page: Page, board: string, name: string): Promise<void> {
  const width = page.viewportSize()!.width;
  await page.locator(board).first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(resultsDir, `${name}-${width}.png`), fullPage: true });
  await fits(page, board);
  const box = (await page.locator(board).first().boundingBox())!;
  expect(box.width, `${name} at ${width} px: board shrunk to nothing`).toBeGreaterThan(Math.min(300, width - 60));
}

/** checkBothWidths runs checkLayout at 390 px and at 1280 px, and leaves the page at its first size. */
export async function checkBothWidths(page: Page, board: string, name: string): Promise<void> {
  const was = page.viewportSize()!;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: heights[width]! });
    await checkLayout(page, board, name);
  }
  await page.setViewportSize(was);
}
