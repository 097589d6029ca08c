// The move list (issue 24, defect 6): Palagonia's rows are turns (the roll
// of both dice and every action after it), not fixed chunks of as many
// plies as players; and long moves stay in their row, right of the number
// column and inside the list, on a phone. The record is a real 3-player
// Palagonia game (60 plies drawn by the Go rules), served to the real page
// in place of a live match.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, pageErrors, startServer, type Server } from './harness';

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

const record =
  'roll:R roll:R roll:4 (0,0):1 (0,-1):1 (-1,-1):0 (1,-2):1 roll:2+2 (-2,0):0 (-3,0):1 roll:2+R (2,-2):2 (2,-3):2 roll:3+R (-3,1):1 (-3,2):0 (-4,3):0 roll:2+2 (-4,1):0 (-5,1):2 roll:2+5 use:5 (-3,3):2 (-2,2):0 (-1,1):2 (-4,4):2 (-1,0):0 roll:3+X use:X remove:(-3,0) roll:2+2 (-3,0):0 (-2,-1):2 roll:2+5 use:2 (-6,2):2 (-7,2):2 roll:3+5 use:5 (3,-2):0 (1,-3):1 (2,-4):0 (3,-4):1 (3,-3):2 roll:2+5 use:5 (-4,5):0 (-4,2):1 (-5,3):2 (-5,4):2 (-5,5):2 roll:2+4 use:2 (-3,-1):0 (-3,-2):2 roll:3+R use:3 (-4,6):1 (-3,5):1 (-5,6):0'.split(' ');
const position =
  'roll p1 scores=0,0,0 bag=12 table=(0,0):1+(0,-1):1+(-1,-1):0+(1,-2):1+(-2,0):0+(2,-2):2+(2,-3):2+(-3,1):1+(-3,2):0+(-4,3):0+(-4,1):0+(-5,1):2+(-3,3):2+(-2,2):0+(-1,1):2+(-4,4):2+(-1,0):0+(-3,0):0+(-2,-1):2+(-6,2):2+(-7,2):2+(3,-2):0+(1,-3):1+(2,-4):0+(3,-4):1+(3,-3):2+(-4,5):0+(-4,2):1+(-5,3):2+(-5,4):2+(-5,5):2+(-3,-1):0+(-3,-2):2+(-4,6):1+(-3,5):1+(-5,6):0';

describe('move list', () => {
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    it(`gives Palagonia one turn a row, and keeps long moves inside their row (${width} px)`, async () => {
      const id = 'm_movelist';
      const seats = [0, 1, 2].map((i) => ({ seat: i, name: `p${i + 1}`, kind: i === 0 ? 'human' : 'bot', bot: i === 0 ? undefined : 'random', taken: true, connected: true }));
      const state = {
        match: id, game: 'palagonia', variant: 'standard', players: 3, version: record.length + 1, status: 'live', position,
        toMove: -2, legal: [], moves: record, lastMove: record[record.length - 1], seats, offers: { draw: [], takeback: -1, rematch: [] },
      };
      const page = await browser.newPage({ viewport: { width, height } });
      const errors = pageErrors(page);
      try {
        await page.route(`**/api/matches/${id}`, (r) => r.fulfill({ json: state }));
        await page.route(`**/api/matches/${id}/positions`, (r) => r.fulfill({ status: 404, json: { error: { code: 'not-found', message: 'no' } } }));
        await page.routeWebSocket(/\/ws\/matches\//, (ws) => {
          ws.onMessage((m) => {
            const msg = JSON.parse(String(m)) as { type: string };
            if (msg.type === 'hello') ws.send(JSON.stringify({ type: 'welcome', version: state.version, seat: -1, state }));
            if (msg.type === 'ping') ws.send(JSON.stringify({ type: 'pong', version: state.version }));
          });
        });
        await page.goto(`${server.url}/match/${id}`);
        await page.locator('.move-list li').first().waitFor();
        const rows = await page.locator('.move-list li').evaluateAll((lis) => lis.map((li) => [...li.querySelectorAll('.mv')].map((b) => b.textContent ?? '')));
        // Every row after the first begins with the roll of both dice, and each such roll begins a row.
        expect(rows.slice(1).every((r) => /^roll:.+\+/.test(r[0]!))).toBe(true);
        expect(rows.flat().filter((t) => /^roll:.+\+/.test(t))).toHaveLength(rows.length - 1);
        expect(rows.flat()).toEqual(record);
        // Long moves wrap within the moves column: never under the number, never past the list's edge.
        const bad = await page.locator('.move-list li').evaluateAll((lis) => {
          const out: string[] = [];
          for (const li of lis) {
            const n = li.querySelector('.n')!.getBoundingClientRect();
            const list = li.closest('.move-list')!.getBoundingClientRect();
            for (const b of li.querySelectorAll('.mv')) {
              const r = b.getBoundingClientRect();
              if (r.left < n.right - 0.5 || r.right > list.right + 0.5) out.push(`${b.textContent} ${r.left}-${r.right} (number ends ${n.right}, list ${list.right})`);
            }
          }
          return out;
        });
        expect(bad).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    });
  }
});
