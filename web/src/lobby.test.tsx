// @vitest-environment happy-dom
// The lobby's opponents and the result line of endings that are no
// player's doing, rendered in every language.
import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { account } from './account-state';
import { lang } from './app-state';
import { langs, t } from './i18n';
import { Lobby } from './pages/lobby';
import { verdictText } from './pages/match';
import type { GameInfo } from './protocol';
import { state } from './testutil';

const game: GameInfo = {
  id: 'pathagon', title: 'Pathagon', minPlayers: 2, maxPlayers: 2, defaultPlayers: 2,
  playerNames: ['light', 'dark'], variants: ['standard'], options: null,
  bots: ['random', 'bot:easy', 'bot:medium', 'bot:hard', 'bot:max', 'aba-pro'],
};

let root: HTMLElement;
beforeEach(() => {
  root = document.createElement('div');
  document.body.appendChild(root);
});
afterEach(() => {
  render(null, root);
  root.remove();
  lang.value = 'en';
  vi.unstubAllGlobals();
});

async function until(cond: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !cond(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(cond()).toBe(true);
}

describe('the lobby’s opponents', () => {
  it('lists every offered bot by name with its description, an engine by its name, and the open seat', async () => {
    vi.stubGlobal('fetch', async (url: string) =>
      new Response(url.startsWith('/api/games') ? JSON.stringify({ games: [game] }) : '{"matches":[]}', { status: 200 }),
    );
    for (const l of langs) {
      lang.value = l;
      render(<Lobby />, root);
      await until(() => root.querySelectorAll('label.opponent').length > 0);
      const rows = [...root.querySelectorAll('label.opponent')].map((r) => ({
        bot: r.getAttribute('data-bot'),
        name: r.querySelector('.opponent-name')!.textContent,
        desc: r.querySelector('.opponent-desc')!.textContent,
        value: r.querySelector('input')!.getAttribute('value'),
      }));
      expect(rows.map((r) => r.bot)).toEqual([...game.bots!, '']);
      expect(rows.map((r) => r.value)).toEqual([...game.bots!, '']);
      const levels = ['random', 'easy', 'medium', 'hard', 'max'] as const;
      expect(rows.slice(0, 5).map((r) => r.name)).toEqual(levels.map((k) => t(l, `bot.${k}`)));
      // No rating list for this game: each level is described by the generic range.
      expect(rows[0]!.desc).toBe(t(l, 'bot.random.desc'));
      const rated = ['easy', 'medium', 'hard', 'max'] as const;
      expect(rows.slice(1, 5).map((r) => r.desc)).toEqual(rated.map((k) => `${t(l, `bot.${k}.desc`)}. ${t(l, `bot.${k}.scale`)}`));
      expect(rows[5]).toMatchObject({ name: 'aba-pro', desc: t(l, 'bot.engine.desc') });
      expect(rows[6]).toMatchObject({ name: t(l, 'lobby.open'), desc: t(l, 'lobby.open.desc') });
      expect((root.querySelector('input[name="opponent"]:checked') as HTMLInputElement).value).toBe('random');
      render(null, root);
    }
  });
});

describe('the lobby’s level ratings', () => {
  // Villa Paletti as the server lists it when two player counts were measured.
  const villa: GameInfo = {
    id: 'villapaletti', title: 'Villa Paletti', minPlayers: 2, maxPlayers: 4, defaultPlayers: 2,
    playerNames: ['a', 'b', 'c', 'd'], variants: ['standard'], options: null,
    bots: ['random', 'bot:easy', 'bot:medium', 'bot:hard', 'bot:max'],
    botRatings: [
      { variant: 'standard', players: 2, elo: { 'bot:easy': 77, 'bot:medium': 117, 'bot:hard': 379, 'bot:max': 1427 } },
      { variant: 'standard', players: 3, elo: { 'bot:easy': 181, 'bot:medium': 221, 'bot:hard': 250, 'bot:max': 268 } },
    ],
  };
  const descs = () => [...root.querySelectorAll('label.opponent .opponent-desc')].map((d) => d.textContent ?? '');

  it('describes each level by its rating for the chosen player count, and by the generic range where none was measured', async () => {
    vi.stubGlobal('fetch', async (url: string) =>
      new Response(url.startsWith('/api/games') ? JSON.stringify({ games: [villa] }) : '{"matches":[]}', { status: 200 }),
    );
    const levels = ['easy', 'medium', 'hard', 'max'] as const;
    const rated = (l: (typeof langs)[number], elo: string[]) => levels.map((k, i) => `${t(l, `bot.${k}.desc`)}. ${t(l, 'bot.rated', { elo: elo[i]! })}`);
    const players = () => root.querySelector('select[name="players"]') as HTMLSelectElement;
    for (const l of langs) {
      lang.value = l;
      render(<Lobby />, root);
      await until(() => root.querySelectorAll('label.opponent').length > 0);
      const max = (1427).toLocaleString(l); // "1,427" in English
      expect(descs().slice(1, 5), `${l} 2 players`).toEqual(rated(l, ['77', '117', '379', max]));
      players().value = '3';
      players().dispatchEvent(new Event('change'));
      await until(() => descs()[1]!.includes('181'));
      expect(descs().slice(1, 5), `${l} 3 players`).toEqual(rated(l, ['181', '221', '250', '268']));
      players().value = '4';
      players().dispatchEvent(new Event('change'));
      await until(() => !descs()[1]!.includes('181'));
      expect(descs().slice(1, 5), `${l} 4 players`).toEqual(levels.map((k) => `${t(l, `bot.${k}.desc`)}. ${t(l, `bot.${k}.scale`)}`));
      render(null, root);
    }
  });
});

describe('the lobby’s rated choice', () => {
  it('is offered to a logged-in player with open seats and a clock, and says why not otherwise, in every language', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return new Response('{"error":{"code":"unavailable","message":"no"}}', { status: 503 });
      }
      return new Response(url.startsWith('/api/games') ? JSON.stringify({ games: [game] }) : '{"matches":[]}', { status: 200 });
    });
    const why = () => root.querySelector('[data-rated-why]')?.getAttribute('data-rated-why') ?? '';
    const box = () => root.querySelector('input[name="rated"]') as HTMLInputElement | null;
    for (const l of langs) {
      lang.value = l;
      account.value = null;
      render(<Lobby />, root);
      await until(() => root.querySelector('form.create') !== null);
      expect(box()).toBeNull();
      expect(why()).toBe('lobby.rated.guest');
      expect(root.querySelector('[data-rated-why]')!.textContent).toBe(t(l, 'lobby.rated.guest'));

      account.value = { id: 'a_1', username: 'Alice', created: 0 };
      await until(() => box() !== null);
      expect(box()!.disabled).toBe(true);
      expect(why()).toBe('lobby.rated.noBots'); // the default opponent is a bot
      (root.querySelector('input[name="opponent"][value=""]') as HTMLInputElement).click();
      await until(() => why() === 'lobby.rated.needsClock');
      expect(root.querySelector('[data-rated-why]')!.textContent).toBe(t(l, 'lobby.rated.needsClock'));
      const time = root.querySelector('select[name="time"]') as HTMLSelectElement;
      time.value = '2';
      time.dispatchEvent(new Event('change'));
      await until(() => why() === '' && !box()!.disabled);
      box()!.click();
      await until(() => box()!.checked);
      (root.querySelector('form.create') as HTMLFormElement).dispatchEvent(new Event('submit', { cancelable: true }));
      await until(() => sent.length > 0);
      expect(sent.pop()).toMatchObject({ rated: true, timeControl: { kind: 'fischer' }, seats: [{ kind: 'human' }, { kind: 'human' }] });
      render(null, root);
    }
    account.value = null;
  });
});

describe('the result line', () => {
  it('words each ending that is no player’s doing, in every language', () => {
    const endings: { status: 'finished' | 'aborted'; winners: number[]; reason: string; key: string }[] = [
      { status: 'finished', winners: [0], reason: 'bot-failed', key: 'reason.bot-failed' },
      { status: 'aborted', winners: [], reason: 'bot-failed', key: 'reason.bot-failed' },
      { status: 'aborted', winners: [], reason: 'bot-unavailable', key: 'reason.bot-unavailable' },
      { status: 'aborted', winners: [], reason: 'expired', key: 'reason.expired' },
      { status: 'finished', winners: [1], reason: 'abandoned', key: 'reason.abandoned' },
      { status: 'aborted', winners: [], reason: 'abandoned', key: 'reason.abandoned' },
    ];
    for (const l of langs) {
      lang.value = l;
      for (const e of endings) {
        const s = state(5, { status: e.status, toMove: -1, result: { winners: e.winners, reason: e.reason, text: 'SERVER TEXT' } });
        const v = verdictText(s, 0);
        expect(v.reason, `${l} ${e.status} ${e.reason}`).toBe(t(l, e.key as 'reason.expired'));
        expect(v.head, `${l} ${e.status} ${e.reason}`).not.toBe('');
      }
    }
  });
});
