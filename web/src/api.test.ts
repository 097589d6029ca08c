import { describe, expect, it } from 'vitest';
import { Api, ApiError, type Fetch } from './api';

function fake(status: number, body: string, calls: { url: string; init?: RequestInit }[] = []): Fetch {
  return async (url, init) => {
    calls.push({ url, ...(init ? { init } : {}) });
    return new Response(body, { status });
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
});
