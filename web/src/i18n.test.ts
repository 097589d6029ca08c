import { describe, expect, it } from 'vitest';
import { dictionaries, errorText, initialLang, langKey, langs, saveLang, seatName, t } from './i18n';
import { codes } from './protocol';
import { memoryKV } from './tokens';

describe('dictionaries', () => {
  it('translate every key into every language, keeping the placeholders', () => {
    const keys = Object.keys(dictionaries.en) as (keyof typeof dictionaries.en)[];
    for (const [lang, d] of Object.entries(dictionaries)) {
      for (const k of keys) {
        const text = d[k];
        expect(text, `${lang} ${k}`).toBeTruthy();
        const want = (dictionaries.en[k].match(/\{\w+\}/g) ?? []).sort();
        expect((text.match(/\{\w+\}/g) ?? []).sort(), `${lang} ${k} placeholders`).toEqual(want);
      }
    }
  });

  it('translate every wire error code of errors.json', () => {
    expect(codes.length).toBeGreaterThan(10);
    for (const code of codes) {
      for (const lang of langs) {
        expect(errorText(lang, code, 'SERVER'), `${lang} ${code}`).not.toBe('SERVER');
      }
    }
  });
});

describe('t', () => {
  it('fills placeholders and leaves unknown ones', () => {
    expect(t('en', 'lobby.time.fischer', { min: 5, inc: 3 })).toBe('5 min + 3 s');
    expect(t('ru', 'lobby.time.fischer', { min: 5, inc: 3 })).toBe('5 мин + 3 с');
    expect(t('en', 'lobby.time.fischer', { min: 5 })).toBe('5 min + {inc} s');
  });
});

describe('language choice', () => {
  it('prefers the stored choice, then the browser, then English', () => {
    const kv = memoryKV();
    expect(initialLang(kv, ['de-DE', 'ru-RU'])).toBe('ru');
    expect(initialLang(kv, ['de'])).toBe('en');
    saveLang(kv, 'en');
    expect(kv.getItem(langKey)).toBe('en');
    expect(initialLang(kv, ['ru'])).toBe('en');
    kv.setItem(langKey, 'xx');
    expect(initialLang(kv, ['ru'])).toBe('ru');
  });
});

describe('seatName and errorText', () => {
  it('translates known seat names and keeps others', () => {
    expect(seatName('ru', 'light', 0)).toBe('Светлые');
    expect(seatName('en', 'north', 2)).toBe('north');
    expect(seatName('en', undefined, 2)).toBe('#3');
  });
  it('falls back to the server message for an unknown code', () => {
    expect(errorText('en', 'brand-new', 'server says')).toBe('server says');
  });
});
