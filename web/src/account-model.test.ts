import { describe, expect, it } from 'vitest';
import { Api, ApiError, type Fetch } from './api';
import type { SeatClaim, SeatRef } from './account-api';
import {
  accountErrorText,
  batches,
  claimAll,
  claimedAfter,
  claimedKey,
  loadClaimed,
  toClaim,
  gameLines,
  maxClaim,
  nameProblem,
  passwordProblem,
  safeNext,
  seatTokens,
  waitParts,
  type ListableKV,
} from './account-model';
import { parseAccountRoute } from './account-routes';
import { langs, t } from './i18n';
import type { Summary } from './protocol';
import { href, parseRoute } from './router';
import { saveToken } from './tokens';

/** A Storage that lists its keys, like localStorage. */
function listable(): ListableKV & { setItem(k: string, v: string): void; removeItem(k: string): void } {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    key: (i) => [...m.keys()][i] ?? null,
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, v),
    removeItem: (k) => void m.delete(k),
  };
}

const refused = (code: string, status = 400, retry: number | null = null) => new ApiError(status, { code, message: code }, retry);

describe('nameProblem', () => {
  const cases: [string, ReturnType<typeof nameProblem>][] = [
    ['Alice', null],
    ['a_b-9', null],
    ['ab', 'length'],
    ['a'.repeat(21), 'length'],
    ['a'.repeat(20), null],
    ['9lives', 'start'],
    ['_x_', 'start'],
    ['al ice', 'chars'],
    ['Алиса', 'start'],
    ['alice!', 'chars'],
  ];
  for (const [name, want] of cases) it(`${JSON.stringify(name)} → ${want}`, () => expect(nameProblem(name)).toBe(want));
});

describe('passwordProblem', () => {
  it('counts UTF-8 bytes, as the server does', () => {
    expect(passwordProblem('1234567')).toBe('short');
    expect(passwordProblem('12345678')).toBe(null);
    expect(passwordProblem('пароль')).toBe(null); // 6 letters, 12 bytes
    expect(passwordProblem('x'.repeat(256))).toBe(null);
    expect(passwordProblem('x'.repeat(257))).toBe('long');
    expect(passwordProblem('я'.repeat(129))).toBe('long'); // 258 bytes
  });
});

describe('safeNext', () => {
  const cases: [string | null, string][] = [
    [null, '/'],
    ['', '/'],
    ['/match/m_1', '/match/m_1'],
    ['/games', '/games'],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example/', '/'],
    ['javascript:alert(1)', '/'],
    ['/login', '/'],
    ['/signup?next=/x', '/'],
  ];
  for (const [next, want] of cases) it(`${JSON.stringify(next)} → ${want}`, () => expect(safeNext(next)).toBe(want));
});

describe('seatTokens', () => {
  it('lists what tokens.ts saved, and nothing else', () => {
    const kv = listable();
    saveToken(kv, 'm_b', { seat: 1, token: 'tb' });
    saveToken(kv, 'm_a', { seat: 0, token: 'ta' });
    saveToken(kv, 'm_r', { seat: -1, token: 'tr' }); // a rematch's token
    kv.setItem('tabula.lang', 'ru');
    kv.setItem('tabula.seat.m_bad', '{not json');
    kv.setItem('tabula.seat.m_empty', '{"seat":0,"token":""}');
    expect(seatTokens(kv)).toEqual([
      { match: 'm_a', token: 'ta' },
      { match: 'm_b', token: 'tb' },
      { match: 'm_r', token: 'tr' },
    ]);
  });
});

describe('batches', () => {
  it('splits into requests the server accepts', () => {
    const xs = Array.from({ length: 70 }, (_, i) => i);
    const bs = batches(xs);
    expect(bs.map((b) => b.length)).toEqual([maxClaim, maxClaim, 70 - 2 * maxClaim]);
    expect(bs.flat()).toEqual(xs);
    expect(batches([])).toEqual([]);
  });
});

describe('claimAll', () => {
  const claims = (n: number): SeatClaim[] => Array.from({ length: n }, (_, i) => ({ match: `m_${i}`, token: `t${i}` }));
  /** A server that refuses any request holding one of bad with code, as the real one does. */
  function server(bad: Record<string, string>, calls: SeatClaim[][] = []) {
    return async (b: SeatClaim[]): Promise<SeatRef[]> => {
      calls.push(b);
      const hit = b.find((c) => c.match in bad);
      if (hit) throw refused(bad[hit.match]!, 409);
      return b.map((c) => ({ match: c.match, seat: 0 }));
    };
  }

  it('claims everything in as few requests as the server allows', async () => {
    const calls: SeatClaim[][] = [];
    const out = await claimAll(claims(40), server({}, calls));
    expect(out.claimed.map((c) => c.match)).toEqual(claims(40).map((c) => c.match));
    expect(out.refused).toEqual([]);
    expect(out.stopped).toBe(null);
    expect(calls.map((c) => c.length)).toEqual([32, 8]);
  });

  it('retries a batch with a stale token seat by seat, keeping the good ones', async () => {
    const calls: SeatClaim[][] = [];
    const out = await claimAll(claims(5), server({ m_1: 'not-found', m_3: 'seat-taken' }, calls));
    expect(out.claimed.map((c) => c.match)).toEqual(['m_0', 'm_2', 'm_4']);
    expect(out.refused).toEqual(['m_1', 'm_3']);
    expect(out.stopped).toBe(null);
    expect(calls.length).toBe(1 + 5);
  });

  it('stops at an error that is not about one seat', async () => {
    const calls: SeatClaim[][] = [];
    const limited = async (b: SeatClaim[]): Promise<SeatRef[]> => {
      calls.push(b);
      throw refused('rate-limited', 429, 30);
    };
    const out = await claimAll(claims(40), limited);
    expect(out.claimed).toEqual([]);
    expect((out.stopped as ApiError).wire.code).toBe('rate-limited');
    expect(calls.length).toBe(1);
  });
});

describe('the record of claimed matches', () => {
  it('skips what was claimed or refused before, and forgets matches whose token is gone', () => {
    const kv = listable();
    const tokens: SeatClaim[] = ['m_1', 'm_2', 'm_3', 'm_4'].map((m) => ({ match: m, token: `t${m}` }));
    expect(loadClaimed(kv, 'a_1')).toEqual(new Set());
    const first = toClaim(tokens, loadClaimed(kv, 'a_1'));
    expect(first).toEqual(tokens);
    const out = { claimed: [{ match: 'm_1', seat: 0 }, { match: 'm_2', seat: 1 }], refused: ['m_3'], stopped: refused('rate-limited', 429) };
    kv.setItem(claimedKey('a_1'), JSON.stringify(claimedAfter(tokens, new Set(['m_gone']), out)));
    expect([...loadClaimed(kv, 'a_1')]).toEqual(['m_1', 'm_2', 'm_3']);
    // The next login sends only what is left; another account starts afresh.
    expect(toClaim(tokens, loadClaimed(kv, 'a_1'))).toEqual([tokens[3]]);
    expect(toClaim(tokens, loadClaimed(kv, 'a_2'))).toEqual(tokens);
    kv.setItem(claimedKey('a_3'), '{broken');
    expect(loadClaimed(kv, 'a_3')).toEqual(new Set());
  });
});

describe('gameLines', () => {
  const summary = (id: string, status: Summary['status']): Summary => ({
    id,
    game: 'pathagon',
    variant: 'standard',
    players: 2,
    status,
    seats: [
      { seat: 0, name: 'light', kind: 'human', taken: true, connected: false },
      { seat: 1, name: 'dark', kind: status === 'waiting' ? 'human' : 'bot', ...(status === 'waiting' ? {} : { bot: 'bot:easy' }), taken: status !== 'waiting', connected: true },
    ],
    timeControl: { kind: 'none' },
    rated: false,
    ply: 3,
    created: 1,
    updated: 2,
  });

  it('splits the account’s seats from the others and puts live games first', () => {
    const lines = gameLines([
      { match: summary('m_w', 'waiting'), seats: [0] },
      { match: summary('m_l', 'live'), seats: [1] },
      { match: summary('m_l2', 'live'), seats: null },
    ]);
    expect(lines.map((l) => l.id)).toEqual(['m_l', 'm_l2', 'm_w']);
    expect(lines[0]!.mine).toEqual([{ seat: 1, name: 'dark' }]);
    expect(lines[0]!.others).toEqual([{ seat: 0, name: 'light', who: 'player' }]);
    expect(lines[2]!.mine).toEqual([{ seat: 0, name: 'light' }]);
    expect(lines[2]!.others).toEqual([{ seat: 1, name: 'dark', who: 'open' }]);
    expect(lines[1]!.others.map((o) => [o.who, o.bot])).toEqual([
      ['player', undefined],
      ['bot', 'bot:easy'],
    ]);
  });
});

describe('accountErrorText', () => {
  it('says every refusal of the account routes in words, in every language', () => {
    for (const lang of langs) {
      const say = (e: unknown, form: 'login' | 'signup' | 'password' = 'login') => accountErrorText(lang, e, form);
      expect(say(refused('bad-username'), 'signup')).toBe(t(lang, 'err.bad-username'));
      expect(say(refused('bad-password'), 'signup')).toBe(t(lang, 'err.bad-password'));
      expect(say(refused('username-taken', 409), 'signup')).toBe(t(lang, 'err.username-taken'));
      expect(say(refused('wrong-credentials', 401))).toBe(t(lang, 'err.wrong-credentials'));
      expect(say(refused('wrong-credentials', 401), 'password')).toBe(t(lang, 'account.oldWrong'));
      expect(say(refused('rate-limited', 429, 20))).toBe(t(lang, 'account.wait.s', { n: 20 }));
      expect(say(refused('rate-limited', 429, 600), 'signup')).toBe(t(lang, 'account.wait.min', { n: 10 }));
      expect(say(refused('rate-limited', 429))).toBe(t(lang, 'err.rate-limited'));
      expect(say(refused('overloaded', 503))).toBe(t(lang, 'account.overloaded'));
      expect(say(new TypeError('fetch failed'))).toBe(t(lang, 'err.network'));
      // None of them is the server's English message.
      for (const code of ['bad-username', 'bad-password', 'username-taken', 'wrong-credentials', 'rate-limited', 'overloaded']) {
        expect(say(refused(code)), code).not.toBe(code);
      }
    }
  });

  it('rounds a wait up to whole minutes from a minute on', () => {
    expect(waitParts(0.2)).toEqual({ n: 1, unit: 's' });
    expect(waitParts(59)).toEqual({ n: 59, unit: 's' });
    expect(waitParts(60)).toEqual({ n: 1, unit: 'min' });
    expect(waitParts(61)).toEqual({ n: 2, unit: 'min' });
  });
});

describe('account routes', () => {
  it('parse and print back', () => {
    for (const [path, page] of [
      ['/login', 'login'],
      ['/signup/', 'signup'],
      ['/account/password', 'password'],
      ['/games', 'games'],
    ] as const) {
      const r = parseRoute(path);
      expect(r).toEqual({ page });
      expect(parseRoute(href(r))).toEqual(r);
    }
    expect(parseAccountRoute('account')).toBe(null);
    expect(parseRoute('/loginx').page).toBe('notfound');
  });
});

describe('the CSRF header', () => {
  function recorder(calls: { url: string; headers: Record<string, string> }[]): Fetch {
    return async (url, init) => {
      calls.push({ url, headers: { ...(init?.headers as Record<string, string>) } });
      return new Response(url.endsWith('/join') ? '{"match":"m_1","seat":1,"token":"t"}' : '{"games":[],"match":{"id":"m_1"},"account":null}', { status: 200 });
    };
  }

  it('goes with every request but a GET while logged in, and with none while not', async () => {
    const calls: { url: string; headers: Record<string, string> }[] = [];
    const api = new Api(recorder(calls));
    let csrf: string | null = 'c-123';
    api.useCSRF(async () => csrf);
    await api.games();
    await api.create({ game: 'pathagon', timeControl: { kind: 'none' } });
    await api.join('m_1');
    await api.call('POST', '/api/account/logout', {});
    csrf = null;
    await api.create({ game: 'pathagon', timeControl: { kind: 'none' } });
    expect(calls.map((c) => [c.url, c.headers['X-CSRF-Token'] ?? ''])).toEqual([
      ['/api/games', ''],
      ['/api/matches', 'c-123'],
      ['/api/matches/m_1/join', 'c-123'],
      ['/api/account/logout', 'c-123'],
      ['/api/matches', ''],
    ]);
  });

  it('waits for the token source before sending', async () => {
    const calls: { url: string; headers: Record<string, string> }[] = [];
    const api = new Api(recorder(calls));
    let release: (v: string) => void = () => {};
    const later = new Promise<string>((ok) => (release = ok));
    api.useCSRF(() => later);
    const done = api.create({ game: 'pathagon', timeControl: { kind: 'none' } });
    await new Promise((r) => setTimeout(r, 5));
    expect(calls).toEqual([]);
    release('late');
    await done;
    expect(calls[0]!.headers['X-CSRF-Token']).toBe('late');
  });
});
