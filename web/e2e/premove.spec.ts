// Premoves (issue 24, Build: Premove): while the opponent thinks, a player
// clicks a move as on their turn; it is shown highlighted, Escape or a
// click off the board cancels it, and when the turn arrives it is sent if
// it is legal then and dropped without a word if not. Two players in two
// browsers, the premover at 1280×800 and at 390×844.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMatch, launch, plyText, plies, replyMs, startServer, waitPlies, type Server } from './harness';

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

interface Wire {
  toMove: number;
  moves: string[] | null;
  legal: { text: string }[] | null;
  board?: { moves?: { from?: string; to?: string; pieces?: string[]; targets?: string[] }[] };
}

const state = async (id: string) => (await (await fetch(`${server.url}/api/matches/${id}`)).json()) as Wire;

/** legalText finds the text of the legal move whose board form fits. */
async function legalText(id: string, fits: (f: NonNullable<NonNullable<Wire['board']>['moves']>[number]) => boolean): Promise<string> {
  const s = await state(id);
  const i = (s.board?.moves ?? []).findIndex(fits);
  if (i < 0) throw new Error('no such legal move');
  return s.legal![i]!.text;
}

/** typeMove plays text through the page's move box once it is the page's turn. */
async function typeMove(p: Page, text: string): Promise<void> {
  await p.locator('.turn.mine').waitFor({ timeout: replyMs });
  await p.fill('input[name="move"]', text);
  await p.click('.move-input button[type="submit"]');
}

/** pair opens game with an open seat in page a (seat 0) and a friend's page b taking seat 1. */
async function pair(width: number, game: string, variant?: string): Promise<{ a: Page; b: Page; id: string; close: () => Promise<void> }> {
  const a = await browser.newPage({ viewport: { width, height: width === 390 ? 844 : 800 }, locale: 'en-US' });
  const friend = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const b = await friend.newPage();
  const id = await createMatch(a, server.url, game, { opponent: '', seat: 0, variant, options: variant === 'palat' ? { firstPlayer: '0' } : undefined });
  await b.goto(`${server.url}/match/${id}`);
  await b.locator('.seat-offer button').first().click();
  await a.locator('.match[data-status="live"]').waitFor();
  return {
    a,
    b,
    id,
    close: async () => {
      await a.close();
      await friend.close();
    },
  };
}

/** quiet checks that page a, now to move, has not moved by itself. */
async function notMoved(a: Page, n: number): Promise<void> {
  await a.locator('.turn.mine').waitFor({ timeout: replyMs });
  await a.waitForTimeout(800);
  expect(await plies(a)).toBe(n);
  expect(await a.locator('[data-premove]').count()).toBe(0);
  expect(await a.locator('.premove').count()).toBe(0);
}

describe('premove', () => {
  for (const width of [1280, 390]) {
    it(`Pathagon: a queued placement is shown and played when the turn comes (${width} px)`, async () => {
      const { a, b, id, close } = await pair(width, 'pathagon');
      try {
        await a.locator('[data-cell="d4"]').click();
        await waitPlies(a, 1);
        await a.locator('[data-cell="b2"]').click(); // b's turn: a premove
        await a.locator('.board-wrap[data-premove="b2"]').waitFor();
        expect(await a.locator('[data-cell="b2"]').getAttribute('class')).toContain('premove');
        await typeMove(b, await legalText(id, (f) => f.from === undefined && f.to === 'f6'));
        await waitPlies(a, 3);
        expect(await plyText(a, 3)).toContain('b2');
        expect(await a.locator('.premove').count()).toBe(0);
      } finally {
        await close();
      }
    });

    it(`Pathagon: Escape and a click off the board cancel a premove; an illegal one is dropped (${width} px)`, async () => {
      const { a, b, id, close } = await pair(width, 'pathagon');
      try {
        await a.locator('[data-cell="d4"]').click();
        await waitPlies(a, 1);
        await a.locator('[data-cell="b2"]').click();
        await a.locator('.board-wrap[data-premove="b2"]').waitFor();
        await a.keyboard.press('Escape');
        await expect.poll(() => a.locator('[data-premove]').count()).toBe(0);
        await typeMove(b, await legalText(id, (f) => f.from === undefined && f.to === 'f6'));
        await notMoved(a, 2);
        // Our own move, then a premove cancelled by a click beside the board.
        await a.locator('[data-cell="c3"]').click();
        await waitPlies(a, 3);
        await a.locator('[data-cell="e5"]').click();
        await a.locator('.board-wrap[data-premove="e5"]').waitFor();
        await a.locator('.move-list').click();
        expect(await a.locator('[data-premove]').count()).toBe(0);
        await typeMove(b, await legalText(id, (f) => f.from === undefined && f.to === 'f2'));
        await notMoved(a, 4);
        // A premove onto the cell the opponent then takes is dropped.
        await a.locator('[data-cell="a1"]').click();
        await waitPlies(a, 5);
        await a.locator('[data-cell="g7"]').click();
        await a.locator('.board-wrap[data-premove="g7"]').waitFor();
        await typeMove(b, await legalText(id, (f) => f.from === undefined && f.to === 'g7'));
        await waitPlies(a, 6);
        await notMoved(a, 6);
      } finally {
        await close();
      }
    });

    it(`Abalone: a marble and the cell it enters, played when the turn comes (${width} px)`, async () => {
      const { a, b, id, close } = await pair(width, 'abalone');
      try {
        // Black (seat 0) moves first.
        await a.locator('[data-cell="c3"]').click();
        await a.locator('[data-cell="d3"].target').click();
        await waitPlies(a, 1);
        await a.locator('[data-cell="b1"]').click();
        expect(await a.locator('[data-cell="b1"]').getAttribute('class')).toContain('premove');
        await a.locator('[data-cell="c1"]').click();
        await a.locator('.board-wrap[data-premove="b1 c1"]').waitFor();
        await typeMove(b, await legalText(id, (f) => f.pieces?.length === 1 && f.pieces[0] === 'g7'));
        await waitPlies(a, 3);
        expect(await a.locator('.move-list [data-ply="3"]').count()).toBe(1);
        const s = await state(id);
        expect(s.toMove).toBe(1);
        // The premove was b1 to c1: b1 is empty now and c1 holds black.
        expect(await a.locator('[data-cell="b1"]').getAttribute('data-marble')).toBe('');
        expect(await a.locator('[data-cell="c1"]').getAttribute('data-marble')).toBe('b');
        // Escape cancels the next one.
        await a.locator('[data-cell="a1"]').click();
        await a.locator('[data-cell="b1"]').click();
        await a.locator('.board-wrap[data-premove="a1 b1"]').waitFor();
        await a.keyboard.press('Escape');
        await expect.poll(() => a.locator('[data-premove]').count()).toBe(0);
        await typeMove(b, await legalText(id, (f) => f.pieces?.length === 1 && f.pieces[0] === 'g6'));
        await notMoved(a, 4);
      } finally {
        await close();
      }
    });
  }

  for (const width of [1280, 390]) {
    it(`Palat: a tower and the cell it goes to, played when the turn comes (${width} px)`, async () => {
      const { a, b, id, close } = await pair(width, 'talat', 'palat');
      try {
        const pages = [a, b];
        // The set-up through the move boxes, both players taking the first listed move.
        for (let n = 0; n < 60 && (await a.locator('.talat-turn[data-phase="play"]').count()) === 0; n++) {
          const s = await state(id);
          const before = await a.locator('.match').getAttribute('data-version');
          await typeMove(pages[s.toMove]!, s.legal![0]!.text);
          await a.locator(`.match:not([data-version="${before}"])`).waitFor({ timeout: replyMs });
        }
        await a.locator('.talat-turn[data-phase="play"]').waitFor();
        // Rounds: on our turn we play one step and queue another of that
        // turn's steps as a premove; the opponent answers. A premove the
        // answer left legal is played at once; the others are dropped.
        let fired = 0;
        for (let round = 0; round < 6 && fired === 0; round++) {
          if ((await state(id)).toMove === 1) {
            const s = await state(id);
            await typeMove(b, s.legal![0]!.text);
          }
          await a.locator('.turn.mine').waitFor({ timeout: replyMs });
          const s = await state(id);
          const steps = (s.board?.moves ?? []).flatMap((f, i) => (f.from && f.to ? [{ f, text: s.legal![i]!.text }] : []));
          const now = steps[0]!;
          const later = steps.find((m) => m.f.from !== now.f.from && m.f.to !== now.f.to && m.f.from !== now.f.to && m.f.to !== now.f.from);
          if (!later) break;
          const n = await plies(a);
          await typeMove(a, now.text);
          await waitPlies(a, n + 1);
          await a.locator(`[data-cell="${later.f.from}"]`).click();
          await a.locator(`[data-cell="${later.f.to}"]`).click();
          await a.locator(`.board-wrap[data-premove="${later.f.from} ${later.f.to}"]`).waitFor();
          expect(await a.locator(`[data-cell="${later.f.to}"]`).getAttribute('class')).toContain('premove');
          const answer = await state(id);
          if (answer.toMove !== 1) break; // the game ended
          await typeMove(b, answer.legal![0]!.text);
          await waitPlies(a, n + 2);
          await a.waitForTimeout(800);
          if ((await plies(a)) === n + 3) {
            expect((await state(id)).moves?.[n + 2]).toBe(later.text);
            fired++;
          } else {
            expect(await a.locator('[data-premove]').count()).toBe(0);
          }
        }
        expect(fired).toBeGreaterThan(0);
      } finally {
        await close();
      }
    }, 120_000);
  }

  it('with confirmation on, a premove that comes due waits for the confirmation', async () => {
    const { a, b, id, close } = await pair(1280, 'pathagon');
    try {
      await a.locator('details.settings summary').click();
      await a.locator('.settings input[name="confirm"]').check();
      expect(await a.locator('.settings input[name="premove"]').isChecked()).toBe(true);
      await a.locator('details.settings summary').click();
      await a.locator('[data-cell="d4"]').click();
      await a.locator('.confirm-move button.primary').click();
      await waitPlies(a, 1);
      await a.locator('[data-cell="b2"]').click();
      await a.locator('.board-wrap[data-premove="b2"]').waitFor();
      await typeMove(b, await legalText(id, (f) => f.from === undefined && f.to === 'f6'));
      await a.locator('.confirm-move[data-confirm]').waitFor({ timeout: replyMs });
      expect(await plies(a)).toBe(2);
      expect(await a.locator('.confirm-move').getAttribute('data-confirm')).toContain('b2');
      await a.locator('.confirm-move button.primary').click();
      await waitPlies(a, 3);
      expect(await plyText(a, 3)).toContain('b2');
    } finally {
      await close();
    }
  });

  it('with premove off in the settings, clicks on the opponent’s turn do nothing', async () => {
    const { a, b, id, close } = await pair(390, 'pathagon');
    try {
      await a.locator('details.settings summary').click();
      await a.locator('.settings input[name="premove"]').uncheck();
      await a.locator('details.settings summary').click();
      await a.locator('[data-cell="d4"]').click();
      await waitPlies(a, 1);
      await a.locator('[data-cell="b2"]').click();
      expect(await a.locator('[data-premove]').count()).toBe(0);
      await typeMove(b, await legalText(id, (f) => f.from === undefined && f.to === 'f6'));
      await notMoved(a, 2);
    } finally {
      await close();
    }
  });
});
