// The match page's chat panel (docs/protocol.md, "Chat"): a tab per room
// the connection reads (the players', the spectators'), the room's lines in
// a live log, a line to write in the room it writes, and for a player a
// mute of the other players (and, with three or more, of one of them). Tabs follow the ARIA tabs pattern (arrow keys
// move between them); new lines are announced politely.
import { useEffect, useRef, useState } from 'preact/hooks';
import { lang, t } from './app-state';
import { errorText, seatName } from './i18n';
import { chatIDPrefix, chatLength, linesOf, maxChatChars, type ChatChannel, type ChatClientMessage, type ChatLine, type ChatState } from './chat-model';
import type { Status } from './connection';
import type { MatchState } from './protocol';
import './chat.css';

let counter = 0;
function chatID(): string {
  counter += 1;
  return `${chatIDPrefix}${Date.now().toString(36)}-${counter}`;
}

export interface ChatPanelProps {
  chat: ChatState;
  status: Status;
  state: MatchState;
  /** The viewer's seat, -1 for a spectator. */
  me: number;
  send: (msg: ChatClientMessage) => boolean;
}

export function ChatPanel({ chat, status, state, me, send }: ChatPanelProps) {
  // The history on every (re)connection: lines said while away come with it.
  useEffect(() => {
    if (status === 'open') send({ type: 'chat-history', id: chatID() });
  }, [status]);

  const rooms: ChatChannel[] = chat.read.length > 0 ? chat.read : [me >= 0 ? 'players' : 'spectators'];
  const [picked, setPicked] = useState<ChatChannel | null>(null);
  const room: ChatChannel = picked && rooms.includes(picked) ? picked : rooms[0]!;
  const [text, setText] = useState('');
  const logRef = useRef<HTMLOListElement>(null);
  const lines = linesOf(chat, room);
  const canWrite = chat.write.includes(room);
  const roomName = t(room === 'players' ? 'chat.players' : 'chat.spectators');

  // Keep the newest line in view.
  useEffect(() => {
    const el = logRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lines.length, room]);

  const submit = (e: Event) => {
    e.preventDefault();
    const line = text.trim();
    if (!line || chatLength(line) > maxChatChars) return;
    if (send({ type: 'chat', id: chatID(), channel: room, text: line })) setText('');
  };
  const onTabKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    const i = rooms.indexOf(room);
    const next = rooms[(i + (e.key === 'ArrowRight' ? 1 : rooms.length - 1)) % rooms.length]!;
    setPicked(next);
    document.getElementById(`chat-tab-${next}`)?.focus();
  };
  const left = maxChatChars - chatLength(text);
  // One player is muted alone only where there are others to keep hearing.
  const muteOne = me >= 0 && (state.seats?.length ?? 0) > 2;
  const mutedNames = chat.mutedSeats.map((seat) => seatLabel(seat, state));
  const allMuted = chat.muted && chat.mutedSeats.length >= (state.seats?.length ?? 2) - 1;

  return (
    <section class="chat" aria-labelledby="chat-title" data-chat>
      <div class="chat-head">
        <h2 id="chat-title">{t('chat.title')}</h2>
        {me >= 0 && (
          <button
            type="button"
            class="chat-mute"
            aria-pressed={chat.muted}
            onClick={() => send({ type: chat.muted ? 'chat-unmute' : 'chat-mute', id: chatID() })}
            data-chat-mute
          >
            {t(chat.muted ? 'chat.unmute' : 'chat.mute')}
          </button>
        )}
      </div>
      {rooms.length > 1 && (
        <div class="chat-tabs" role="tablist" aria-label={t('chat.tabs')} onKeyDown={onTabKey}>
          {rooms.map((r) => (
            <button
              key={r}
              type="button"
              role="tab"
              id={`chat-tab-${r}`}
              aria-selected={r === room}
              aria-controls="chat-room"
              tabIndex={r === room ? 0 : -1}
              onClick={() => setPicked(r)}
              data-chat-tab={r}
            >
              {t(r === 'players' ? 'chat.players' : 'chat.spectators')}
            </button>
          ))}
        </div>
      )}
      <div id="chat-room" role={rooms.length > 1 ? 'tabpanel' : undefined} aria-labelledby={rooms.length > 1 ? `chat-tab-${room}` : 'chat-title'}>
        {chat.muted && room === 'players' && (
          <p class="chat-note" data-chat-muted={chat.mutedSeats.join(' ')}>
            {allMuted || mutedNames.length === 0 ? t('chat.muted') : t('chat.mutedSome', { names: mutedNames.join(', ') })}
          </p>
        )}
        <ol class="chat-log" ref={logRef} role="log" aria-live="polite" aria-label={t('chat.log', { room: roomName })} tabIndex={0} data-chat-log={room}>
          {lines.length === 0 && <li class="chat-empty">{t('chat.none')}</li>}
          {lines.map((l) => (
            <li key={l.id} data-chat-line={l.id}>
              <span class="chat-who">{who(l, state)}</span> <span class="chat-text">{l.text}</span>
              {muteOne && room === 'players' && l.seat >= 0 && l.seat !== me && !chat.mutedSeats.includes(l.seat) && (
                <button
                  type="button"
                  class="chat-mute-one"
                  aria-label={t('chat.muteOne', { name: who(l, state) })}
                  title={t('chat.muteOne', { name: who(l, state) })}
                  onClick={() => send({ type: 'chat-mute', id: chatID(), target: l.seat })}
                  data-chat-mute-seat={l.seat}
                >
                  {t('chat.muteShort')}
                </button>
              )}
            </li>
          ))}
        </ol>
        {chat.error && (
          <p class="error" role="alert" data-chat-error>
            {errorText(lang.value, chat.error.code, chat.error.message)}
          </p>
        )}
        {canWrite ? (
          <form class="chat-form" onSubmit={submit}>
            <label class="sr-only" for="chat-input">
              {t('chat.input', { room: roomName })}
            </label>
            <input
              id="chat-input"
              type="text"
              value={text}
              maxLength={maxChatChars * 2}
              autocomplete="off"
              aria-describedby="chat-left"
              aria-invalid={left < 0}
              onInput={(e) => setText((e.target as HTMLInputElement).value)}
              disabled={status !== 'open'}
              data-chat-input
            />
            <button type="submit" disabled={status !== 'open' || text.trim() === '' || left < 0} data-chat-send>
              {t('chat.send')}
            </button>
            <span id="chat-left" class={`chat-left${left < 20 ? ' low' : ''}`} aria-live={left < 20 ? 'polite' : 'off'}>
              {left < 20 ? t('chat.left', { n: left }) : ''}
            </span>
          </form>
        ) : (
          chat.loaded && <p class="chat-note">{t('chat.readOnly')}</p>
        )}
      </div>
    </section>
  );
}

/** who names a line's sender: the username, else the seat's name, else "Guest". */
function who(l: ChatLine, state: MatchState): string {
  if (l.username) return l.username;
  if (l.seat >= 0) return seatLabel(l.seat, state);
  return t('chat.guest');
}

/** seatLabel names a seat: its player's username, else the seat's name. */
function seatLabel(seat: number, state: MatchState): string {
  const s = state.seats?.find((x) => x.seat === seat);
  return s?.username || seatName(lang.value, s?.name, seat);
}
