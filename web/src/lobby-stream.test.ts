// @vitest-environment happy-dom
// The lobby stream's messages: a pairing keeps the seat token and opens
// the match; challenges come and go from the list with a notice; a "your
// turn" is noticed unless its match is on screen; a hidden tab gets a
// browser notification when allowed.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  const f = (async () => new Response(JSON.stringify({ account: null }), { status: 200 })) as typeof fetch;
  globalThis.fetch = f;
  window.fetch = f;
});

import { kv, navigate, route } from './app-state';
import { handle, incoming, lobbyConn, notices, seekTables } from './lobby-stream';
import { loadToken } from './tokens';

const challenge = { id: 'c_1', from: 'ann', to: 'bob', game: 'pathagon', variant: 'standard', timeControl: { kind: 'correspondence' as const, days: 3 }, rated: true, created: 1, expires: 2 };

beforeEach(() => {
  notices.value = [];
  incoming.value = [];
  history.replaceState(null, '', '/');
  route.value = { page: 'lobby' };
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the lobby stream', () => {
  it('takes the hello and the seek tables', () => {
    const table = { game: 'pathagon', variant: 'standard', players: 2, timeControl: { kind: 'none' as const }, rated: false, seekers: [{ id: 's_1', created: 1 }] };
    handle({ type: 'hello', conn: 'l_x', tables: [table], challenges: [challenge] });
    expect(lobbyConn.value).toBe('l_x');
    expect(seekTables.value).toEqual([table]);
    expect(incoming.value).toEqual([challenge]);
    handle({ type: 'seeks' });
    expect(seekTables.value).toEqual([]);
  });

  it('keeps the seat token of a pairing and opens the match', () => {
    handle({ type: 'paired', match: 'm_1', game: 'pathagon', seat: 1, token: 'tok' });
    expect(loadToken(kv, 'm_1')).toEqual({ seat: 1, token: 'tok' });
    expect(route.value).toEqual({ page: 'match', id: 'm_1' });
    expect(notices.value.map((n) => [n.key, n.link])).toEqual([['notice.paired', '/match/m_1']]);
  });

  it('lists a challenge received and drops it when it goes', () => {
    handle({ type: 'challenge', challenge });
    expect(incoming.value).toEqual([challenge]);
    expect(notices.value.map((n) => n.key)).toEqual(['notice.challenge']);
    handle({ type: 'challenge-gone', challenge, reason: 'cancelled' });
    expect(incoming.value).toEqual([]);
    expect(notices.value.map((n) => n.key)).toEqual(['notice.challenge', 'notice.cancelled']);
  });

  it('notices your turn and offers, except for the match on screen', () => {
    handle({ type: 'your-turn', match: 'm_2', game: 'pathagon', seat: 0 });
    expect(notices.value.map((n) => [n.key, n.link])).toEqual([['notice.turn', '/match/m_2']]);
    navigate('/match/m_2');
    handle({ type: 'your-turn', match: 'm_2', game: 'pathagon', seat: 0 });
    handle({ type: 'offer', match: 'm_2', game: 'pathagon', seat: 0, offer: 'draw' });
    expect(notices.value).toHaveLength(1);
    handle({ type: 'offer', match: 'm_3', game: 'pathagon', seat: 0, offer: 'takeback' });
    expect(notices.value.map((n) => n.key)).toEqual(['notice.turn', 'notice.takeback']);
  });

  it('shows a browser notification while the tab is hidden, once allowed', () => {
    const shown: { title: string; body?: string }[] = [];
    class FakeNotification {
      static permission = 'granted';
      onclick: (() => void) | null = null;
      constructor(title: string, o?: { body?: string }) {
        shown.push({ title, body: o?.body });
      }
      close() {}
    }
    vi.stubGlobal('Notification', FakeNotification);
    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    handle({ type: 'your-turn', match: 'm_4', game: 'pathagon', seat: 0 });
    FakeNotification.permission = 'default';
    handle({ type: 'your-turn', match: 'm_5', game: 'pathagon', seat: 0 });
    hidden.mockRestore();
    expect(shown).toEqual([{ title: 'Tabula', body: 'Your move in pathagon.' }]);
  });
});
