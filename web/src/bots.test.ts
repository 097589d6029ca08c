import { describe, expect, it } from 'vitest';
import { botKind, botText, levelRating, moveTimeText } from './bots';
import { langs, t, type Key } from './i18n';
import type { GameInfo } from './protocol';

describe('botKind', () => {
  it('knows the built-in levels and calls every other name an engine', () => {
    const cases: [string, string][] = [
      ['random', 'random'],
      ['bot:easy', 'easy'],
      ['bot:medium', 'medium'],
      ['bot:hard', 'hard'],
      ['bot:max', 'max'],
      ['aba-pro', 'engine'],
      ['bot:ultra', 'engine'],
      ['', 'engine'],
    ];
    for (const [spec, kind] of cases) expect(botKind(spec), spec).toBe(kind);
  });
});

describe('botText', () => {
  const levels = ['random', 'bot:easy', 'bot:medium', 'bot:hard', 'bot:max'];

  it('names the levels in English as people say them, with what to expect', () => {
    const tr = (k: Key, p?: Record<string, string | number>) => t('en', k, p);
    expect(levels.map((b) => botText(b, tr).name)).toEqual(['Random', 'Easy', 'Medium', 'Hard', 'Max']);
    expect(botText('bot:easy', tr).desc).toMatch(/beginner/);
    expect(botText('bot:max', tr).desc).toMatch(/strongest/);
    expect(botText('random', tr).desc).toMatch(/Random moves/);
  });

  it('gives every level a distinct name and description in every language, never the spec', () => {
    for (const lang of langs) {
      const tr = (k: Key, p?: Record<string, string | number>) => t(lang, k, p);
      const texts = levels.map((b) => botText(b, tr));
      expect(new Set(texts.map((x) => x.name)).size, lang).toBe(levels.length);
      expect(new Set(texts.map((x) => x.desc)).size, lang).toBe(levels.length);
      for (const [i, x] of texts.entries()) {
        expect(x.name, `${lang} ${levels[i]}`).not.toContain('bot:');
        expect(x.desc.length, `${lang} ${levels[i]}`).toBeGreaterThan(10);
      }
    }
  });

  it('shows an operator’s engine under its own name with the generic description', () => {
    expect(botText('aba-pro', (k) => t('en', k))).toEqual({ name: 'aba-pro', desc: t('en', 'bot.engine.desc') });
    expect(botText('aba-pro', (k) => t('ru', k))).toEqual({ name: 'aba-pro', desc: t('ru', 'bot.engine.desc') });
  });
});

describe('moveTimeText', () => {
  const tr = (key: string, p?: Record<string, string | number>) => `${key}:${p?.s ?? ''}`;
  it.each([
    [undefined, ''],
    [0, ''],
    [62, 'bot.moveTime:0.062'],
    [250, 'bot.moveTime:0.25'],
    [1000, 'bot.moveTime:1'],
    [3000, 'bot.moveTime:3'],
    [12345, 'bot.moveTime:12'],
  ])('%s ms says %j', (ms, want) => {
    expect(moveTimeText(ms, tr as never)).toBe(want);
  });
});

describe('levelRating', () => {
  const g: GameInfo = {
    id: 'talat', title: 'Talat', minPlayers: 2, maxPlayers: 3, defaultPlayers: 3,
    playerNames: null, variants: ['talat', 'palat'], options: null, bots: ['random', 'bot:hard', 'bot:max'],
    botRatings: [{ variant: 'palat', players: 2, elo: { 'bot:hard': 806, 'bot:max': 1896 } }],
  };
  it.each([
    ['palat', 2, 'bot:hard', 'en', '806'],
    ['palat', 2, 'bot:max', 'en', '1,896'],
    ['palat', 3, 'bot:hard', 'en', undefined], // that count was not measured
    ['talat', 2, 'bot:hard', 'en', undefined], // nor that variant
    ['palat', 2, 'random', 'en', undefined], // the scale's zero is not rated
    ['palat', 2, 'aba-pro', 'en', undefined],
  ] as const)('%s with %d players, %s in %s: %s', (variant, players, spec, lang, want) => {
    expect(levelRating(g, variant, players, spec, lang)).toBe(want);
  });
  it('is undefined for a game without lists', () => {
    expect(levelRating({ ...g, botRatings: undefined }, 'palat', 2, 'bot:hard', 'en')).toBeUndefined();
  });
  it('puts the rating into the level’s description in every language', () => {
    for (const lang of langs) {
      const tr = (k: Key, p?: Record<string, string | number>) => t(lang, k, p);
      const d = botText('bot:hard', tr, '806').desc;
      expect(d, lang).toBe(`${t(lang, 'bot.hard.desc')}. ${t(lang, 'bot.rated', { elo: '806' })}`);
      expect(d, lang).toContain('806');
      expect(botText('bot:hard', tr).desc, lang).not.toContain('806');
    }
  });
});
