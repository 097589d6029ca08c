// The page's account: who is logged in, the session's CSRF token (kept in
// memory only, handed to every state-changing request through
// api.useCSRF), and the actions that change them. A page asks the server
// once when it loads, and again when it comes back to the foreground (the
// session may have ended, or changed, in another tab).
import { signal } from '@preact/signals';
import { ApiError } from './api';
import { api, kv, route } from './app-state';
import * as A from './account-api';
import { claimAll, claimedAfter, claimedKey, loadClaimed, seatTokens, toClaim, type ClaimOutcome, type ListableKV } from './account-model';

/** loading: not known yet; off: the server keeps no accounts; out / in: logged out or in. */
export type AccountStatus = 'loading' | 'off' | 'out' | 'in';

export const accountStatus = signal<AccountStatus>('loading');
export const account = signal<A.Account | null>(null);
/** What the last claim of this browser's guest seats did, for a note in the lobby. */
export const lastClaim = signal<ClaimOutcome | null>(null);

let csrf: string | null = null;
/** Counts the logins, logouts and password changes, so an older question's answer does not undo one. */
let changes = 0;

function apply(info: A.AccountInfo): void {
  csrf = info.account ? (info.csrf ?? null) : null;
  account.value = info.account ?? null;
  accountStatus.value = info.account ? 'in' : 'out';
}

/** refreshAccount asks the server who the session is; a failed request leaves what the page knew. */
export async function refreshAccount(): Promise<void> {
  const asked = changes;
  try {
    const info = await A.whoAmI(api);
    if (asked === changes) apply(info);
  } catch (e) {
    if (e instanceof ApiError && e.wire.code === 'not-found') {
      csrf = null;
      account.value = null;
      accountStatus.value = 'off';
    } else if (accountStatus.value === 'loading') {
      accountStatus.value = 'out';
    }
  }
}

const first = refreshAccount();
// A state change waits for the first answer, so a click made while it is on
// the way still carries the token.
api.useCSRF(async () => {
  await first;
  return csrf;
});
// Another tab may have logged in or out, or changed the password (which
// ends this page's session too): ask again when the page is looked at.
let asking: Promise<void> | null = null;
const askAgain = () => {
  if (accountStatus.value === 'off' || asking) return;
  asking = refreshAccount().finally(() => (asking = null));
};
document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && askAgain());
window.addEventListener('focus', askAgain);

function listable(k: unknown): k is ListableKV {
  const o = k as Partial<ListableKV>;
  return typeof o.key === 'function' && typeof o.length === 'number';
}

/**
 * enter signs up or logs in, then claims every seat this browser holds as
 * a guest for the account (docs/protocol.md, "Keeping a guest's matches").
 * It throws the ApiError of a refused signup or login; a claim that fails
 * is told in lastClaim, not thrown: the account is in either way.
 */
export async function enter(mode: 'login' | 'signup', username: string, password: string): Promise<void> {
  const info = await (mode === 'signup' ? A.signup(api, username, password) : A.login(api, username, password));
  changes++;
  apply(info);
  const id = info.account?.id;
  const tokens = listable(kv) ? seatTokens(kv) : [];
  if (!id || tokens.length === 0) {
    lastClaim.value = null;
    return;
  }
  const done = loadClaimed(kv, id);
  const seats = toClaim(tokens, done);
  const out = seats.length === 0 ? null : await claimAll(seats, (b) => A.claim(api, b));
  lastClaim.value = out;
  if (out) kv.setItem(claimedKey(id), JSON.stringify(claimedAfter(tokens, done, out)));
}

/** leave logs out. A match page reloads: its socket held the account's seats by the cookie. */
export async function leave(): Promise<void> {
  const info = await A.logout(api);
  changes++;
  apply(info);
  lastClaim.value = null;
  if (route.value.page === 'match') location.reload();
}

export async function changePassword(old: string, next: string): Promise<void> {
  const info = await A.changePassword(api, old, next);
  changes++;
  apply(info);
}
