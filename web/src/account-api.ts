// The /api/account routes (docs/protocol.md, "Accounts") over the one Api
// client, so every state change carries X-CSRF-Token like the rest.
import type { Api } from './api';
import type { Summary } from './protocol';

export interface Account {
  id: string;
  username: string;
  /** Unix ms. */
  created: number;
}

/** AccountInfo: the session's account (null: logged out) and its CSRF token. */
export interface AccountInfo {
  account: Account | null;
  csrf?: string;
}

export interface SeatClaim {
  match: string;
  token: string;
}

export interface SeatRef {
  match: string;
  seat: number;
}

/** One unfinished match of the account, with the seats it holds there. */
export interface AccountMatch {
  match: Summary;
  seats: number[];
}

export function whoAmI(api: Api): Promise<AccountInfo> {
  return api.call('GET', '/api/account');
}

export function signup(api: Api, username: string, password: string): Promise<AccountInfo> {
  return api.call('POST', '/api/account/signup', { username, password });
}

export function login(api: Api, username: string, password: string): Promise<AccountInfo> {
  return api.call('POST', '/api/account/login', { username, password });
}

export function logout(api: Api): Promise<AccountInfo> {
  return api.call('POST', '/api/account/logout', {});
}

/** changePassword answers the AccountInfo of a new session: every other one ended. */
export function changePassword(api: Api, old: string, next: string): Promise<AccountInfo> {
  return api.call('POST', '/api/account/password', { old, new: next });
}

export async function claim(api: Api, seats: SeatClaim[]): Promise<SeatRef[]> {
  const b = await api.call<{ seats: SeatRef[] | null }>('POST', '/api/account/claim', { seats });
  return b.seats ?? [];
}

export async function accountMatches(api: Api): Promise<AccountMatch[]> {
  const b = await api.call<{ matches: AccountMatch[] | null }>('GET', '/api/account/matches');
  return b.matches ?? [];
}

/** An account's settings document (docs/protocol.md, "Account settings"): a flat object the web client gives meaning to. */
export type SettingsDoc = Record<string, unknown>;

export function getSettings(api: Api): Promise<SettingsDoc> {
  return api.call('GET', '/api/account/settings');
}

/**
 * putSettings replaces the account's settings and answers them as stored;
 * keepalive lets the request finish after the page is gone.
 */
export function putSettings(api: Api, doc: SettingsDoc, keepalive = false): Promise<SettingsDoc> {
  return api.call('PUT', '/api/account/settings', doc, { keepalive });
}
