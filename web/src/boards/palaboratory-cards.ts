// The 12 creature cards of Palaboratory, read from the catalogue the Go
// package ships (games/palaboratory/cards.txt), for the list of cards a
// player browses. The task itself (its target, par and progress) comes
// from the server's board form; this is only the book of pictures.
import type { Tile } from './palago-geom';

/** A creature card: its number, names and layout. */
export interface Card {
  n: number;
  name: string;
  ruName: string;
  tiles: Tile[];
}

/** parseCards reads cards.txt: "N | name | rulebook name | tiles", # comments; a line it cannot read is left out. */
export function parseCards(text: string): Card[] {
  const out: Card[] = [];
  for (const line of text.split('\n')) {
    const l = line.trim();
    if (l === '' || l.startsWith('#')) continue;
    const [n, name, ru, list] = l.split('|').map((x) => x.trim());
    const tiles: Tile[] = [];
    for (const w of (list ?? '').split(/\s+/)) {
      const m = /^\((-?\d+),(-?\d+)\):([0-2])$/.exec(w);
      if (m) tiles.push({ q: Number(m[1]), r: Number(m[2]), o: Number(m[3]) });
    }
    if (!n || !name || tiles.length === 0) continue;
    out.push({ n: Number(n), name, ruName: ru ?? name, tiles });
  }
  return out;
}
