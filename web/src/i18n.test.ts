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

describe('Ukrainian', () => {
  it('is its own text, not the Russian or the English copied', () => {
    const keys = Object.keys(dictionaries.en) as (keyof typeof dictionaries.en)[];
    // Names and notation are the same in every language (Pathagon, {board} {cell}); prose is not.
    const same = keys.filter((k) => dictionaries.uk[k] === dictionaries.ru[k] && /[а-яіїєґ]{4}/i.test(dictionaries.uk[k]));
    expect(same.length, same.join(', ')).toBeLessThan(keys.length / 10);
    const words = (text: string) => text.replace(/\{\w+\}/g, '');
    const english = keys.filter((k) => dictionaries.uk[k] === dictionaries.en[k] && /[a-z]{4}/i.test(words(dictionaries.en[k])));
    expect(english, 'left in English').toEqual([]);
    // Letters Ukrainian does not have.
    const foreign = keys.filter((k) => /[ыэъё]/i.test(dictionaries.uk[k]));
    expect(foreign, 'Russian letters in the Ukrainian text').toEqual([]);
  });
});

describe('t', () => {
  it('fills placeholders and leaves unknown ones', () => {
    expect(t('en', 'lobby.time.fischer', { min: 5, inc: 3 })).toBe('5 min + 3 s');
    expect(t('ru', 'lobby.time.fischer', { min: 5, inc: 3 })).toBe('5 мин + 3 с');
    expect(t('uk', 'lobby.time.fischer', { min: 5, inc: 3 })).toBe('5 хв + 3 с');
    expect(t('en', 'lobby.time.fischer', { min: 5 })).toBe('5 min + {inc} s');
  });
});

describe('language choice', () => {
  it('prefers the stored choice, then the browser, then English', () => {
    const kv = memoryKV();
    expect(initialLang(kv, ['de-DE', 'ru-RU'])).toBe('ru');
    expect(initialLang(kv, ['de'])).toBe('en');
    expect(initialLang(kv, ['uk-UA', 'ru-RU'])).toBe('uk');
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
    expect(seatName('uk', 'light', 0)).toBe('Світлі');
    expect(seatName('en', 'north', 2)).toBe('north');
    expect(seatName('en', undefined, 2)).toBe('#3');
  });
  it('falls back to the server message for an unknown code', () => {
    expect(errorText('en', 'brand-new', 'server says')).toBe('server says');
  });
});
