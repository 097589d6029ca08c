// The lobby API over fetch. Failed requests throw an ApiError with the
// server's stable code (see errors.json), so pages can translate it.
import type { Positions } from './replay';
import type { CreateRequest, CreateResponse, GameInfo, JoinResponse, MatchState, Summary, WireError } from './protocol';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly wire: WireError,
    /** Seconds the server asks us to wait before retrying (its Retry-After header), when it said. */
    readonly retryAfter: number | null = null,
  ) {
    super(`api: ${wire.code}: ${wire.message}`);
  }
}

/**
 * retryAfterSeconds reads a Retry-After header: delay seconds, or an HTTP
 * date (measured from now). Null when absent or unreadable; never negative.
 */
export function retryAfterSeconds(header: string | null, now: number): number | null {
  if (header === null) return null;
  const h = header.trim();
  if (/^\d+$/.test(h)) return Number(h);
  // An HTTP date names its weekday and month; Date.parse alone would read "-3" as a year.
  const at = /[a-z]/i.test(h) ? Date.parse(h) : NaN;
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** The codes with which a server refuses a connection before the match is reached. */
const refusals = new Set(['rate-limited', 'forbidden-origin', 'unavailable', 'overloaded']);

export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** Where a state-changing request gets the session's CSRF token: null when not logged in. */
export type CSRFSource = () => string | null | Promise<string | null>;

export class Api {
  private csrf: CSRFSource = () => null;

  constructor(
    private readonly fetch: Fetch,
    private readonly base = '',
  ) {}

  /**
   * useCSRF names where every request but a GET gets its X-CSRF-Token
   * header (docs/protocol.md, "Accounts"): the server refuses a
   * state change made with the session cookie and without it.
   */
  useCSRF(source: CSRFSource): void {
    this.csrf = source;
  }

  async games(): Promise<GameInfo[]> {
    const b = await this.call<{ games: GameInfo[] | null }>('GET', '/api/games');
    return b.games ?? [];
  }

  /**
   * matches lists matches newest first: by default the active ones (waiting
   * and live, the server's default); status 'finished' lists ended games,
   * game keeps one game's.
   */
  async matches(q: { status?: 'finished'; game?: string } = {}): Promise<Summary[]> {
    const p = new URLSearchParams();
    if (q.status) p.set('status', q.status);
    if (q.game) p.set('game', q.game);
    const qs = p.toString();
    const b = await this.call<{ matches: Summary[] | null }>('GET', '/api/matches' + (qs ? '?' + qs : ''));
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

  /** replay replays an imported record without a match (docs/protocol.md, "Replaying a record"). */
  replay(record: string, game?: string): Promise<Positions> {
    return this.call('POST', '/api/replay', game ? { record, game } : { record });
  }

  /**
   * socketRefusal asks the match's WebSocket address over plain HTTP why
   * sockets do not open: a server that refuses the upgrade (a rate limit,
   * a foreign origin, no storage) answers the same request with its wire
   * error, which a browser's WebSocket never shows. Null when the answer
   * names no such refusal (a plain GET is not an upgrade, so the server may
   * answer it with anything else).
   */
  async socketRefusal(match: string): Promise<ApiError | null> {
    try {
      await this.call('GET', `/ws/matches/${encodeURIComponent(match)}`);
    } catch (e) {
      if (e instanceof ApiError && refusals.has(e.wire.code)) return e;
    }
    return null;
  }

  /** socketURL is the match WebSocket address for a page served from loc. */
  socketURL(match: string, loc: { protocol: string; host: string }): string {
    const scheme = loc.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${scheme}//${loc.host}${this.base}/ws/matches/${encodeURIComponent(match)}`;
  }

  /** call is the one place requests are made (account-api.ts uses it too). */
  async call<T>(method: string, path: string, body?: unknown, opts: { keepalive?: boolean } = {}): Promise<T> {
    const init: RequestInit = { method, headers: { Accept: 'application/json' } };
    if (opts.keepalive) init.keepalive = true; // the request outlives the page (a change flushed as it closes)
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers = { ...init.headers, 'Content-Type': 'application/json' };
    }
    if (method !== 'GET') {
      const csrf = await this.csrf();
      if (csrf) init.headers = { ...init.headers, 'X-CSRF-Token': csrf };
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
      const wire = e && typeof e.code === 'string' ? e : { code: 'internal', message: `HTTP ${res.status}` };
      throw new ApiError(res.status, wire, retryAfterSeconds(res.headers.get('Retry-After'), Date.now()));
    }
    if (parsed === undefined) throw new ApiError(res.status, { code: 'bad-json', message: 'response is not JSON' });
    return parsed as T;
  }
}
