import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { describeError } from './errors';
import { t } from './i18n';

describe('describeError', () => {
  it('says how long to wait when the server limited us and said so', () => {
    const e = new ApiError(429, { code: 'rate-limited', message: 'slow down' }, 7);
    expect(describeError('en', e)).toBe('Too many requests in a short time; try again in 7 s.');
    expect(describeError('ru', e)).toBe('Слишком много запросов за короткое время; повторите через 7 с.');
  });

  it('falls back to the plain message without a wait', () => {
    for (const wait of [null, 0]) {
      const e = new ApiError(429, { code: 'rate-limited', message: 'slow down' }, wait);
      expect(describeError('en', e)).toBe(t('en', 'err.rate-limited'));
    }
  });

  it('translates the other codes and calls anything else a network failure', () => {
    const cases: [string, string][] = [
      ['too-many-matches', 'err.too-many-matches'],
      ['forbidden-origin', 'err.forbidden-origin'],
      ['bad-content-type', 'err.bad-content-type'],
      ['unknown-bot', 'err.unknown-bot'],
      ['unavailable', 'err.unavailable'],
    ];
    for (const [code, key] of cases) {
      expect(describeError('ru', new ApiError(400, { code, message: 'SERVER' }, 3))).toBe(t('ru', key as 'err.unavailable'));
    }
    expect(describeError('en', new TypeError('Failed to fetch'))).toBe(t('en', 'err.network'));
  });
});
