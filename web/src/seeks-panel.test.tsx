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
    const json = url === '/api/account' ? { account: null } : method === 'POST' ? { id: 's_1' } : {};
    return new Response(JSON.stringify(json), { status: url === '/api/seeks' ? 201 : 200 });
  }) as typeof fetch;
  globalThis.fetch = f;
  window.fetch = f;
  return c;
});

import { lang } from './app-state';
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
