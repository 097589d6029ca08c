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
import { chromium, type Browser } from 'playwright-core';

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
];

/** The server must answer /healthz within this long after start. */
const startTimeoutMs = 20_000;

export interface Server {
  url: string;
  stop(): Promise<void>;
  /** restart stops the server and starts it again on the same port and database; null when TABULA_URL is used. */
  restart: (() => Promise<void>) | null;
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
    child = spawn(bin, ['serve', '--addr', `127.0.0.1:${port}`, '--db', join(dir, 't.db')], {
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
    restart: async () => {
      await halt();
      await start();
    },
    async stop() {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** launch starts chromium from CHROMIUM_PATH or /usr/bin/chromium. */
export async function launch(): Promise<Browser> {
  mkdirSync(resultsDir, { recursive: true });
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
    headless: true,
  });
}
