// The account's personal access tokens for the bot API (docs/bot-api.md):
// listed, made (the token is in the answer once) and revoked over the one
// Api client, so each change carries X-CSRF-Token like the rest.
import type { Api } from './api';

export interface TokenInfo {
  id: string;
  description: string;
  scopes: string[];
  /** Unix ms. */
  created: number;
  /** Unix ms; absent: never used. */
  used?: number;
}

export interface TokenList {
  bot: boolean;
  tokens: TokenInfo[];
  /** The scopes a token may have. */
  scopes: string[];
}

export interface TokenCreated {
  token: string;
  info: TokenInfo;
}

export function listTokens(api: Api): Promise<TokenList> {
  return api.call('GET', '/api/account/tokens');
}

export function createToken(api: Api, description: string, scopes: string[]): Promise<TokenCreated> {
  return api.call('POST', '/api/account/tokens', { description, scopes });
}

export function revokeToken(api: Api, id: string): Promise<TokenList> {
  return api.call('POST', `/api/account/tokens/${encodeURIComponent(id)}/revoke`, {});
}
