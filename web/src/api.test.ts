import { describe, expect, it } from 'vitest';
import { Api, ApiError, retryAfterSeconds, type Fetch } from './api';

function fake(status: number, body: string, calls: { url: string; init?: RequestInit }[] = [], headers: Record<string, string> = {}): Fetch {
  return async (url, init) => {
    calls.push({ url, ...(init ? { init } : {}) });
    return new Response(body, { status, headers });
  };
}

describe('Api', () => {
  it('lists games, tolerating null lists', async () => {
    expect(await new Api(fake(200, '{"games":null}')).games()).toEqual([]);
    const games = await new Api(fake(200, '{"games":[{"id":"pathagon","title":"Pathagon"}]}')).games();
    expect(games.map((g) => g.id)).toEqual(['pathagon']);
  });

  it('posts the create request as JSON', async () => {
    const calls: { url: string; init?: RequestInit }[] = [];
    const api = new Api(fake(201, '{"match":{"id":"m_1"},"seat":0,"token":"t"}', calls));
    const r = await api.create({ game: 'pathagon', timeControl: { kind: 'none' }, join: 0 });
    expect(r.token).toBe('t');
    expect(calls[0]!.url).toBe('/api/matches');
    expect(calls[0]!.init?.method).toBe('POST');
    expect(JSON.parse(calls[0]!.init?.body as string)).toEqual({ game: 'pathagon', timeControl: { kind: 'none' }, join: 0 });
  });

  it('throws the wire error of a failed request', async () => {
    const api = new Api(fake(409, '{"error":{"code":"seat-taken","message":"seat 1 is taken"}}'));
    const err = await api.join('m_1', 1).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).wire.code).toBe('seat-taken');
    expect((err as ApiError).status).toBe(409);
  });

  it('gives a failed request without an error body the code internal', async () => {
    const err = await new Api(fake(502, 'Bad Gateway')).matches().catch((e: unknown) => e);
    expect((err as ApiError).wire).toEqual({ code: 'internal', message: 'HTTP 502' });
  });

  it('builds the socket address from the page address', () => {
    const api = new Api(fake(200, '{}'));
    expect(api.socketURL('m_1', { protocol: 'http:', host: '127.0.0.1:8080' })).toBe('ws://127.0.0.1:8080/ws/matches/m_1');
    expect(api.socketURL('m_1', { protocol: 'https:', host: 'tabula.example' })).toBe('wss://tabula.example/ws/matches/m_1');
  });

  it('keeps the wait of a rate-limited answer', async () => {
    const body = '{"error":{"code":"rate-limited","message":"too many creates"}}';
    const err = (await new Api(fake(429, body, [], { 'Retry-After': '12' })).create({ game: 'pathagon', timeControl: { kind: 'none' } }).catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(429);
    expect(err.wire.code).toBe('rate-limited');
    expect(err.retryAfter).toBe(12);
    const none = (await new Api(fake(429, body)).join('m_1').catch((e: unknown) => e)) as ApiError;
    expect(none.retryAfter).toBeNull();
  });

  it('asks the socket address why sockets are refused, and reports only refusals', async () => {
    const calls: { url: string; init?: RequestInit }[] = [];
    const limited = await new Api(fake(429, '{"error":{"code":"rate-limited","message":"x"}}', calls, { 'Retry-After': '3' })).socketRefusal('m_1');
    expect(calls[0]!.url).toBe('/ws/matches/m_1');
    expect(calls[0]!.init?.method).toBe('GET');
    expect(limited?.wire.code).toBe('rate-limited');
    expect(limited?.retryAfter).toBe(3);
    expect((await new Api(fake(403, '{"error":{"code":"forbidden-origin","message":"x"}}')).socketRefusal('m_1'))?.wire.code).toBe('forbidden-origin');
    expect(await new Api(fake(426, 'Upgrade Required')).socketRefusal('m_1')).toBeNull();
    expect(await new Api(fake(400, '{"error":{"code":"bad-request","message":"x"}}')).socketRefusal('m_1')).toBeNull();
    const down: Fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await new Api(down).socketRefusal('m_1')).toBeNull();
  });
});

describe('retryAfterSeconds', () => {
  const now = Date.parse('2026-11-27T08:00:00Z');
  const cases: [string | null, number | null][] = [
    [null, null],
    ['5', 5],
    [' 30 ', 30],
    ['0', 0],
    ['Fri, 27 Nov 2026 08:00:09 GMT', 9],
    ['Fri, 27 Nov 2026 07:59:00 GMT', 0],
    ['soon', null],
    ['-3', null],
  ];
  for (const [header, want] of cases) {
    it(`reads ${JSON.stringify(header)}`, () => expect(retryAfterSeconds(header, now)).toBe(want));
  }
});
