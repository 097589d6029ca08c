// @vitest-environment happy-dom
// The lobby's "Play someone" panel for a guest: a quick-pairing button
// seeks a casual game for the lobby stream, and cancels the seek when
// pressed again; a game of several players offers its counts; a typed
// time control out of bounds is told and not sent; every language has
// the labels.
import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => {
  const c: { method: string; url: string; body: unknown }[] = [];
  const f = (async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    c.push({ method, url, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined });
    const turn = { matches: [{ match: { id: 'm_9', game: 'pathagon', variant: 'standard', players: 2, status: 'live', seats: [{ seat: 0, name: 'light', kind: 'human', taken: true, connected: false, username: 'ann' }, { seat: 1, name: 'dark', kind: 'human', taken: true, connected: false, username: 'bob' }], timeControl: { kind: 'correspondence', days: 3 }, ply: 1, created: 1, updated: 2 }, seat: 1, deadline: 1_900_000_000_000 }] };
    const json = url === '/api/account' ? { account: null } : url === '/api/account/turn' ? turn : url.startsWith('/api/users/') ? { ratings: [] } : method === 'POST' ? { id: 's_1' } : {};
    return new Response(JSON.stringify(json), { status: url === '/api/seeks' ? 201 : 200 });
  }) as typeof fetch;
  globalThis.fetch = f;
  window.fetch = f;
  return c;
});

import { lang } from './app-state';
import { account } from './account-state';
import { langs, t } from './i18n';
import { lobbyConn, seekTables } from './lobby-stream';
import { SeeksPanel } from './pages/seeks-panel';
import type { GameInfo } from './protocol';

const pathagon: GameInfo = { id: 'pathagon', title: 'Pathagon', minPlayers: 2, maxPlayers: 2, defaultPlayers: 2, playerNames: ['light', 'dark'], variants: ['standard'], options: null, bots: [] };
const palagonia: GameInfo = {
  id: 'palagonia', title: 'Palagonia', minPlayers: 1, maxPlayers: 5, defaultPlayers: 3, allowedPlayers: [1, 3, 4, 5],
  playerNames: ['p1', 'p2', 'p3', 'p4', 'p5'], variants: ['standard'], options: null, bots: [],
};

let root: HTMLElement;
beforeEach(() => {
  root = document.createElement('div');
  document.body.appendChild(root);
  calls.length = 0;
  lobbyConn.value = 'l_conn';
  seekTables.value = [];
});
afterEach(() => {
  render(null, root);
  root.remove();
  lang.value = 'en';
});

const tick = () => new Promise((r) => setTimeout(r, 0));
const posts = () => calls.filter((c) => c.method === 'POST');

describe('the seeks panel', () => {
  it('quick-pairs a guest casually, and a second press cancels', async () => {
    render(<SeeksPanel games={[pathagon, palagonia]} />, root);
    expect(root.querySelector('input[name="seek.rated"]')).toBeNull();
    const b = root.querySelector('button[data-quick="0"]') as HTMLButtonElement;
    expect(b.getAttribute('aria-label')).toBe('Seek Pathagon, 3 min + 2 s');
    b.click();
    await tick();
    expect(posts()).toEqual([
      { method: 'POST', url: '/api/seeks', body: { conn: 'l_conn', game: 'pathagon', variant: 'standard', players: 2, timeControl: { kind: 'fischer', baseMs: 180_000, incrementMs: 2000 }, rated: false } },
    ]);
    seekTables.value = [{ game: 'pathagon', variant: 'standard', players: 2, timeControl: { kind: 'fischer', baseMs: 180_000, incrementMs: 2000 }, rated: false, seekers: [{ id: 's_1', created: 1, mine: true }] }];
    await tick();
    expect(b.getAttribute('aria-pressed')).toBe('true');
    expect(b.getAttribute('aria-label')).toBe('Stop seeking Pathagon, 3 min + 2 s');
    b.click();
    await tick();
    expect(posts()[1]).toEqual({ method: 'POST', url: '/api/seeks/s_1/cancel', body: { conn: 'l_conn' } });
  });

  it('offers the player counts of a game of several players', async () => {
    render(<SeeksPanel games={[pathagon, palagonia]} />, root);
    const game = root.querySelector('select[name="seek.game"]') as HTMLSelectElement;
    game.value = 'palagonia';
    game.dispatchEvent(new Event('change', { bubbles: true }));
    await tick();
    const counts = [...root.querySelectorAll('select[name="seek.players"] option')].map((o) => o.getAttribute('value'));
    expect(counts).toEqual(['3', '4', '5']);
  });

  it('tells a typed time control out of bounds and sends nothing', async () => {
    render(<SeeksPanel games={[pathagon]} />, root);
    const base = root.querySelector('input[name="seek.tc.base"]') as HTMLInputElement;
    base.value = '2000';
    base.dispatchEvent(new Event('input', { bubbles: true }));
    await tick();
    (root.querySelector('.seek-custom form') as HTMLFormElement).dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    await tick();
    expect(root.querySelector('[data-seek-error]')!.textContent).toBe(t('en', 'tc.bad.base'));
    expect(posts()).toEqual([]);
  });

  it('lists the correspondence games waiting for the account, and offers it rated play', async () => {
    await tick();
    account.value = { id: 'a_2', username: 'bob', created: 1 };
    try {
      render(<SeeksPanel games={[pathagon]} />, root);
      for (let i = 0; i < 100 && !root.querySelector('[data-turn-match]'); i++) await tick();
      const row = root.querySelector('[data-turn-match="m_9"] a') as HTMLAnchorElement;
      expect(row.getAttribute('href')).toBe('/match/m_9');
      expect(row.textContent).toBe('Pathagon · ann');
      expect((root.querySelector('input[name="seek.rated"]') as HTMLInputElement).checked).toBe(true);
      for (let i = 0; i < 100 && !root.querySelector('[data-my-rating]'); i++) await tick();
      expect(root.querySelector('[data-my-rating]')!.textContent).toBe('Your Pathagon rating: 1500 (provisional)');
    } finally {
      account.value = null;
    }
  });

  it('has its labels in every language', () => {
    for (const l of langs) {
      lang.value = l;
      render(<SeeksPanel games={[pathagon]} />, root);
      expect(root.querySelector('#seeks-h')!.textContent).toBe(t(l, 'seek.title'));
      expect(root.querySelector('.quick')!.getAttribute('aria-label')).toBe(t(l, 'seek.quick.label', { game: 'Pathagon' }));
      render(null, root);
    }
  });
});
