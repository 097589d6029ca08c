import { describe, expect, it } from 'vitest';
import type { MatchState, ServerMessage } from './protocol';
import { command, hello, initialSync, movePending, reduce, resend, stale, type Sync } from './sync';
import { state } from './testutil';

function run(s: Sync, ...msgs: ServerMessage[]): { sync: Sync; effects: string[] } {
  const effects: string[] = [];
  for (const m of msgs) {
    const step = reduce(s, m);
    s = step.sync;
    effects.push(...step.effects.map((e) => e.kind));
  }
  return { sync: s, effects };
}

describe('reduce', () => {
  it('takes the full state from welcome', () => {
    const { sync, effects } = run(initialSync, { type: 'welcome', version: 3, seat: 0, state: state(3) });
    expect(sync.version).toBe(3);
    expect(sync.seat).toBe(0);
    expect(sync.state?.version).toBe(3);
    expect(effects).toEqual([]);
  });

  it('treats a welcome without seat as a spectator', () => {
    const { sync } = run(initialSync, { type: 'welcome', version: 3, state: state(3) });
    expect(sync.seat).toBe(-1);
  });

  it('applies consecutive updates in order', () => {
    const { sync } = run(
      initialSync,
      { type: 'welcome', version: 3, seat: 0, state: state(3) },
      { type: 'update', version: 4, event: { kind: 'move', seat: 0, move: 'd4' }, state: state(4, { lastMove: 'd4' }) },
      { type: 'update', version: 5, event: { kind: 'move', seat: 1, move: 'a1' }, state: state(5, { lastMove: 'a1' }) },
    );
    expect(sync.version).toBe(5);
    expect(sync.state?.lastMove).toBe('a1');
    expect(sync.lastEvent).toEqual({ kind: 'move', seat: 1, move: 'a1' });
    expect(sync.gaps).toBe(0);
  });

  it('ignores duplicate and old updates', () => {
    const { sync, effects } = run(
      initialSync,
      { type: 'welcome', version: 5, seat: 0, state: state(5, { lastMove: 'e5' }) },
      { type: 'update', version: 4, state: state(4, { lastMove: 'd4' }) },
      { type: 'update', version: 5, state: state(5, { lastMove: 'XX' }) },
    );
    expect(sync.version).toBe(5);
    expect(sync.state?.lastMove).toBe('e5');
    expect(effects).toEqual([]);
  });

  it('counts a gap but takes the full state it carries', () => {
    const { sync, effects } = run(
      initialSync,
      { type: 'welcome', version: 3, seat: 0, state: state(3) },
      { type: 'update', version: 7, state: state(7) },
    );
    expect(sync.version).toBe(7);
    expect(sync.gaps).toBe(3);
    expect(effects).toEqual([]);
  });

  it('resyncs on an update without state', () => {
    const { sync, effects } = run(
      initialSync,
      { type: 'welcome', version: 3, seat: 0, state: state(3) },
      { type: 'update', version: 4, event: { kind: 'move', seat: 0 } },
    );
    expect(sync.version).toBe(3);
    expect(effects).toEqual(['resync']);
  });

  it('resyncs when welcome has no state and the client holds none', () => {
    const { effects } = run(initialSync, { type: 'welcome', version: 9, seat: 1 });
    expect(effects).toEqual(['resync']);
  });

  it('catches up after a welcome without state: events only, then the state with the last', () => {
    const first = run(initialSync, { type: 'welcome', version: 3, seat: 0, state: state(3) }).sync;
    let r = run(first, { type: 'welcome', version: 6, seat: 0 }, { type: 'update', version: 4, event: { kind: 'move', seat: 0, move: 'd4' } });
    expect(r.effects).toEqual([]);
    expect(r.sync.version).toBe(4);
    expect(stale(r.sync)).toBe(true);
    expect(r.sync.state?.version).toBe(3); // still the old state
    r = run(
      r.sync,
      { type: 'update', version: 5, event: { kind: 'move', seat: 1, move: 'a1' } },
      { type: 'update', version: 6, event: { kind: 'move', seat: 0, move: 'b2' }, state: state(6, { lastMove: 'b2' }) },
    );
    expect(r.effects).toEqual([]);
    expect(r.sync.version).toBe(6);
    expect(r.sync.state?.lastMove).toBe('b2');
    expect(stale(r.sync)).toBe(false);
    expect(r.sync.gaps).toBe(0);
  });

  it('is not catching up after a welcome at the version it holds', () => {
    const first = run(initialSync, { type: 'welcome', version: 3, seat: 0, state: state(3) }).sync;
    const { sync, effects } = run(first, { type: 'welcome', version: 3, seat: 0 });
    expect(effects).toEqual([]);
    expect(stale(sync)).toBe(false);
  });

  it('resyncs on a gap while catching up', () => {
    const first = run(initialSync, { type: 'welcome', version: 3, seat: 0, state: state(3) }).sync;
    const { effects } = run(first, { type: 'welcome', version: 9, seat: 0 }, { type: 'update', version: 5, event: { kind: 'move', seat: 0 } });
    expect(effects).toEqual(['resync']);
  });

  it('resyncs on a stateless update that claims to be the last one', () => {
    const first = run(initialSync, { type: 'welcome', version: 3, seat: 0, state: state(3) }).sync;
    const { effects } = run(first, { type: 'welcome', version: 4, seat: 0 }, { type: 'update', version: 4, event: { kind: 'move', seat: 0 } });
    expect(effects).toEqual(['resync']);
  });

  it('matches acks and errors to pending commands', () => {
    let s = run(initialSync, { type: 'welcome', version: 3, seat: 0, state: state(3) }).sync;
    s = command(s, 'c1', 'move', 'd4').sync;
    s = command(s, 'c2', 'offer-draw').sync;
    expect(s.pending.map((p) => p.id)).toEqual(['c1', 'c2']);
    let step = reduce(s, { type: 'ack', id: 'c1', version: 4 });
    expect(step.effects).toEqual([{ kind: 'acked', command: { id: 'c1', type: 'move', version: 3, move: 'd4' } }]);
    s = step.sync;
    step = reduce(s, { type: 'error', id: 'c2', version: 4, error: { code: 'not-allowed', message: 'no' } });
    expect(step.sync.pending).toEqual([]);
    expect(step.effects).toEqual([
      { kind: 'error', error: { code: 'not-allowed', message: 'no' }, command: { id: 'c2', type: 'offer-draw', version: 3 } },
    ]);
  });

  it('ignores an ack for an unknown command', () => {
    const s = run(initialSync, { type: 'welcome', version: 3, seat: 0, state: state(3) }).sync;
    expect(reduce(s, { type: 'ack', id: 'nope', version: 3 })).toEqual({ sync: s, effects: [] });
  });

  it('resyncs on stale-version when the server is ahead', () => {
    let s = run(initialSync, { type: 'welcome', version: 3, seat: 0, state: state(3) }).sync;
    s = command(s, 'c1', 'move', 'd4').sync;
    const step = reduce(s, { type: 'error', id: 'c1', version: 5, error: { code: 'stale-version', message: '' } });
    expect(step.effects.map((e) => e.kind)).toEqual(['error', 'resync']);
  });

  it('reports an error without details as internal', () => {
    const step = reduce(initialSync, { type: 'error', version: 1 });
    expect(step.effects).toEqual([{ kind: 'error', error: { code: 'internal', message: 'error without details' }, command: null }]);
  });
});

describe('hello', () => {
  it('asks for a full state when the client has none', () => {
    expect(hello(initialSync, undefined)).toEqual({ type: 'hello', version: 0 });
  });
  it('sends the token and the last version seen', () => {
    const s = run(initialSync, { type: 'welcome', version: 8, seat: 0, state: state(8) }).sync;
    expect(hello(s, 'tok')).toEqual({ type: 'hello', version: 0, token: 'tok', since: 8 });
  });
  it('asks for a full state while a timed clock runs: the server does not charge its downtime', () => {
    const st = (running: number, status: 'live' | 'finished' = 'live') =>
      ({ version: 8, status, clocks: { kind: 'fischer', remaining: [60000, 60000], running, at: 0 } }) as unknown as MatchState;
    const held = (state: MatchState): Sync => ({ ...initialSync, state, version: 8 });
    expect(hello(held(st(0)), 'tok')).toEqual({ type: 'hello', version: 0, token: 'tok' });
    expect(hello(held(st(-1)), 'tok')).toEqual({ type: 'hello', version: 0, token: 'tok', since: 8 });
    expect(hello(held(st(0, 'finished')), 'tok')).toEqual({ type: 'hello', version: 0, token: 'tok', since: 8 });
  });
});

describe('resend and movePending', () => {
  it('keeps commands based on the current version and drops overtaken ones', () => {
    let s = run(initialSync, { type: 'welcome', version: 3, seat: 0, state: state(3) }).sync;
    s = command(s, 'old', 'offer-draw').sync;
    s = run(s, { type: 'update', version: 4, state: state(4) }).sync;
    s = command(s, 'new', 'move', 'a1').sync;
    expect(movePending(s)).toBe(true);
    const r = resend(s);
    expect(r.msgs).toEqual([{ type: 'move', id: 'new', version: 4, move: 'a1' }]);
    expect(r.dropped.map((p) => p.id)).toEqual(['old']);
    expect(r.sync.pending.map((p) => p.id)).toEqual(['new']);
  });

  it('unlocks the board once the state moved past a pending move', () => {
    let s = run(initialSync, { type: 'welcome', version: 3, seat: 0, state: state(3) }).sync;
    s = command(s, 'c1', 'move', 'd4').sync;
    expect(movePending(s)).toBe(true);
    s = run(s, { type: 'update', version: 4, state: state(4) }).sync;
    expect(movePending(s)).toBe(false);
  });
});
