// Talat board forms written by hand for the board's unit tests: the shapes
// games/talat/ui.go sends (a tower is "B01:a1" with its colour and kind; a
// move is "place", "step" or "capture"). The notation is read here only to
// write the tests' legal moves briefly.
import type { MatchState, UIMove } from '../../protocol';

/** talatMove is a listed move with its form, from its notation ("B01:a1=S3", "B01:a1-a2", "B01:a1xb2"); a placement puts down a tower of colour owner. */
export function talatMove(text: string, owner = 0): { text: string; form: UIMove } {
  const m = /^(B\d\d):([a-e][1-5])(?:=([SML][346])|([-x])([a-e][1-5]))$/.exec(text);
  if (!m) throw new Error(`not a Talat move: ${text}`);
  const at = (c: string) => `${m[1]}:${c}`;
  if (m[3]) return { text, form: { kind: 'place', to: at(m[2]!), piece: m[3], owner } };
  if (m[4] === 'x') return { text, form: { kind: 'capture', from: at(m[2]!), to: at(m[5]!), captures: [at(m[5]!)] } };
  return { text, form: { kind: 'step', from: at(m[2]!), to: at(m[5]!) } };
}

/** A Talat position for a test: towers as "B01:a1=0L6", captured towers per seat as "1S4". */
export interface TalatSpec {
  towers?: string[];
  reserve?: string[][];
  captured?: string[][];
  closed?: string[];
  scores?: number[];
  /** The step of the game (games/talat/ui.go), and the colour of the towers placed in it. */
  phase?: string;
  placing?: number;
}

const tower = (s: string) => ({ owner: Number(s[0]), kind: s.slice(1) });

/** talatForms is the match-state fields of spec with the legal moves legal. */
export function talatForms(spec: TalatSpec, legal: string[] = []): Partial<MatchState> {
  const moves = legal.map((m) => talatMove(m, spec.placing));
  const players = spec.scores?.length ?? 3;
  return {
    legal: moves.map((m) => ({ text: m.text })),
    board: {
      position: {
        pieces: (spec.towers ?? []).map((t) => {
          const [cell = '', tw = ''] = t.split('=');
          return { cell, ...tower(tw) };
        }),
        scores: spec.scores ?? Array.from({ length: players }, () => 0),
        reserve: spec.reserve ?? [[], [], []],
        captured: (spec.captured ?? Array.from({ length: players }, () => [])).map((c) => c.map((t) => ({ cell: '', ...tower(t) }))),
        closed: spec.closed ?? [],
        phase: spec.phase,
      },
      moves: moves.map((m) => m.form),
    },
  };
}
