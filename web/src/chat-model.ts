// The match chat's wire messages (docs/protocol.md, "Chat") and the panel's
// state: pure functions, so tests need neither a socket nor a page.
import type { WireError } from './protocol';

export type ChatChannel = 'players' | 'spectators';

/** MaxChatChars is the server's limit on one line (protocol.MaxChatRunes). */
export const maxChatChars = 280;

/** The panel keeps this many lines: the server's history and what came after. */
export const maxChatLines = 200;

export interface ChatLine {
  id: number;
  channel: ChatChannel;
  /** The sender's seat, -1 for a spectator. */
  seat: number;
  /** The sender's account, absent for a guest. */
  username?: string;
  text: string;
  /** Unix ms. */
  at: number;
}

/** A chat message from the server, or the error answering one of ours. */
export type ChatServerMessage =
  | { type: 'chat'; id?: string; chat: ChatLine }
  | { type: 'chat-history'; id?: string; chats?: ChatLine[]; muted?: boolean; mutedSeats?: number[]; read?: ChatChannel[]; write?: ChatChannel[] }
  | { type: 'chat-error'; id: string; error: WireError };

export type ChatClientMessage =
  | { type: 'chat'; id: string; channel: ChatChannel; text: string }
  | { type: 'chat-history'; id: string }
  // target: the seat muted or unmuted; absent: every other player.
  | { type: 'chat-mute' | 'chat-unmute'; id: string; target?: number };

export interface ChatState {
  lines: ChatLine[];
  muted: boolean;
  /** The seats whose lines the viewer muted (muted: some are). */
  mutedSeats: number[];
  read: ChatChannel[];
  write: ChatChannel[];
  /** The last error answering one of our chat messages, until the next line of ours. */
  error: WireError | null;
  /** Whether the history has come (the panel asks for it on every connection). */
  loaded: boolean;
}

export const initialChat: ChatState = { lines: [], muted: false, mutedSeats: [], read: [], write: [], error: null, loaded: false };

/** chatIDPrefix starts the IDs of our chat messages, so their errors are told apart from commands'. */
export const chatIDPrefix = 'chat-';

/**
 * parseChatMessage reads a frame that belongs to the chat: a chat line, the
 * history, or an error whose ID is one of our chat messages'; null for
 * anything else (the match's messages) and for malformed frames.
 */
export function parseChatMessage(data: string): ChatServerMessage | null {
  if (!data.includes('"chat') && !data.includes(chatIDPrefix)) return null; // cheap: most frames are moves
  let v: unknown;
  try {
    v = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof v !== 'object' || v === null) return null;
  const m = v as Record<string, unknown>;
  switch (m.type) {
    case 'chat':
      return isLine(m.chat) ? (v as ChatServerMessage) : null;
    case 'chat-history':
      return m.chats === undefined || (Array.isArray(m.chats) && m.chats.every(isLine)) ? (v as ChatServerMessage) : null;
    case 'error': {
      const e = m.error as WireError | undefined;
      if (typeof m.id === 'string' && m.id.startsWith(chatIDPrefix) && e && typeof e.code === 'string') {
        return { type: 'chat-error', id: m.id, error: e };
      }
      return null;
    }
  }
  return null;
}

function isLine(v: unknown): v is ChatLine {
  if (typeof v !== 'object' || v === null) return false;
  const l = v as Record<string, unknown>;
  return typeof l.id === 'number' && (l.channel === 'players' || l.channel === 'spectators') && typeof l.seat === 'number' && typeof l.text === 'string';
}

/** applyChat folds a server chat message into the panel's state. */
export function applyChat(s: ChatState, m: ChatServerMessage): ChatState {
  switch (m.type) {
    case 'chat-history':
      return {
        lines: (m.chats ?? []).slice(-maxChatLines),
        muted: m.muted ?? false,
        mutedSeats: m.mutedSeats ?? [],
        read: m.read ?? [],
        write: m.write ?? [],
        error: null,
        loaded: true,
      };
    case 'chat': {
      if (s.lines.some((l) => l.id === m.chat.id)) return s; // already in a history
      const lines = [...s.lines, m.chat].slice(-maxChatLines);
      return { ...s, lines, error: m.id ? null : s.error };
    }
    case 'chat-error':
      return { ...s, error: m.error };
  }
}

/** linesOf returns the lines of a channel, oldest first. */
export function linesOf(s: ChatState, channel: ChatChannel): ChatLine[] {
  return s.lines.filter((l) => l.channel === channel);
}

/** chatLength counts characters as the server does (code points). */
export function chatLength(text: string): number {
  return [...text].length;
}
