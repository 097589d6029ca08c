// The lobby API over fetch. Failed requests throw an ApiError with the
// server's stable code (see errors.json), so pages can translate it.
import type { Positions } from './replay';
import type { CreateRequest, CreateResponse, GameInfo, JoinResponse, MatchState, Summary, WireError } from './protocol';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly wire: WireError,
  ) {
    super(`api: ${wire.code}: ${wire.message}`);
  }
}

export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

export class Api {
  constructor(
    private readonly fetch: Fetch,
    private readonly base = '',
  ) {}

  async games(): Promise<GameInfo[]> {
    const b = await this.call<{ games: GameInfo[] | null }>('GET', '/api/games');
    return b.games ?? [];
  }

  async matches(): Promise<Summary[]> {
    const b = await this.call<{ matches: Summary[] | null }>('GET', '/api/matches');
    return b.matches ?? [];
  }

  create(req: CreateRequest): Promise<CreateResponse> {
    return this.call('POST', '/api/matches', req);
  }

  join(match: string, seat?: number): Promise<JoinResponse> {
    return this.call('POST', `/api/matches/${encodeURIComponent(match)}/join`, seat === undefined ? {} : { seat });
  }

  /** state fetches a match's current state, for a first paint before the socket opens. */
  state(match: string): Promise<MatchState> {
    return this.call('GET', `/api/matches/${encodeURIComponent(match)}`);
  }

  /** positions fetches the position after every ply, for the replay. */
  positions(match: string): Promise<Positions> {
    return this.call('GET', `/api/matches/${encodeURIComponent(match)}/positions`);
  }

  /** socketURL is the match WebSocket address for a page served from loc. */
  socketURL(match: string, loc: { protocol: string; host: string }): string {
    const scheme = loc.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${scheme}//${loc.host}${this.base}/ws/matches/${encodeURIComponent(match)}`;
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const init: RequestInit = { method, headers: { Accept: 'application/json' } };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers = { ...init.headers, 'Content-Type': 'application/json' };
    }
    const res = await this.fetch(this.base + path, init);
    const text = await res.text();
    let parsed: unknown = undefined;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (!res.ok) {
      const e = (parsed as { error?: WireError } | undefined)?.error;
      throw new ApiError(res.status, e && typeof e.code === 'string' ? e : { code: 'internal', message: `HTTP ${res.status}` });
    }
    if (parsed === undefined) throw new ApiError(res.status, { code: 'bad-json', message: 'response is not JSON' });
    return parsed as T;
  }
}
