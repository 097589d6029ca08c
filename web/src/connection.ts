// A match connection: one WebSocket at a time, reconnecting with backoff,
// saying hello with the last version seen, and feeding every frame through
// sync.reduce. The socket factory and the timers are injected so tests drive
// it without a network or a clock.
import { codes, parseServerMessage, type CommandType, type WireError } from './protocol';
import { command, hello, initialSync, reduce, resend, type Pending, type Sync } from './sync';
import { parseChatMessage, type ChatClientMessage, type ChatServerMessage } from './chat-model';

/** The part of the browser WebSocket the connection uses. */
export interface Socket {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

export interface Timers {
  setTimeout(f: () => void, ms: number): unknown;
  clearTimeout(h: unknown): void;
}

export type Status = 'connecting' | 'open' | 'closed';

export interface Options {
  url: string;
  token?: string;
  connect: (url: string) => Socket;
  timers: Timers;
  /** Called after every change of the Sync or the status. */
  onChange: (sync: Sync, status: Status) => void;
  /** Called when a command fails. */
  onError?: (error: WireError, command: Pending | null) => void;
  /** Makes command IDs; unique per seat. */
  newID: () => string;
  /**
   * Called once when unreachableAfter sockets in a row closed without ever
   * opening: a refused upgrade shows the browser no status, so the page may
   * ask the server over HTTP why.
   */
  onUnreachable?: () => void;
  /** Called for every chat message (chat-model.ts); they never reach the Sync. */
  onChat?: (msg: ChatServerMessage) => void;
}

/** After this many sockets in a row that never opened, onUnreachable is called. */
export const unreachableAfter = 2;

/** The first reconnect waits this long; short, since most drops are blips. */
export const minBackoffMs = 500;
/** Reconnect waits double up to this, so a dead server is not hammered. */
export const maxBackoffMs = 10_000;
/** A ping every 25 s keeps proxies that cut idle connections at 30 s or more from doing so. */
export const pingEveryMs = 25_000;

const OPEN = 1;

export class Connection {
  private sync: Sync = initialSync;
  private status: Status = 'closed';
  private socket: Socket | null = null;
  private backoff = minBackoffMs;
  private retry: unknown = null;
  private ping: unknown = null;
  private stopped = false;
  /** Sockets in a row that closed without opening; reset by an open socket. */
  private failures = 0;

  constructor(private readonly o: Options) {}

  get current(): Sync {
    return this.sync;
  }

  get state(): Status {
    return this.status;
  }

  /** start opens the first connection. */
  start(): void {
    this.stopped = false;
    this.open();
  }

  /** stop closes the connection for good. */
  stop(): void {
    this.stopped = true;
    this.clearTimers();
    const s = this.socket;
    this.socket = null;
    if (s) s.close(1000, 'bye');
    this.setStatus('closed');
  }

  /** send issues a command based on the current version; false when not connected. */
  send(type: CommandType, move?: string): boolean {
    if (!this.socket || this.socket.readyState !== OPEN || this.sync.seat === null) return false;
    const step = command(this.sync, this.o.newID(), type, move);
    this.sync = step.sync;
    this.socket.send(JSON.stringify(step.msg));
    this.emit();
    return true;
  }

  /** sendChat sends a chat message; false when not connected. */
  sendChat(msg: ChatClientMessage): boolean {
    if (!this.socket || this.socket.readyState !== OPEN || this.status !== 'open') return false;
    this.socket.send(JSON.stringify(msg));
    return true;
  }

  private open(): void {
    if (this.stopped) return;
    this.setStatus('connecting');
    const s = this.o.connect(this.o.url);
    this.socket = s;
    let opened = false;
    s.onopen = () => {
      if (this.socket !== s) return;
      opened = true;
      this.failures = 0;
      s.send(JSON.stringify(hello(this.sync, this.o.token)));
      this.schedulePing();
    };
    s.onmessage = (ev) => {
      if (this.socket !== s || typeof ev.data !== 'string') return;
      this.receive(ev.data);
    };
    s.onerror = () => {
      // onclose follows and reconnects.
    };
    s.onclose = (ev) => {
      if (this.socket !== s) return;
      this.socket = null;
      this.clearTimers();
      this.setStatus('closed');
      // A server that refuses the connection after the upgrade names its
      // wire code as the close reason (rate-limited, unavailable, ...).
      const reason = closeReason(ev);
      if (codes.includes(reason)) {
        this.o.onError?.({ code: reason, message: reason }, null);
        if (reason === 'rate-limited') this.backoff = maxBackoffMs;
      }
      if (!opened && ++this.failures === unreachableAfter) this.o.onUnreachable?.();
      this.scheduleReconnect();
    };
  }

  private receive(data: string): void {
    const chat = parseChatMessage(data);
    if (chat) {
      this.o.onChat?.(chat);
      return;
    }
    const msg = parseServerMessage(data);
    if (!msg) return;
    const step = reduce(this.sync, msg);
    this.sync = step.sync;
    if (msg.type === 'welcome' && step.effects.length === 0) {
      this.backoff = minBackoffMs;
      this.status = 'open';
      const r = resend(this.sync);
      this.sync = r.sync;
      for (const m of r.msgs) this.socket?.send(JSON.stringify(m));
    }
    this.emit();
    for (const e of step.effects) {
      switch (e.kind) {
        case 'error':
          this.o.onError?.(e.error, e.command);
          break;
        case 'resync':
          this.reconnectNow();
          return;
        case 'acked':
          break;
      }
    }
  }

  /** reconnectNow drops the socket and says hello again at once. */
  private reconnectNow(): void {
    const s = this.socket;
    this.socket = null;
    this.clearTimers();
    if (s) s.close(4000, 'resync');
    this.open();
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    const wait = this.backoff;
    this.backoff = Math.min(this.backoff * 2, maxBackoffMs);
    this.retry = this.o.timers.setTimeout(() => {
      this.retry = null;
      this.open();
    }, wait);
  }

  private schedulePing(): void {
    this.ping = this.o.timers.setTimeout(() => {
      this.ping = null;
      if (this.socket && this.socket.readyState === OPEN) {
        this.socket.send(JSON.stringify({ type: 'ping', version: this.sync.version }));
        this.schedulePing();
      }
    }, pingEveryMs);
  }

  private clearTimers(): void {
    if (this.retry !== null) this.o.timers.clearTimeout(this.retry);
    if (this.ping !== null) this.o.timers.clearTimeout(this.ping);
    this.retry = null;
    this.ping = null;
  }

  private setStatus(st: Status): void {
    this.status = st;
    this.emit();
  }

  private emit(): void {
    this.o.onChange(this.sync, this.status);
  }
}

/** closeReason is the reason text of a close event ('' for anything else). */
function closeReason(ev: unknown): string {
  const r = (ev as { reason?: unknown } | null)?.reason;
  return typeof r === 'string' ? r : '';
}

/**
 * browserSocket opens a real WebSocket. Its handler properties take DOM
 * events where Socket's take unknown; the connection reads only ev.data of
 * message events, which the DOM's MessageEvent has.
 */
export function browserSocket(url: string): Socket {
  return new WebSocket(url) as unknown as Socket;
}
