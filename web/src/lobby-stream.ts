// The lobby stream (GET /ws/lobby): one WebSocket a page keeps open while
// it lives. It brings the seek tables, this browser's seek connection ID,
// the account's pending challenges and the notifications (pairing,
// challenges, your turn in correspondence, draw and takeback offers). A
// pairing or an accepted challenge stores the seat token and opens the
// match. It reconnects after a drop (with a growing pause) and when the
// account changes, since the stream is the session's.
import { effect, signal } from '@preact/signals';
import { kv, lang, navigate, route } from './app-state';
import { account, accountStatus } from './account-state';
import { t as translate, type Key } from './i18n';
import { href } from './router';
import type { Challenge, LobbyMessage, SeekTable } from './seeks';
import { saveToken } from './tokens';

/** The stream's connection ID (seeks name it); null while not connected. */
export const lobbyConn = signal<string | null>(null);
export const seekTables = signal<SeekTable[]>([]);
/** Challenges received and pending. */
export const incoming = signal<Challenge[]>([]);

export interface Notice {
  id: number;
  key: Key;
  params: Record<string, string | number>;
  /** An app path the notice links to. */
  link?: string;
}

/** At most this many notices are shown; older ones go. */
const maxNotices = 5;
export const notices = signal<Notice[]>([]);
let noticeSeq = 0;

/** notify shows an in-page notice, and a browser notification when the tab is hidden and the person allowed them. */
export function notify(key: Key, params: Record<string, string | number> = {}, link?: string): void {
  const n: Notice = { id: ++noticeSeq, key, params, link };
  notices.value = [...notices.value, n].slice(-maxNotices);
  if (typeof document !== 'undefined' && document.hidden && typeof Notification !== 'undefined' && Notification.permission === 'granted') {
    try {
      const b = new Notification(translate(lang.value, 'app.title'), { body: translate(lang.value, key, params), tag: `tabula-${n.id}` });
      b.onclick = () => {
        window.focus();
        if (link) navigate(link);
        b.close();
      };
    } catch {
      // a browser that allows notifications only from a service worker: the in-page notice stays
    }
  }
}

export function dismiss(id: number): void {
  notices.value = notices.value.filter((n) => n.id !== id);
}

/** gameTitles names games in notices (the lobby fills it from GET /api/games). */
export const gameTitles = signal<Map<string, string>>(new Map());
const title = (id?: string) => (id ? (gameTitles.value.get(id) ?? id) : '');

/** watching reports whether the person is looking at match id's page, which shows its turn and offers itself. */
function watching(id: string): boolean {
  const r = route.value;
  return r.page === 'match' && r.id === id && !document.hidden;
}

/** handle applies one message of the stream. */
export function handle(m: LobbyMessage): void {
  switch (m.type) {
    case 'hello':
      lobbyConn.value = m.conn ?? null;
      seekTables.value = m.tables ?? [];
      incoming.value = m.challenges ?? [];
      break;
    case 'seeks':
      seekTables.value = m.tables ?? [];
      break;
    case 'paired':
    case 'challenge-accepted':
      if (m.match && m.token && m.seat !== undefined) {
        saveToken(kv, m.match, { seat: m.seat, token: m.token });
        const link = href({ page: 'match', id: m.match });
        notify(m.type === 'paired' ? 'notice.paired' : 'notice.accepted', { game: title(m.game), name: m.challenge?.to ?? '' }, link);
        navigate(link);
      }
      break;
    case 'challenge':
      if (m.challenge) {
        incoming.value = [...incoming.value.filter((c) => c.id !== m.challenge!.id), m.challenge];
        notify('notice.challenge', { name: m.challenge.from, game: title(m.challenge.game) }, '/');
      }
      break;
    case 'challenge-gone':
      if (m.challenge) {
        const c = m.challenge;
        incoming.value = incoming.value.filter((x) => x.id !== c.id);
        const mine = account.value?.username.toLowerCase() === c.from.toLowerCase();
        if (mine && (m.reason === 'declined' || m.reason === 'expired')) notify(m.reason === 'declined' ? 'notice.declined' : 'notice.expired', { name: c.to });
        if (!mine && m.reason === 'cancelled') notify('notice.cancelled', { name: c.from });
      }
      break;
    case 'your-turn':
      if (m.match && !watching(m.match)) notify('notice.turn', { game: title(m.game) }, href({ page: 'match', id: m.match }));
      break;
    case 'offer':
      if (m.match && !watching(m.match)) notify(m.offer === 'takeback' ? 'notice.takeback' : 'notice.draw', { game: title(m.game) }, href({ page: 'match', id: m.match }));
      break;
  }
}

let ws: WebSocket | null = null;
let retry = 0;
let timer: number | undefined;

/** The pause before reconnecting grows from 1 s to 30 s while connects fail. */
function pause(n: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.min(n, 5));
}

function connect(): void {
  window.clearTimeout(timer);
  if (ws) {
    ws.onclose = null;
    ws.close();
  }
  lobbyConn.value = null;
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const sock = new WebSocket(`${scheme}//${location.host}/ws/lobby`);
  ws = sock;
  sock.onmessage = (e) => {
    retry = 0;
    try {
      handle(JSON.parse(String(e.data)) as LobbyMessage);
    } catch {
      // a message this client does not read
    }
  };
  sock.onclose = () => {
    if (ws !== sock) return;
    ws = null;
    lobbyConn.value = null;
    timer = window.setTimeout(connect, pause(retry++));
  };
}

let started = false;
/** startLobbyStream opens the stream once per page, and again whenever the account changes. */
export function startLobbyStream(): void {
  if (started || typeof WebSocket === 'undefined') return;
  started = true;
  let who: string | null | undefined;
  effect(() => {
    if (accountStatus.value === 'loading') return; // the stream is the session's: wait to know it
    const id = account.value?.id ?? null;
    if (id === who) return;
    who = id;
    retry = 0;
    connect();
  });
}
