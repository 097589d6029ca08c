import { describe, expect, it } from 'vitest';
import { Connection, maxBackoffMs, minBackoffMs, pingEveryMs, unreachableAfter, type Socket, type Status } from './connection';
import type { WireError } from './protocol';
import type { Sync } from './sync';
import { state } from './testutil';

class FakeSocket implements Socket {
  readyState = 0;
  sent: unknown[] = [];
  closed = false;
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(): void {
    this.closed = true;
    this.readyState = 3;
  }
  // test helpers
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(msg: unknown): void {
    this.onmessage?.({ data: typeof msg === 'string' ? msg : JSON.stringify(msg) });
  }
  drop(code = 1006, reason = ''): void {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }
}

class FakeTimers {
  now = 0;
  private next = 1;
  tasks = new Map<number, { at: number; f: () => void }>();
  setTimeout = (f: () => void, ms: number): unknown => {
    const id = this.next++;
    this.tasks.set(id, { at: this.now + ms, f });
    return id;
  };
  clearTimeout = (h: unknown): void => void this.tasks.delete(h as number);
  advance(ms: number): void {
    const end = this.now + ms;
    for (;;) {
      const due = [...this.tasks.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.tasks.delete(due[0]);
      this.now = due[1].at;
      due[1].f();
    }
    this.now = end;
  }
}

function setup(token?: string) {
  const sockets: FakeSocket[] = [];
  const timers = new FakeTimers();
  const changes: { sync: Sync; status: Status }[] = [];
  const errors: WireError[] = [];
  let unreachable = 0;
  let n = 0;
  const c = new Connection({
    url: 'ws://x/ws/matches/m1',
    ...(token ? { token } : {}),
    connect: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    timers,
    onChange: (sync, status) => changes.push({ sync, status }),
    onError: (e) => errors.push(e),
    newID: () => `c${++n}`,
    onUnreachable: () => unreachable++,
  });
  return { c, sockets, timers, changes, errors, unreachable: () => unreachable, last: () => sockets[sockets.length - 1]! };
}

describe('Connection', () => {
  it('says hello with the token and applies the welcome', () => {
    const { c, last } = setup('tok');
    c.start();
    last().open();
    expect(last().sent).toEqual([{ type: 'hello', version: 0, token: 'tok' }]);
    last().receive({ type: 'welcome', version: 2, seat: 0, state: state(2) });
    expect(c.state).toBe('open');
    expect(c.current.version).toBe(2);
    expect(c.current.seat).toBe(0);
  });

  it('ignores frames that are not server messages', () => {
    const { c, last } = setup();
    c.start();
    last().open();
    last().receive('not json');
    last().receive({ type: 'welcome' });
    last().receive({ type: 'launch', version: 1 });
    expect(c.current.state).toBeNull();
  });

  it('sends commands based on the current version', () => {
    const { c, last } = setup('tok');
    c.start();
    expect(c.send('move', 'd4')).toBe(false); // not connected yet
    last().open();
    last().receive({ type: 'welcome', version: 2, seat: 0, state: state(2) });
    expect(c.send('move', 'd4')).toBe(true);
    expect(last().sent[1]).toEqual({ type: 'move', id: 'c1', version: 2, move: 'd4' });
    expect(c.current.pending).toHaveLength(1);
  });

  it('reconnects with backoff and since, then resends the pending move', () => {
    const { c, last, sockets, timers } = setup('tok');
    c.start();
    last().open();
    last().receive({ type: 'welcome', version: 2, seat: 0, state: state(2) });
    c.send('move', 'd4');
    last().drop();
    expect(c.state).toBe('closed');
    timers.advance(minBackoffMs - 1);
    expect(sockets).toHaveLength(1);
    timers.advance(1);
    expect(sockets).toHaveLength(2);
    last().open();
    expect(last().sent).toEqual([{ type: 'hello', version: 0, token: 'tok', since: 2 }]);
    last().receive({ type: 'welcome', version: 2, seat: 0 });
    expect(last().sent[1]).toEqual({ type: 'move', id: 'c1', version: 2, move: 'd4' });
  });

  it('doubles the backoff up to the limit and resets it after a welcome', () => {
    const { c, last, sockets, timers } = setup();
    c.start();
    let wait = minBackoffMs;
    for (let i = 0; i < 8; i++) {
      last().drop();
      const before = sockets.length;
      timers.advance(wait - 1);
      expect(sockets.length).toBe(before);
      timers.advance(1);
      expect(sockets.length).toBe(before + 1);
      wait = Math.min(wait * 2, maxBackoffMs);
    }
    expect(wait).toBe(maxBackoffMs);
    last().open();
    last().receive({ type: 'welcome', version: 1, state: state(1) });
    last().drop();
    const before = sockets.length;
    timers.advance(minBackoffMs);
    expect(sockets.length).toBe(before + 1);
  });

  it('reconnects at once to resync after an update without state', () => {
    const { c, last, sockets } = setup();
    c.start();
    last().open();
    last().receive({ type: 'welcome', version: 2, state: state(2) });
    last().receive({ type: 'update', version: 3, event: { kind: 'move', seat: 0 } });
    expect(sockets).toHaveLength(2);
    expect(sockets[0]!.closed).toBe(true);
    last().open();
    expect(last().sent).toEqual([{ type: 'hello', version: 0, since: 2 }]);
  });

  it('reports command errors', () => {
    const { c, last, errors } = setup('tok');
    c.start();
    last().open();
    last().receive({ type: 'welcome', version: 2, seat: 0, state: state(2) });
    c.send('move', 'zz');
    last().receive({ type: 'error', id: 'c1', version: 2, error: { code: 'syntax', message: 'bad' } });
    expect(errors).toEqual([{ code: 'syntax', message: 'bad' }]);
    expect(c.current.pending).toEqual([]);
  });

  it('pings while open and stops everything on stop', () => {
    const { c, last, sockets, timers } = setup();
    c.start();
    last().open();
    last().receive({ type: 'welcome', version: 2, state: state(2) });
    timers.advance(pingEveryMs);
    expect(last().sent).toContainEqual({ type: 'ping', version: 2 });
    c.stop();
    expect(last().closed).toBe(true);
    timers.advance(10 * maxBackoffMs);
    expect(sockets).toHaveLength(1);
    expect(c.state).toBe('closed');
  });

  it('reports a close whose reason is a wire code, and waits longest after a rate limit', () => {
    const { c, last, sockets, timers, errors } = setup();
    c.start();
    last().open();
    last().drop(1008, 'rate-limited');
    expect(errors).toEqual([{ code: 'rate-limited', message: 'rate-limited' }]);
    timers.advance(maxBackoffMs - 1);
    expect(sockets).toHaveLength(1);
    timers.advance(1);
    expect(sockets).toHaveLength(2);
    last().drop(1001, 'server shutting down');
    last().drop(1006, '');
    expect(errors).toHaveLength(1);
  });

  it('calls onUnreachable once per run of sockets that never opened', () => {
    const { c, last, timers, unreachable } = setup();
    c.start();
    for (let i = 1; i < unreachableAfter; i++) {
      last().drop();
      timers.advance(maxBackoffMs);
    }
    expect(unreachable()).toBe(0);
    last().drop();
    expect(unreachable()).toBe(1);
    for (let i = 0; i < 5; i++) {
      timers.advance(maxBackoffMs);
      last().drop();
    }
    expect(unreachable()).toBe(1);
    timers.advance(maxBackoffMs);
    last().open(); // an open socket ends the run, even one that closes again
    last().drop();
    timers.advance(maxBackoffMs);
    for (let i = 0; i < unreachableAfter; i++) {
      last().drop();
      timers.advance(maxBackoffMs);
    }
    expect(unreachable()).toBe(2);
  });
});
