// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lang } from '../app-state';
import { cardName, ukNames } from './PalaboratoryBoard';
import { parseCards } from './palaboratory-cards';

const cards = parseCards(readFileSync(resolve(import.meta.dirname, '../../../games/palaboratory/cards.txt'), 'utf8'));

afterEach(() => {
  lang.value = 'en';
});

describe('Palaboratory card names', () => {
  it('name every card in every language', () => {
    expect(cards).toHaveLength(12);
    expect(cards.map((c) => c.tiles.length)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 14, 14]);
    for (const c of cards) {
      lang.value = 'en';
      expect(cardName(c)).toBe(c.name);
      lang.value = 'ru';
      expect(cardName(c)).toBe(c.ruName);
      lang.value = 'uk';
      expect(cardName(c), `card ${c.n}`).toBe(ukNames[c.n]);
      expect(cardName(c), `card ${c.n}`).not.toMatch(/[ыэъё]/i);
    }
  });
});
