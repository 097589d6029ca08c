// How the match page names a seat and which colours it shows for it. Most
// games name a seat by its colour (the game's seat name); Palago's seats
// ("p1", "p2") play the colour the position assigns (the first mover is
// blue), and in a two-player Villa Paletti each seat plays two colours.
import { seatName, t, type Lang } from './i18n';
import type { MatchState } from './protocol';

export interface SeatLabel {
  /** The seat as people read it: "Blue", "Blue and green", "Player 2". */
  name: string;
  /** The colours it plays, as swatch-<colour> class suffixes. */
  swatches: string[];
}

type Seated = Pick<MatchState, 'game' | 'players' | 'position' | 'seats'>;

/** villaPairs are the colours of each seat in a two-player Villa Paletti: seat 0 blue and green, seat 1 yellow and red. */
const villaPairs = [
  ['blue', 'green'],
  ['yellow', 'red'],
] as const;

/** palagoFirst is the seat that moved first (colour A, blue), from the position text's first field; null when unknown. */
export function palagoFirst(position: string): number | null {
  const m = /^p([12])\b/.exec(position.trim());
  return m ? Number(m[1]) - 1 : null;
}

/** seatLabel names seat n of s in lang and lists its colours. */
export function seatLabel(lang: Lang, s: Seated, n: number): SeatLabel {
  const wire = s.seats?.find((x) => x.seat === n)?.name;
  if (s.game === 'palago') {
    const first = palagoFirst(s.position ?? '');
    if (first !== null) {
      const colour = n === first ? ('blue' as const) : ('yellow' as const);
      return { name: t(lang, `seat.${colour}`), swatches: [colour] };
    }
  }
  const pair = s.game === 'villapaletti' && s.players === 2 ? villaPairs[n] : undefined;
  if (pair) {
    const [a, b] = pair;
    return { name: t(lang, 'seat.pair', { a: t(lang, `seat.${a}`), b: t(lang, `seat.${b}`).toLocaleLowerCase(lang) }), swatches: [a, b] };
  }
  return { name: seatName(lang, wire, n), swatches: [wire ?? String(n)] };
}
