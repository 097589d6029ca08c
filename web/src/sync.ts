// The client's copy of one match, kept in step with the server by versions.
// Pure: reduce takes the current Sync and one server message and returns the
// next Sync and what the connection must do about it. No I/O, no clock.
import type { ClientMessage, CommandType, MatchEvent, MatchState, ServerMessage, WireError } from './protocol';

/** A command sent and not yet answered. */
export interface Pending {
  id: string;
  type: CommandType;
  version: number;
  move?: string;
}

export interface Sync {
  /** The latest full state, null until the first one arrives. */
  state: MatchState | null;
  /** The last version applied, -1 before any. */
  version: number;
  /** The connection's seat from welcome: -1 spectator, null before welcome. */
  seat: number | null;
  /** Commands waiting for ack or error, oldest first. */
  pending: Pending[];
  /** The event of the last update applied. */
  lastEvent: MatchEvent | null;
  /** How many updates were skipped over in gaps (for diagnostics). */
  gaps: number;
  /**
   * While catching up after a welcome without state: the version the
   * welcome announced. The missed updates replayed up to it carry only
   * their events, the last one the current state (docs/protocol.md,
   * "Versions and reconnecting"); until it arrives the state is stale.
   */
  catchUpTo: number | null;
}

export type Effect =
  /** Reconnect and say hello with since = the Sync's version (or none when it has no state). */
  | { kind: 'resync'; reason: string }
  /** A command failed. */
  | { kind: 'error'; error: WireError; command: Pending | null }
  /** A command was applied. */
  | { kind: 'acked'; command: Pending };

export const initialSync: Sync = { state: null, version: -1, seat: null, pending: [], lastEvent: null, gaps: 0, catchUpTo: null };

export interface Step {
  sync: Sync;
  effects: Effect[];
}

/** reduce applies one server message to s. */
export function reduce(s: Sync, msg: ServerMessage): Step {
  switch (msg.type) {
    case 'welcome': {
      const seat = msg.seat ?? -1;
      if (msg.state) {
        return {
          sync: { ...s, seat, state: msg.state, version: msg.state.version, lastEvent: null, catchUpTo: null },
          effects: [],
        };
      }
      // No state: the missed updates follow. That only works from a state we
      // hold; without one, ask again for a full state.
      if (!s.state) {
        return { sync: { ...s, seat, catchUpTo: null }, effects: [{ kind: 'resync', reason: 'welcome without state' }] };
      }
      return { sync: { ...s, seat, catchUpTo: msg.version > s.version ? msg.version : null }, effects: [] };
    }
    case 'update': {
      const v = msg.version;
      if (v <= s.version) return { sync: s, effects: [] }; // already applied (resent after a reconnect)
      if (!msg.state) {
        // A replayed update before the last one: the event alone, in order.
        if (s.catchUpTo !== null && v === s.version + 1 && v < s.catchUpTo) {
          return { sync: { ...s, version: v, lastEvent: msg.event ?? null }, effects: [] };
        }
        // Anything else without a state is a gap the client cannot fill: it
        // never runs rules, so an event alone cannot advance the state.
        return { sync: s, effects: [{ kind: 'resync', reason: `update ${v} without state` }] };
      }
      const skipped = s.state && v > s.version + 1 ? v - s.version - 1 : 0;
      return {
        sync: { ...s, state: msg.state, version: v, lastEvent: msg.event ?? null, gaps: s.gaps + skipped, catchUpTo: null },
        effects: [],
      };
    }
    case 'ack': {
      const [command, pending] = take(s.pending, msg.id);
      if (!command) return { sync: s, effects: [] };
      return { sync: { ...s, pending }, effects: [{ kind: 'acked', command }] };
    }
    case 'error': {
      const [command, pending] = take(s.pending, msg.id);
      const error = msg.error ?? { code: 'internal', message: 'error without details' };
      const effects: Effect[] = [{ kind: 'error', error, command }];
      if (error.code === 'stale-version' && msg.version > s.version) {
        effects.push({ kind: 'resync', reason: `stale: server at ${msg.version}, client at ${s.version}` });
      }
      return { sync: { ...s, pending }, effects };
    }
    case 'pong':
      return { sync: s, effects: [] };
  }
}

function take(pending: Pending[], id: string | undefined): [Pending | null, Pending[]] {
  const i = id === undefined ? -1 : pending.findIndex((p) => p.id === id);
  if (i < 0) return [null, pending];
  return [pending[i]!, [...pending.slice(0, i), ...pending.slice(i + 1)]];
}

/** command records a new command as pending and returns the message to send. */
export function command(
  s: Sync,
  id: string,
  type: CommandType,
  move?: string,
): { sync: Sync; msg: ClientMessage } {
  const p: Pending = { id, type, version: s.version };
  if (move !== undefined) p.move = move;
  const msg: ClientMessage = { type, id, version: s.version };
  if (move !== undefined) msg.move = move;
  return { sync: { ...s, pending: [...s.pending, p] }, msg };
}

/**
 * hello is the first message on a (re)connection: the token and the last
 * version seen. While a timed clock runs it asks for a full state instead:
 * the server does not charge the time it was down (docs/protocol.md), so
 * the clock reading the client holds from before the outage would run
 * ahead of the server's; the full state brings a fresh reading.
 */
export function hello(s: Sync, token: string | undefined): ClientMessage {
  const msg: ClientMessage = { type: 'hello', version: 0 };
  if (token) msg.token = token;
  if (s.state && !clockRunning(s.state)) msg.since = s.version;
  return msg;
}

/** clockRunning reports whether a seat's timed clock is running in st. */
function clockRunning(st: MatchState): boolean {
  const c = st.clocks;
  return !!c && c.kind !== 'none' && c.running >= 0 && (st.status === 'live' || st.status === 'waiting');
}

/**
 * resend lists the pending commands to send again after a reconnect: those
 * still based on the current version (the server applies an ID once). The
 * others were overtaken by events and are dropped.
 */
export function resend(s: Sync): { sync: Sync; msgs: ClientMessage[]; dropped: Pending[] } {
  const keep = s.pending.filter((p) => p.version === s.version);
  const dropped = s.pending.filter((p) => p.version !== s.version);
  const msgs = keep.map((p): ClientMessage => {
    const m: ClientMessage = { type: p.type, id: p.id, version: p.version };
    if (p.move !== undefined) m.move = p.move;
    return m;
  });
  return { sync: { ...s, pending: keep }, msgs, dropped };
}

/** stale reports whether the state lags behind the events received (catching up after a reconnect). */
export function stale(s: Sync): boolean {
  return s.catchUpTo !== null;
}

/** movePending reports whether a move command is in flight (the board waits for it). */
export function movePending(s: Sync): boolean {
  return s.pending.some((p) => p.type === 'move' && p.version === s.version);
}
