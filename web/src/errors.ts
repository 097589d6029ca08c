// What a person reads when a request fails: the wire code translated, with
// the wait the server asked for when it limits us (Retry-After).
import { ApiError } from './api';
import { errorText, t, type Lang } from './i18n';

/** describeError is the message for a failed API call; anything but an ApiError means the server was not reached. */
export function describeError(lang: Lang, e: unknown): string {
  if (!(e instanceof ApiError)) return t(lang, 'err.network');
  if (e.wire.code === 'rate-limited' && e.retryAfter !== null && e.retryAfter > 0) {
    return t(lang, 'err.rate-limited.wait', { s: e.retryAfter });
  }
  return errorText(lang, e.wire.code, e.wire.message);
}
