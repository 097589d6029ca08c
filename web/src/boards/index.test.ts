// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { dictionaries, langs } from '../i18n';
import { entry, games, gameText, loadBoard, ruleGames, type GameEntry } from './index';

describe('board registry', () => {
  const all = Object.entries(games) as [string, GameEntry][];

  it('every entry loads a board and has its text in every language', async () => {
    for (const [id, e] of all) {
      expect(typeof (await loadBoard(id)), id).toBe('function');
      const keys = Object.keys(e.text.en).sort();
      for (const l of langs) expect(Object.keys(e.text[l]).sort(), `${id} ${l}`).toEqual(keys);
    }
  });

  it("the dictionaries hold every entry's text unchanged", () => {
    for (const [id, e] of all) {
      for (const l of langs) {
        for (const [k, v] of Object.entries(e.text[l])) expect((dictionaries[l] as Record<string, string>)[k], `${id} ${l} ${k}`).toBe(v);
      }
    }
    expect(Object.keys(gameText.en).length).toBeGreaterThan(100);
  });

  it('lists the games with a rules page and knows no others', async () => {
    expect(ruleGames).toEqual(['pathagon', 'abalone', 'palago', 'palagonia', 'palaboratory', 'talat', 'villapaletti']);
    expect(entry('chess')).toBeUndefined();
    expect(entry('toString')).toBeUndefined();
    expect(await loadBoard('chess')).toBeNull();
  });
});
