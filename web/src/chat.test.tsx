// @vitest-environment happy-dom
// The chat panel and its model: frames are told apart from the match's,
// lines fold into the rooms, the panel shows tabs a screen reader can use,
// sends lines and mutes, and its errors are translated.
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lang } from './app-state';
import { ChatPanel } from './chat';
import { applyChat, initialChat, linesOf, maxChatChars, parseChatMessage, type ChatClientMessage, type ChatState } from './chat-model';
import { langs, t } from './i18n';
import { state } from './testutil';

const line = (id: number, channel: 'players' | 'spectators', text: string, seat = 0, username?: string) => ({
  id,
  channel,
  seat,
  text,
  at: 1,
  ...(username ? { username } : {}),
});

describe('parseChatMessage', () => {
  it.each([
    ['a line', { type: 'chat', chat: line(1, 'players', 'hi') }, 'chat'],
    ['the history', { type: 'chat-history', chats: [line(1, 'players', 'hi')], read: ['players'], write: ['players'] }, 'chat-history'],
    ['an error of a chat message', { type: 'error', id: 'chat-x-1', version: 3, error: { code: 'rate-limited', message: 'slow' } }, 'chat-error'],
  ])('reads %s', (_name, msg, want) => {
    expect(parseChatMessage(JSON.stringify(msg))?.type).toBe(want);
  });
  it.each([
    ['a match update', { type: 'update', version: 4, event: { kind: 'move', seat: 0, move: 'd4' } }],
    ['an error of a command', { type: 'error', id: 'c-1', version: 3, error: { code: 'stale-version', message: '' } }],
    ['a malformed line', { type: 'chat', chat: { id: 'x' } }],
    ['not JSON', '{"chat'],
  ])('leaves %s', (_name, msg) => {
    expect(parseChatMessage(typeof msg === 'string' ? msg : JSON.stringify(msg))).toBeNull();
  });
});

describe('applyChat', () => {
  it('replaces the lines with the history, appends new ones once, keeps errors until our next line', () => {
    let s = applyChat(initialChat, { type: 'chat-history', chats: [line(1, 'players', 'a'), line(2, 'spectators', 'b')], read: ['players', 'spectators'], write: ['players'] });
    s = applyChat(s, { type: 'chat', chat: line(2, 'spectators', 'b') });
    s = applyChat(s, { type: 'chat', chat: line(3, 'players', 'c') });
    expect(linesOf(s, 'players').map((l) => l.text)).toEqual(['a', 'c']);
    expect(linesOf(s, 'spectators').map((l) => l.text)).toEqual(['b']);
    s = applyChat(s, { type: 'chat-error', id: 'chat-1', error: { code: 'rate-limited', message: '' } });
    expect(s.error?.code).toBe('rate-limited');
    s = applyChat(s, { type: 'chat', chat: line(4, 'players', 'x', 1) });
    expect(s.error?.code).toBe('rate-limited');
    s = applyChat(s, { type: 'chat', id: 'chat-2', chat: line(5, 'players', 'y') });
    expect(s.error).toBeNull();
  });
});

describe('ChatPanel', () => {
  let root: HTMLElement;
  let sent: ChatClientMessage[];
  beforeEach(() => {
    root = document.createElement('div');
    document.body.append(root);
    sent = [];
  });
  afterEach(() => {
    render(null, root);
    root.remove();
    lang.value = 'en';
  });
  const show = (chat: ChatState, me: number) =>
    act(() => {
      render(<ChatPanel chat={chat} status="open" state={state(1, { seats: [{ seat: 0, name: 'light', kind: 'human', taken: true, connected: true }] })} me={me} send={(m) => (sent.push(m), true)} />, root);
    });

  it('asks for the history, shows the rooms as tabs, sends a line and a mute', () => {
    const chat = applyChat(initialChat, {
      type: 'chat-history',
      chats: [line(1, 'players', 'good luck', 0), line(2, 'spectators', 'nice', -1, 'Carol')],
      read: ['players', 'spectators'],
      write: ['players'],
    });
    show(chat, 0);
    expect(sent[0]?.type).toBe('chat-history');
    const tabs = [...root.querySelectorAll('[role="tab"]')];
    expect(tabs.map((x) => x.getAttribute('aria-selected'))).toEqual(['true', 'false']);
    expect(root.querySelector('[role="tablist"]')!.getAttribute('aria-label')).toBe('Chat rooms');
    const log = root.querySelector('[role="log"]')!;
    expect(log.getAttribute('aria-live')).toBe('polite');
    expect(log.textContent).toContain('Light good luck');
    act(() => (tabs[1] as HTMLButtonElement).click());
    expect(root.querySelector('[role="log"]')!.textContent).toContain('Carol nice');
    expect(root.querySelector('[data-chat-input]')).toBeNull(); // a player reads the spectators, never writes there
    act(() => (root.querySelector('[data-chat-tab="players"]') as HTMLButtonElement).click());
    const input = root.querySelector('[data-chat-input]') as HTMLInputElement;
    expect(root.querySelector(`label[for="${input.id}"]`)!.textContent).toBe('Message to Players');
    act(() => {
      input.value = 'thanks';
      input.dispatchEvent(new Event('input'));
    });
    act(() => {
      (root.querySelector('form') as HTMLFormElement).dispatchEvent(new Event('submit', { cancelable: true }));
    });
    expect(sent.at(-1)).toMatchObject({ type: 'chat', channel: 'players', text: 'thanks' });
    act(() => (root.querySelector('[data-chat-mute]') as HTMLButtonElement).click());
    expect(sent.at(-1)?.type).toBe('chat-mute');
  });

  it('mutes one player of three, says whom, and offers no one-player mute with two', () => {
    const seats = [0, 1, 2].map((seat) => ({ seat, name: ['red', 'blue', 'green'][seat]!, kind: 'human' as const, taken: true, connected: true }));
    seats[1] = { ...seats[1]!, username: 'Bob' } as (typeof seats)[number];
    const three = state(1, { seats });
    const chat = applyChat(initialChat, { type: 'chat-history', chats: [line(1, 'players', 'hi', 1, 'Bob'), line(2, 'players', 'yo', 2), line(3, 'players', 'me', 0)], read: ['players'], write: ['players'] });
    act(() => render(<ChatPanel chat={chat} status="open" state={three} me={0} send={(m) => (sent.push(m), true)} />, root));
    const buttons = [...root.querySelectorAll('[data-chat-mute-seat]')];
    expect(buttons.map((b) => b.getAttribute('data-chat-mute-seat'))).toEqual(['1', '2']); // not one's own line
    expect(buttons[0]!.getAttribute('aria-label')).toBe('Mute Bob');
    act(() => (buttons[0] as HTMLButtonElement).click());
    expect(sent.at(-1)).toMatchObject({ type: 'chat-mute', target: 1 });

    const muted = applyChat(chat, { type: 'chat-history', chats: [line(2, 'players', 'yo', 2), line(3, 'players', 'me', 0)], muted: true, mutedSeats: [1], read: ['players'], write: ['players'] });
    act(() => render(<ChatPanel chat={muted} status="open" state={three} me={0} send={(m) => (sent.push(m), true)} />, root));
    expect(root.querySelector('[data-chat-muted]')!.textContent).toBe('You muted Bob: their messages are hidden.');
    const all = applyChat(chat, { type: 'chat-history', chats: [], muted: true, mutedSeats: [1, 2], read: ['players'], write: ['players'] });
    act(() => render(<ChatPanel chat={all} status="open" state={three} me={0} send={(m) => (sent.push(m), true)} />, root));
    expect(root.querySelector('[data-chat-muted]')!.textContent).toBe(t('en', 'chat.muted'));

    show(chat, 0); // fewer than three seats: only the head's mute of everyone
    expect(root.querySelector('[data-chat-mute-seat]')).toBeNull();
  });

  it('does not send a line over the limit', () => {
    show(applyChat(initialChat, { type: 'chat-history', chats: [], read: ['spectators'], write: ['spectators'] }), -1);
    expect(root.querySelector('[data-chat-mute]')).toBeNull(); // spectators do not mute
    const input = root.querySelector('[data-chat-input]') as HTMLInputElement;
    act(() => {
      input.value = 'x'.repeat(maxChatChars + 1);
      input.dispatchEvent(new Event('input'));
    });
    expect((root.querySelector('[data-chat-send]') as HTMLButtonElement).disabled).toBe(true);
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it.each(langs)('translates its errors and labels in %s', (l) => {
    lang.value = l;
    show({ ...applyChat(initialChat, { type: 'chat-history', read: ['players'], write: ['players'] }), error: { code: 'chat-needs-account', message: 'x' } }, 0);
    expect(root.querySelector('[data-chat-error]')!.textContent).toBe(t(l, 'err.chat-needs-account'));
    expect(root.querySelector('h2')!.textContent).toBe(t(l, 'chat.title'));
  });
});
