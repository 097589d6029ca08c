// How a finished game reads: the seats' names and colours in the player
// bars, and the result line of each kind of ending, in English, Russian
// and Ukrainian.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMatch, launch, replyMs, startServer, type CreateOptions, type Server } from './harness';

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

const create = (page: Page, game: string, o: CreateOptions = {}) => createMatch(page, server.url, game, o);

interface Wire {
  status: string;
  toMove: number;
  legal: { text: string }[] | null;
}

/** state reads the match as a spectator would. */
async function state(id: string): Promise<Wire> {
  return (await (await fetch(`${server.url}/api/matches/${id}`)).json()) as Wire;
}

/**
 * playOut plays seat me's moves (the first legal move the pick function
 * chooses) through the page's move box until the game is over.
 */
async function playOut(page: Page, id: string, me: number, pick: (legal: string[], n: number) => string, maxPlies = 400): Promise<void> {
  for (let n = 0; n < maxPlies; n++) {
    await page.locator('.turn.mine, [data-result]').first().waitFor({ timeout: replyMs });
    if ((await page.locator('[data-result]').count()) > 0) return;
    const s = await state(id);
    if (s.status === 'finished') return;
    if (s.toMove !== me || !s.legal?.length) continue;
    const before = await page.locator('.match').getAttribute('data-version');
    await page.fill('input[name="move"]', pick(s.legal.map((m) => m.text), n));
    await page.click('.move-input button[type="submit"]');
    await page.locator(`.match:not([data-version="${before}"])`).waitFor({ timeout: replyMs });
  }
  throw new Error(`no result after ${maxPlies} moves`);
}

/** setLang switches the interface language with the page's own switch. */
const setLang = (page: Page, lang: string) => page.selectOption('label.lang select', lang);

/** The result line of a finished game, with the game-over summary around it. */
const resultText = async (page: Page) => (await page.locator('[data-summary] [data-result]').textContent())?.replace(/\s+/g, ' ').trim() ?? '';

/** A small deterministic move picker (a linear congruential sequence). */
function picker(seed: number): (legal: string[]) => string {
  return (legal) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return legal[seed % legal.length]!;
  };
}

describe('how a result reads (defect 9)', () => {
  it('Abalone: a push-off is worded in every language, never as its code', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    try {
      // One marble pushed off wins: the bot does it within a few dozen moves.
      const id = await create(page, 'abalone', { opponent: 'bot:easy', seat: 0, options: { marblesToWin: '1' } });
      await playOut(page, id, 0, picker(7));
      const res = (await (await fetch(`${server.url}/api/matches/${id}`)).json()) as { result: { reason: string } };
      expect(res.result.reason).toBe('push-off');
      const want: [string, RegExp][] = [
        ['en', /^You lose — White wins by pushing marbles off$/],
        ['ru', /^Вы проиграли — Победа: Белые \(шары вытолкнуты\)$/],
        ['uk', /^Ви програли — .*Білі.* \(кулі виштовхнуто\)$/],
      ];
      for (const [lang, re] of want) {
        await setLang(page, lang);
        await expect.poll(() => resultText(page)).toMatch(re);
        expect(await resultText(page)).not.toMatch(/push-off|p1|p2/);
      }
    } finally {
      await page.close();
    }
  });

  for (const width of [390, 1280]) {
    it(`Palaboratory: a solved task says so, counts its moves, and offers to play again (${width} px)`, async () => {
      const page = await browser.newPage({ viewport: { width, height: width === 390 ? 844 : 800 }, locale: 'ru-RU' });
      try {
        await create(page, 'palaboratory', { variant: 'green', options: { card: '2', from: '1' } });
        await page.locator('.lab-counter[data-moves="0"]').waitFor();
        // The one seat is named in Russian, not by its code "player".
        const bar = page.locator('.player[data-seat="0"] .pname');
        expect(await bar.textContent()).toBe('Игрок');
        // The solver's record: turn (-1,0) to 2, turn (-1,1) to 1, add (-2,1):0.
        await page.locator('[data-tile="(-1,0):0"]').click();
        await page.locator('.picker [data-orient="2"]').click();
        await page.locator('.lab-counter[data-moves="1"]').waitFor();
        await page.locator('[data-tile="(-1,1):0"]').click();
        await page.locator('.picker [data-orient="1"]').click();
        await page.locator('.lab-counter[data-moves="2"]').waitFor();
        await page.locator('[data-cell="(-2,1)"]').click();
        await page.locator('.picker [data-orient="0"]').click();
        await page.locator('[data-summary]').waitFor();
        for (const [lang, head, again] of [
          ['en', 'Task solved!', 'Play again'],
          ['ru', 'Задача решена!', 'Сыграть ещё'],
          ['uk', 'Задачу розв’язано!', 'Зіграти ще'],
        ] as const) {
          await setLang(page, lang);
          await expect.poll(() => resultText(page)).toBe(head);
          // Two moves counted (placing a tile is free), as the board says.
          expect(await page.locator('[data-summary-moves]').textContent()).toBe('2');
          expect(await page.locator('[data-summary] .facts').textContent()).not.toMatch(/player|Scores|Очки/);
          expect(await page.locator('[data-summary] .actions button.primary').textContent()).toBe(again);
        }
      } finally {
        await page.close();
      }
    });
  }

  it('Palagonia: numbered seats read as players in the language of the page', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'uk-UA' });
    try {
      await create(page, 'palagonia', { players: 3 });
      await page.locator('.player[data-seat="2"]').waitFor();
      const names = await page.locator('.player .pname').allTextContents();
      expect(names.sort()).toEqual(['Гравець 1', 'Гравець 2', 'Гравець 3']);
    } finally {
      await page.close();
    }
  });
});

/** bars reads every player bar: its seat, name and swatch colours. */
async function bars(page: Page): Promise<{ seat: string; name: string; swatches: string[] }[]> {
  return page.locator('.player').evaluateAll((els) =>
    els
      .map((e) => ({
        seat: e.getAttribute('data-seat') ?? '',
        name: e.querySelector('.pname')?.textContent ?? '',
        swatches: [...e.querySelectorAll('.swatch')].map((s) => [...s.classList].find((c) => c.startsWith('swatch-'))!.slice('swatch-'.length)),
      }))
      .sort((a, b) => a.seat.localeCompare(b.seat)),
  );
}

describe('each seat shows the colours it plays', () => {
  for (const width of [390, 1280]) {
    it(`Palago: the first mover is blue, the other yellow, in the bars (defect 2, ${width} px)`, async () => {
      const page = await browser.newPage({ viewport: { width, height: width === 390 ? 844 : 800 }, locale: 'en-US' });
      try {
        // Seat 1 moves first here, so seat 1 is blue: the colour follows the first move, not the seat.
        await create(page, 'palago', { opponent: 'random', options: { firstPlayer: 'p2' } });
        await page.locator('.player[data-seat="1"]').waitFor();
        expect(await bars(page)).toEqual([
          { seat: '0', name: 'Yellow', swatches: ['yellow'] },
          { seat: '1', name: 'Blue', swatches: ['blue'] },
        ]);
        // The swatches are painted in different colours.
        const fills = await page.locator('.player .swatch').evaluateAll((els) => els.map((e) => getComputedStyle(e).backgroundColor));
        expect(new Set(fills).size).toBe(2);
        await setLang(page, 'ru');
        await expect.poll(async () => (await bars(page)).map((b) => b.name)).toEqual(['Жёлтые', 'Синие']);
        // Whose move it is is said by colour too.
        await page.locator('.turn.mine').waitFor({ timeout: replyMs });
      } finally {
        await page.close();
      }
    });

    it(`Villa Paletti for two: each bar shows both colours its player owns (defect 3, ${width} px)`, async () => {
      const page = await browser.newPage({ viewport: { width, height: width === 390 ? 844 : 800 }, locale: 'en-US' });
      try {
        await create(page, 'villapaletti', { players: 2, opponent: 'random' });
        await page.locator('.player[data-seat="1"]').waitFor();
        expect(await bars(page)).toEqual([
          { seat: '0', name: 'Blue and green', swatches: ['blue', 'green'] },
          { seat: '1', name: 'Yellow and red', swatches: ['yellow', 'red'] },
        ]);
        await setLang(page, 'uk');
        await expect.poll(async () => (await bars(page)).map((b) => b.name)).toEqual(['Сині і зелені', 'Жовті і червоні']);
      } finally {
        await page.close();
      }
    });
  }
});

describe('a game everyone lost (defect 4)', () => {
  // Found by seeded random playouts of the rules (games/villapaletti):
  // two players placing columns until the villa falls before anyone has
  // held the Master Builder seal, one record for each seat moving first
  // (the server draws it). The rules say nobody wins then.
  const records: Record<number, string[]> = {
    0: [
      'blue-thick:0>(20,-20)', 'red-thick:0>(-30,50)', 'green-thin-1:0>(60,10)', 'red-thin-2:0>(10,10)', 'green-thin-2:0>(-50,20)',
      'yellow-thin-2:0>(-80,0)', 'blue-thin-3:0>(0,-70)', 'propose:green(10,30,150)', 'red-thin-1:0>(-10,-50)', 'propose:green(20,-30,210)',
      'blue-thin-1:0>(50,60)', 'red-thin-3:0>(20,30)', 'green-medium:0>(40,-60)', 'yellow-thin-3:0>(70,50)', 'blue-medium:0>(-80,30)',
      'red-medium:0>(-70,-20)', 'green-thin-3:0>(-50,-10)', 'yellow-thick:0>(-50,-50)', 'blue-thin-2:0>(-30,10)', 'propose:green(20,30,150)',
      'yellow-thin-1:0>(-10,-20)', 'green-thick:0>(20,70)', 'yellow-medium:0>(0,70)', 'propose:green(20,30,150)',
    ],
    1: [
      'red-thin-3:0>(60,30)', 'blue-thin-3:0>(60,-50)', 'red-thin-2:0>(40,50)', 'green-thin-3:0>(40,20)', 'yellow-thin-2:0>(40,-60)',
      'green-medium:0>(-20,30)', 'yellow-thick:0>(-10,-30)', 'blue-thick:0>(-50,-50)', 'red-thick:0>(20,-30)', 'blue-thin-2:0>(60,-20)',
      'yellow-medium:0>(-80,0)', 'blue-medium:0>(-60,50)', 'yellow-thin-3:0>(10,-80)',
    ],
  };

  it('Villa Paletti: a collapse before anyone holds the seal reads "Nobody wins", not a draw, for both players and in the record', async () => {
    const a = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    const b = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    try {
      const id = await create(a, 'villapaletti', { players: 2, opponent: '' });
      await b.goto(`${server.url}/match/${id}`);
      await b.locator('.seat-offer button').click();
      await b.locator('input[name="move"]').waitFor();
      const pages = [a, b];
      const record = records[(await state(id)).toMove]!;
      for (const [i, move] of record.entries()) {
        const s = await state(id);
        expect(s.status, `before move ${i + 1}`).not.toBe('finished');
        const page = pages[s.toMove]!;
        await page.locator('.turn.mine').waitFor({ timeout: replyMs });
        await page.fill('input[name="move"]', move);
        await page.click('.move-input button[type="submit"]');
        await a.locator(`.move-list [data-ply="${i + 1}"], .side .error`).first().waitFor({ timeout: replyMs });
        expect(await a.locator('.side .error').count(), `move ${i + 1} ${move}: ${await page.locator('.side .error').allTextContents()}`).toBe(0);
      }
      const res = (await (await fetch(`${server.url}/api/matches/${id}`)).json()) as { status: string; result: { winners: number[]; reason: string; allLose?: boolean; text: string } };
      expect(res.status).toBe('finished');
      expect(res.result).toMatchObject({ winners: [], reason: 'collapse', allLose: true });
      expect(res.result.text).toMatch(/^nobody wins by collapse/);
      const text = await (await fetch(`${server.url}/api/matches/${id}/record`)).text();
      expect(text).not.toMatch(/\bdraw\b/i);
      for (const page of pages) {
        await expect.poll(() => resultText(page)).toBe('You lose — Nobody wins after the collapse');
        expect(await page.locator('[data-summary] [data-result]').getAttribute('data-result')).toBe('nobody');
      }
      await setLang(b, 'ru');
      await expect.poll(() => resultText(b)).toBe('Вы проиграли — Никто не победил (вилла рухнула)');
      await setLang(b, 'uk');
      await expect.poll(() => resultText(b)).toBe('Ви програли — Ніхто не переміг (вілла завалилася)');
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('offering a draw (defect 7)', () => {
  for (const width of [390, 1280]) {
    it(`to a bot says at once that bots never accept, in every language (${width} px)`, async () => {
      const page = await browser.newPage({ viewport: { width, height: width === 390 ? 844 : 800 }, locale: 'en-US' });
      try {
        await create(page, 'pathagon', { opponent: 'random', seat: 0 });
        await page.locator('.turn.mine').waitFor({ timeout: replyMs });
        // A first move, so that the draw button is there (before it, Abort is).
        const s = await state((page.url().split('/').pop())!);
        await page.fill('input[name="move"]', s.legal![0]!.text);
        await page.click('.move-input button[type="submit"]');
        await page.locator('.turn.mine').waitFor({ timeout: replyMs });
        await page.getByRole('button', { name: 'Offer draw' }).click();
        const note = page.locator('[data-draw-pending="bot"]');
        await note.waitFor({ timeout: 5000 });
        expect(await note.textContent()).toMatch(/never accept a draw/);
        expect(await note.isVisible()).toBe(true);
        await setLang(page, 'ru');
        await expect.poll(() => note.textContent()).toMatch(/никогда не соглашается на ничью/);
        await setLang(page, 'uk');
        await expect.poll(() => note.textContent()).toMatch(/ніколи не погоджується на нічию/);
      } finally {
        await page.close();
      }
    });
  }
});

describe('saving the game from the page (defect 16)', () => {
  for (const width of [390, 1280]) {
    it(`downloads and copies the record, numbered by turn, and copies the position (${width} px)`, async () => {
      const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 800 }, locale: 'en-US', acceptDownloads: true });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
      const page = await context.newPage();
      try {
        const id = await create(page, 'pathagon', { opponent: 'random', seat: 0 });
        // Three of our moves and the bot's answers: five plies or more.
        for (let i = 0; i < 3; i++) {
          await page.locator('.turn.mine').waitFor({ timeout: replyMs });
          const s = await state(id);
          await page.fill('input[name="move"]', s.legal![0]!.text);
          await page.click('.move-input button[type="submit"]');
          await page.locator(`.move-list [data-ply="${2 * i + 2}"]`).waitFor({ timeout: replyMs });
        }
        const moves = await page.locator('.move-list [data-ply]').allTextContents();
        await page.locator('[data-export] summary').click();
        const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-download="text"]').click()]);
        expect(download.suggestedFilename()).toBe(`pathagon-${id}.txt`);
        const text = readFileSync((await download.path())!, 'utf8');
        // One line a turn: "1. light's move dark's move".
        const lines = text.split('\n').filter((l) => l !== '' && !l.startsWith('#'));
        expect(lines).toEqual([`1. ${moves[0]} ${moves[1]}`, `2. ${moves[2]} ${moves[3]}`, `3. ${moves[4]} ${moves[5]}`]);
        const [json] = await Promise.all([page.waitForEvent('download'), page.locator('[data-download="json"]').click()]);
        const rec = JSON.parse(readFileSync((await json.path())!, 'utf8')) as { moves: { text: string }[] };
        expect(rec.moves.map((m) => m.text)).toEqual(moves);
        await page.locator('[data-copy="record"]').click();
        await page.locator('[data-copy="record"]', { hasText: 'Copied' }).waitFor();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
        await page.locator('[data-copy="position"]').click();
        await page.locator('[data-copy="position"]', { hasText: 'Copied' }).waitFor();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe((await (await fetch(`${server.url}/api/matches/${id}`)).json()).position);
        const box = (await page.locator('[data-export]').boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        await setLang(page, 'uk');
        await expect.poll(() => page.locator('[data-download="text"]').textContent()).toBe('Завантажити запис (текст)');
      } finally {
        await context.close();
      }
    });
  }
});

describe('starting and ending a match (defect 17)', () => {
  it('an unknown match id says so without opening a WebSocket', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    try {
      // The match's socket, that is: every page keeps the lobby stream (notifications).
      const sockets: string[] = [];
      page.on('websocket', (ws) => ws.url().includes('/ws/matches/') && sockets.push(ws.url()));
      await page.goto(`${server.url}/match/m_nosuchmatch`);
      await page.getByText('There is no such match.').waitFor();
      await page.waitForTimeout(500);
      expect(sockets).toEqual([]);
    } finally {
      await page.close();
    }
  });

  for (const width of [390, 1280]) {
    it(`the second seat can abort a bot game whose bot moved first (${width} px)`, async () => {
      const page = await browser.newPage({ viewport: { width, height: width === 390 ? 844 : 800 }, locale: 'en-US' });
      try {
        // Light moves first in Pathagon: the bot plays Light, we play Dark.
        await create(page, 'pathagon', { opponent: 'random', seat: 1 });
        await page.locator('.move-list [data-ply="1"]').waitFor({ timeout: replyMs });
        await page.locator('.turn.mine').waitFor({ timeout: replyMs });
        await page.getByRole('button', { name: 'Abort' }).click();
        await page.locator('.match[data-status="aborted"]').waitFor();
        expect((await page.locator('[data-summary] [data-result]').textContent())?.trim()).toBe('Game aborted');
      } finally {
        await page.close();
      }
    });
  }

  for (const width of [390, 1280]) {
    it(`no clock runs before the first move (${width} px)`, async () => {
      const page = await browser.newPage({ viewport: { width, height: width === 390 ? 844 : 800 }, locale: 'en-US' });
      try {
        await page.goto(server.url + '/');
        await page.selectOption('select[name="game"]', 'pathagon');
        await page.check('input[name="opponent"][value="random"]');
        await page.selectOption('select[name="seat"]', '0'); // Light: we move first
        await page.selectOption('select[name="time"]', '1'); // 3 min + 2 s
        await page.click('form.create button[type="submit"]');
        await page.waitForURL(/\/match\/[\w-]+$/);
        const ours = page.locator('.player[data-seat="0"] .clock');
        await page.locator('.turn.mine').waitFor({ timeout: replyMs });
        // Long enough for a running clock to show a second less.
        await page.waitForTimeout(2200);
        expect(await page.locator('.clock.running').count()).toBe(0);
        expect((await ours.textContent())?.trim()).toBe('3:00');
        await page.locator('.player[data-seat="0"] [data-clock-waits]').waitFor();
        await page.locator('[data-clock-waits-note]').waitFor();
        // Our first move: its increment is added, and the bot's clock runs.
        await page.locator('[data-cell].target').first().click();
        await page.locator('.move-list [data-ply="1"]').waitFor({ timeout: replyMs });
        expect(['3:02', '3:01']).toContain((await ours.textContent())?.trim());
        // Once the bot has answered, our clock runs.
        await page.locator('.player[data-seat="0"] .clock.running').waitFor({ timeout: replyMs });
        expect(await page.locator('[data-clock-waits]').count()).toBe(0);
      } finally {
        await page.close();
      }
    });
  }

  it('an agreed rematch takes both players to the new match', async () => {
    const a = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    const b = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    try {
      const id = await create(a, 'pathagon', { opponent: '', seat: 0 });
      await b.goto(`${server.url}/match/${id}`);
      await b.locator('.seat-offer button').click();
      await a.locator('.turn.mine').waitFor({ timeout: replyMs });
      const s = await state(id);
      await a.fill('input[name="move"]', s.legal![0]!.text);
      await a.click('.move-input button[type="submit"]');
      await b.locator('.turn.mine').waitFor({ timeout: replyMs });
      // Seat 0 has moved: it resigns (seat 1 could still abort).
      a.once('dialog', (d) => void d.accept());
      await a.getByRole('button', { name: 'Resign' }).click();
      for (const p of [a, b]) await p.locator('[data-summary]').waitFor();
      await a.getByRole('button', { name: 'Rematch' }).click();
      await b.getByText('wants a rematch').waitFor();
      await b.getByRole('button', { name: 'Rematch' }).click();
      for (const p of [a, b]) await p.waitForURL((u) => /\/match\/[\w-]+$/.test(u.pathname) && !u.pathname.endsWith(id), { timeout: replyMs });
      expect(a.url()).toBe(b.url());
      // Both arrive seated in the new match.
      for (const p of [a, b]) await p.locator('.player .muted', { hasText: '(you)' }).waitFor();
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('the clock after a server restart (defect 5)', () => {
  /** seconds reads m:ss (or 0:0s.d) as seconds. */
  const seconds = (text: string) => {
    const [m, s] = text.trim().split(':');
    return Number(m) * 60 + Number(s);
  };

  it('shows the server’s time left, not the time left minus the downtime', async (ctx) => {
    if (!server.restart) ctx.skip();
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    try {
      await page.goto(server.url + '/');
      await page.selectOption('select[name="game"]', 'pathagon');
      // The bot plays Light and moves first (the first move is not timed):
      // then our clock runs.
      await page.check('input[name="opponent"][value="random"]');
      await page.selectOption('select[name="seat"]', '1');
      await page.selectOption('select[name="time"]', '1'); // 3 min + 2 s
      await page.click('form.create button[type="submit"]');
      await page.waitForURL(/\/match\/[\w-]+$/);
      const id = page.url().split('/').pop()!;
      const clock = page.locator('.player[data-seat="1"] .clock.running');
      await clock.waitFor();
      // The server does not charge the time it was down (docs/protocol.md).
      const downMs = 8000;
      await server.restart!(downMs);
      const serverLeft = async () => {
        const s = (await (await fetch(`${server.url}/api/matches/${id}`)).json()) as { clocks: { remaining: number[]; at: number } };
        return (s.clocks.remaining[1]! - (Date.now() - s.clocks.at)) / 1000;
      };
      // Once the page has reconnected, its clock agrees with the server's
      // to within the display's second and the transit.
      await expect
        .poll(
          async () => {
            const shown = seconds((await clock.textContent()) ?? '');
            const left = await serverLeft();
            return Math.abs(shown - left);
          },
          { timeout: replyMs, interval: 500 },
        )
        .toBeLessThan(2.5);
      expect(await page.locator('.notice', { hasText: 'Reconnecting' }).count()).toBe(0);
    } finally {
      await page.close();
    }
  });
});

describe('the move list (defect 6)', () => {
  for (const width of [390, 1280]) {
    it(`long Villa Paletti moves stay beside their number and inside the list (${width} px)`, async () => {
      const page = await browser.newPage({ viewport: { width, height: width === 390 ? 844 : 800 }, locale: 'en-US' });
      try {
        const id = await create(page, 'villapaletti', { players: 2, opponent: 'random', seat: 0 });
        const pick = picker(3);
        for (let i = 0; i < 3; i++) {
          await page.locator('.turn.mine, [data-result]').first().waitFor({ timeout: replyMs });
          if ((await page.locator('[data-result]').count()) > 0) break;
          const s = await state(id);
          if (s.toMove !== 0) continue;
          const before = await page.locator('.move-list [data-ply]').count();
          await page.fill('input[name="move"]', pick(s.legal!.map((m) => m.text)));
          await page.click('.move-input button[type="submit"]');
          await page.locator(`.move-list [data-ply="${before + 1}"]`).waitFor({ timeout: replyMs });
        }
        await page.locator('.move-list [data-ply="3"]').waitFor({ timeout: replyMs });
        const bad = await page.locator('.move-list li').evaluateAll((rows) => {
          const out: string[] = [];
          for (const li of rows) {
            const list = li.closest('ol')!.getBoundingClientRect();
            const n = li.querySelector('.n')!.getBoundingClientRect();
            for (const mv of li.querySelectorAll('.mv')) {
              const b = mv.getBoundingClientRect();
              if (b.left < n.right - 0.5) out.push(`${mv.textContent} starts under the number (${b.left} < ${n.right})`);
              if (b.right > list.right + 0.5) out.push(`${mv.textContent} runs past the list (${b.right} > ${list.right})`);
              if ((mv as HTMLElement).scrollWidth > (mv as HTMLElement).clientWidth + 1) out.push(`${mv.textContent} is cut`);
            }
          }
          return out;
        });
        expect(bad).toEqual([]);
      } finally {
        await page.close();
      }
    });
  }
});

describe('Palagonia dice (defect 12)', () => {
  it('are drawn once while the player chooses one, with a key to the ✕ and ↻ faces in every language', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    try {
      const id = await create(page, 'palagonia', { players: 3, opponent: 'random' });
      const pick = picker(11);
      let chose = false;
      for (let n = 0; n < 60 && !chose; n++) {
        await page.locator('.turn.mine, [data-result]').first().waitFor({ timeout: replyMs });
        if ((await page.locator('[data-result]').count()) > 0) break;
        const s = await state(id);
        if (s.toMove !== 0 || !s.legal?.length) continue;
        if ((await page.locator('[data-use]').count()) > 0) {
          chose = true;
          // The two dice to choose from, and no second drawing of them.
          expect(await page.locator('.palagonia-board .die').count()).toBe(await page.locator('[data-use]').count());
          const legend = page.locator('[data-dice-legend]');
          expect(await legend.textContent()).toMatch(/✕ removes a tile, ↻ rotates one/);
          await setLang(page, 'ru');
          await expect.poll(() => legend.textContent()).toMatch(/✕ — убрать фишку, ↻ — повернуть фишку/);
          await setLang(page, 'uk');
          await expect.poll(() => legend.textContent()).toMatch(/✕ — прибрати фішку, ↻ — повернути фішку/);
          break;
        }
        const before = await page.locator('.match').getAttribute('data-version');
        await page.fill('input[name="move"]', pick(s.legal.map((m) => m.text)));
        await page.click('.move-input button[type="submit"]');
        await page.locator(`.match:not([data-version="${before}"])`).waitFor({ timeout: replyMs });
      }
      expect(chose, 'no turn offered a choice of dice').toBe(true);
    } finally {
      await page.close();
    }
  });
});

describe('Pathagon from the keyboard (defect 11)', () => {
  for (const width of [390, 1280]) {
    it(`arrow keys move the focus between cells, flipped too (${width} px)`, async () => {
      const page = await browser.newPage({ viewport: { width, height: width === 390 ? 844 : 800 }, locale: 'en-US' });
      try {
        await create(page, 'pathagon', { opponent: 'random', seat: 0 });
        await page.locator('.turn.mine').waitFor({ timeout: replyMs });
        const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-cell') ?? null);
        await page.locator('[data-cell="d4"]').focus();
        const steps: [string, string][] = [
          ['ArrowRight', 'e4'],
          ['ArrowUp', 'e5'],
          ['ArrowLeft', 'd5'],
          ['ArrowDown', 'd4'],
        ];
        for (const [key, want] of steps) {
          await page.keyboard.press(key);
          expect(await focused(), key).toBe(want);
        }
        // Flipped, the board turns round: right on screen is towards a.
        await page.getByRole('button', { name: 'Flip board' }).click();
        await page.locator('[data-cell="d4"]').focus();
        await page.keyboard.press('ArrowRight');
        expect(await focused()).toBe('c4');
        await page.keyboard.press('ArrowUp');
        expect(await focused()).toBe('c3');
        // Enter plays the focused cell.
        await page.keyboard.press('Enter');
        await page.locator('.move-list [data-ply="1"]').waitFor({ timeout: replyMs });
        expect(await page.locator('.move-list [data-ply="1"]').textContent()).toMatch(/^c3/);
      } finally {
        await page.close();
      }
    });
  }
});
