// @vitest-environment happy-dom
// The account pages against a scripted server: the rules are shown, the
// server's refusals are told in words, a sign-up claims the guest's seats
// with the CSRF token, and the header offers the right links.
import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The scripted server: every request is recorded; answer decides the reply. */
const srv = vi.hoisted(() => {
  const s = {
    calls: [] as { method: string; url: string; headers: Record<string, string>; body: unknown }[],
    answer: (_method: string, _url: string, _body: unknown): [number, unknown, Record<string, string>?] => [200, { account: null }],
    /** When set, GET /api/account waits for it before answering. */
    hold: null as Promise<void> | null,
  };
  const f = (async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    s.calls.push({ method, url, headers: { ...(init?.headers as Record<string, string>) }, body });
    const answer = s.answer(method, url, body);
    if (url === '/api/account' && s.hold) await s.hold;
    const [status, json, headers] = answer;
    return new Response(JSON.stringify(json), { status, headers: headers ?? {} });
  }) as typeof fetch;
  globalThis.fetch = f;
  window.fetch = f;
  return s;
});

import { lang, navigate, route } from './app-state';
import { AccountWidget } from './account-widget';
import { account, accountStatus, enter, lastClaim, refreshAccount } from './account-state';
import { langs, t } from './i18n';
import { AuthPage } from './pages/auth';
import { MyGames } from './pages/my-games';
import { saveToken } from './tokens';

let root: HTMLElement;
beforeEach(() => {
  root = document.createElement('div');
  document.body.appendChild(root);
  srv.calls = [];
  localStorage.clear();
  history.replaceState(null, '', '/');
  route.value = { page: 'lobby' };
});
afterEach(() => {
  render(null, root);
  root.remove();
  lang.value = 'en';
});

async function until(cond: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(cond()).toBe(true);
}

const alice = { id: 'a_1', username: 'Alice', created: 1 };
const err = (code: string, status: number, headers?: Record<string, string>): [number, unknown, Record<string, string>?] => [
  status,
  { error: { code, message: `server: ${code}` } },
  headers,
];

async function fill(name: string, password: string): Promise<void> {
  const set = (sel: string, v: string) => {
    const el = root.querySelector(sel) as HTMLInputElement;
    el.value = v;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  };
  set('input[name="username"]', name);
  set('input[name="password"]', password);
  await new Promise((r) => setTimeout(r, 0));
  (root.querySelector('form') as HTMLFormElement).dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
}

describe('the header', () => {
  it('offers log in and sign up to a guest, and the account menu when logged in', async () => {
    srv.answer = () => [200, { account: null }];
    await refreshAccount();
    navigate('/match/m_1');
    render(<AccountWidget />, root);
    const links = [...root.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/login?next=%2Fmatch%2Fm_1', '/signup?next=%2Fmatch%2Fm_1']);
    srv.answer = () => [200, { account: alice, csrf: 'c1' }];
    await refreshAccount();
    await until(() => root.querySelector('button.account-button') !== null);
    const b = root.querySelector('button.account-button') as HTMLButtonElement;
    expect(b.getAttribute('aria-expanded')).toBe('false');
    expect(b.getAttribute('aria-label')).toBe('Account: Alice');
    expect((root.querySelector('#account-menu-list') as HTMLElement).hidden).toBe(true);
    b.click();
    await until(() => b.getAttribute('aria-expanded') === 'true');
    expect((root.querySelector('#account-menu-list') as HTMLElement).hidden).toBe(false);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    await until(() => b.getAttribute('aria-expanded') === 'false');
    navigate('/');
  });
});

describe('the sign-up page', () => {
  it('shows the rules and stops a name that breaks them before asking the server', async () => {
    srv.answer = () => [200, { account: null }];
    await refreshAccount();
    for (const l of langs) {
      lang.value = l;
      render(<AuthPage mode="signup" />, root);
      expect(root.querySelector('#name-rules')!.textContent).toBe(t(l, 'account.nameRules'));
      expect(root.querySelector('#password-rules')!.textContent).toBe(t(l, 'account.passwordRules'));
      expect(root.querySelector('input[name="username"]')!.getAttribute('aria-describedby')).toBe('name-rules');
      srv.calls = [];
      await fill('9lives', 'long enough');
      await until(() => root.querySelector('[data-auth-error]') !== null);
      expect(root.querySelector('[data-auth-error]')!.textContent).toBe(t(l, 'account.name.start'));
      expect(root.querySelector('input[name="username"]')!.getAttribute('aria-invalid')).toBe('true');
      expect(srv.calls).toEqual([]);
      render(null, root);
    }
  });

  it('tells every refusal of the server in words', async () => {
    const cases: [ReturnType<typeof err>, string][] = [
      [err('bad-username', 400), t('en', 'err.bad-username')],
      [err('username-taken', 409), t('en', 'err.username-taken')],
      [err('bad-password', 400), t('en', 'err.bad-password')],
      [err('rate-limited', 429, { 'Retry-After': '540' }), t('en', 'account.wait.min', { n: 9 })],
      [err('overloaded', 503), t('en', 'account.overloaded')],
    ];
    for (const [answer, want] of cases) {
      srv.answer = (m, url) => (m === 'POST' && url === '/api/account/signup' ? answer : [200, { account: null }]);
      render(<AuthPage mode="signup" />, root);
      await fill('admin', 'password1');
      await until(() => root.querySelector('[data-auth-error]') !== null);
      expect(root.querySelector('[data-auth-error]')!.textContent, answer[1] as string).toBe(want);
      expect(root.querySelector('[data-auth-error]')!.getAttribute('role')).toBe('alert');
      render(null, root);
    }
  });

  it('claims the guest’s seats with the new session’s CSRF token, then goes on', async () => {
    saveToken(localStorage, 'm_a', { seat: 0, token: 'tok-a' });
    saveToken(localStorage, 'm_b', { seat: 1, token: 'tok-b' });
    srv.answer = (m, url, body) => {
      if (url === '/api/account/signup') return [201, { account: alice, csrf: 'fresh' }];
      if (url === '/api/account/claim') return [200, { seats: (body as { seats: { match: string }[] }).seats.map((s) => ({ match: s.match, seat: 0 })) }];
      return [200, { account: null }];
    };
    history.replaceState(null, '', '/signup?next=/match/m_b');
    render(<AuthPage mode="signup" />, root);
    await fill('Alice', 'password1');
    await until(() => route.value.page === 'match');
    expect(location.pathname).toBe('/match/m_b');
    expect(accountStatus.value).toBe('in');
    expect(account.value?.username).toBe('Alice');
    const claim = srv.calls.find((c) => c.url === '/api/account/claim')!;
    expect(claim.method).toBe('POST');
    expect(claim.headers['X-CSRF-Token']).toBe('fresh');
    expect(claim.body).toEqual({
      seats: [
        { match: 'm_a', token: 'tok-a' },
        { match: 'm_b', token: 'tok-b' },
      ],
    });
    expect(lastClaim.value?.claimed.length).toBe(2);
    // Logging in again in this browser claims nothing twice.
    srv.calls = [];
    srv.answer = (_m, url) => (url === '/api/account/login' ? [200, { account: alice, csrf: 'again' }] : [200, { account: null }]);
    await enter('login', 'alice', 'password1');
    expect(srv.calls.map((c) => c.url)).toEqual(['/api/account/login']);
    // The log-in page, opened while logged in, says who is.
    render(null, root);
    render(<AuthPage mode="login" />, root);
    await until(() => root.querySelector('[data-already]') !== null);
    expect(root.querySelector('[data-already]')!.textContent).toContain('You are logged in as Alice.');
    navigate('/');
  });

  it('tells a wrong password on the log-in page', async () => {
    srv.answer = (m, url) => (url === '/api/account/login' ? err('wrong-credentials', 401) : [200, { account: null }]);
    await refreshAccount();
    for (const l of langs) {
      lang.value = l;
      render(<AuthPage mode="login" />, root);
      await fill('Alice', 'wrong password');
      await until(() => root.querySelector('[data-auth-error]') !== null);
      expect(root.querySelector('[data-auth-error]')!.textContent).toBe(t(l, 'err.wrong-credentials'));
      render(null, root);
    }
  });
});

describe('the account state', () => {
  it('is not undone by the late answer of a question asked before a login', async () => {
    srv.answer = (_m, url) => (url === '/api/account/login' ? [200, { account: alice, csrf: 'new' }] : [200, { account: null }]);
    let release = () => {};
    srv.hold = new Promise<void>((ok) => (release = ok));
    const asked = refreshAccount(); // answered "logged out", but late
    await enter('login', 'Alice', 'password1');
    expect(accountStatus.value).toBe('in');
    release();
    await asked;
    srv.hold = null;
    expect(accountStatus.value).toBe('in');
    expect(account.value?.username).toBe('Alice');
  });
});

describe('my games', () => {
  it('lists the account’s matches with an open link, and nothing for a guest', async () => {
    srv.answer = () => [200, { account: null }];
    await refreshAccount();
    render(<MyGames />, root);
    expect(root.innerHTML).toBe('');
    srv.answer = (_m, url) => {
      if (url === '/api/account') return [200, { account: alice, csrf: 'c' }];
      if (url === '/api/games') return [200, { games: [{ id: 'pathagon', title: 'Pathagon' }] }];
      return [
        200,
        {
          matches: [
            {
              match: {
                id: 'm_9', game: 'pathagon', variant: 'standard', players: 2, status: 'live', ply: 4, created: 1, updated: 2,
                timeControl: { kind: 'none' },
                seats: [
                  { seat: 0, name: 'light', kind: 'human', taken: true, connected: true },
                  { seat: 1, name: 'dark', kind: 'bot', bot: 'bot:easy', taken: true, connected: true },
                ],
              },
              seats: [0],
            },
          ],
        },
      ];
    };
    lastClaim.value = null;
    await refreshAccount();
    await until(() => root.querySelector('[data-match="m_9"]') !== null);
    const row = root.querySelector('[data-match="m_9"]')!;
    expect(row.querySelector('a')!.getAttribute('href')).toBe('/match/m_9');
    await until(() => row.textContent!.includes('Pathagon'));
    expect(row.querySelector('.match-who')!.textContent).toBe('You: Light · Against: computer (Easy)');
    expect(row.querySelector('a .sr-only')!.textContent).toBe('Open Pathagon, live');
  });
});
