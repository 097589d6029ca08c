// @vitest-environment happy-dom
// Renders the Palago-family boards from the board forms the Go rules made
// (testdata/board-forms.json) and clicks them: a gesture sends only a move
// from the legal list, found by its form.
import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { state } from '../testutil';
import { PalaboratoryBoard } from './PalaboratoryBoard';
import { PalagoBoard } from './PalagoBoard';
import { PalagoniaBoard } from './PalagoniaBoard';
import { listed } from './palago-forms';
import { forms, noMoves } from './testdata/forms';

let root: HTMLElement;
beforeEach(() => {
  root = document.createElement('div');
  document.body.appendChild(root);
});
afterEach(() => {
  render(null, root);
  root.remove();
});

const click = (sel: string) => {
  const el = root.querySelector(sel);
  if (!el) throw new Error(`no ${sel}`);
  el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
};
const attrs = (sel: string, name: string) => [...root.querySelectorAll(sel)].map((e) => e.getAttribute(name));

describe('PalagoBoard (two-tile moves, games/palago ui.go)', () => {
  it('builds a two-tile move from previews and sends it only on confirm', async () => {
    const sent: string[] = [];
    const s = state(3, { ...forms('palago start'), players: 2 });
    const draw = () => render(<PalagoBoard state={s} seat={0} interactive={true} onMove={(m) => sent.push(m)} />, root);
    draw();
    // Every tile of every legal move is offered first, once.
    const tiles = new Set(listed(s).flatMap((m) => m.form.tiles!.map((x) => `${x.cell}:${x.o}`)));
    // Each tile crosses the wire once, however many moves lay it.
    expect(s.board!.tiles!.length).toBe(tiles.size);
    expect(tiles.size).toBeGreaterThan(6);
    expect(new Set(attrs('[data-pick]', 'data-pick'))).toEqual(tiles);
    click('[data-pick="(1,-1):1"]');
    await Promise.resolve();
    draw();
    expect(root.querySelector('[data-ghost="(1,-1):1"]')).not.toBeNull();
    // Only (0,0) completes a move with (1,-1):1, in any orientation.
    expect(attrs('[data-pick]', 'data-pick')).toEqual(['(0,0):0', '(0,0):1', '(0,0):2']);
    click('[data-pick="(0,0):2"]');
    await Promise.resolve();
    draw();
    expect(sent).toEqual([]);
    click('.palago-confirm');
    expect(sent).toEqual(['(0,0):2+(1,-1):1']);
    expect(s.legal!.map((m) => m.text)).toContain(sent[0]);
  });

  it('tells the player their colour, marks the last move and offers nothing when not interactive', () => {
    const s = state(4, { ...forms('palago after two moves'), players: 2 });
    render(<PalagoBoard state={s} seat={0} interactive={false} onMove={() => {}} />, root);
    expect(attrs('[data-tile]', 'data-tile')).toEqual(['(0,0):0', '(1,-1):0', '(1,0):1', '(2,0):2']);
    expect(attrs('.placed.last', 'data-tile')).toEqual(['(1,0):1', '(2,0):2']);
    expect(root.querySelectorAll('[data-pick]').length).toBe(0);
    // p2 moved first: seat 0 plays colour B.
    expect(root.querySelector('[data-colour]')?.getAttribute('data-colour')).toBe('B');
  });

  it('turns the table half a turn when flipped (the viewer\'s flip)', () => {
    const s = state(4, { ...noMoves('palago after two moves'), players: 2 });
    const centreX = () => {
      const [x, , w] = root.querySelector('svg.plane')!.getAttribute('viewBox')!.split(' ').map(Number);
      return x! + w! / 2;
    };
    render(<PalagoBoard state={s} seat={0} interactive={false} onMove={() => {}} />, root);
    expect(root.querySelector('svg.plane')!.getAttribute('data-flipped')).toBeNull();
    const plain = centreX();
    expect(plain).toBeGreaterThan(0); // the tiles lie right of the origin
    render(null, root);
    render(<PalagoBoard state={s} seat={0} interactive={false} onMove={() => {}} flipped />, root);
    expect(root.querySelector('svg.plane')!.getAttribute('data-flipped')).toBe('true');
    expect(root.querySelector('svg.plane > g')!.getAttribute('transform')).toBe('rotate(180)');
    expect(centreX()).toBeCloseTo(-plain, 6);
  });

  it.each([
    ['palagonia', PalagoniaBoard, 'palagonia place'],
    ['palaboratory', PalaboratoryBoard, 'palaboratory green 1-2'],
  ] as const)('%s honours the flip too', (_game, Board, name) => {
    render(<Board state={state(1, { ...noMoves(name), players: 3 })} seat={0} interactive={false} onMove={() => {}} flipped />, root);
    expect(root.querySelector('svg.plane')!.getAttribute('data-flipped')).toBe('true');
  });

  it('shows the position text, not a board, without forms', () => {
    render(<PalagoBoard state={state(1, { game: 'palago', position: 'p1', legal: [], board: undefined })} seat={0} interactive={false} onMove={() => {}} />, root);
    expect(root.querySelector('pre.position')?.textContent).toBe('p1');
  });
});

describe('PalagoniaBoard (games/palagonia ui.go)', () => {
  it('shows the dice, offers the dice to use, and removes a clicked tile', async () => {
    const sent: string[] = [];
    const s = state(5, { ...forms('palagonia choose'), players: 3 });
    render(<PalagoniaBoard state={s} seat={0} interactive={true} onMove={(m) => sent.push(m)} />, root);
    // While the player chooses, the dice are drawn once: as the choice.
    expect(attrs('.die[data-use]', 'data-use')).toEqual(['3', 'X']);
    expect(root.querySelectorAll('.die[data-face]').length).toBe(0);
    expect(root.querySelector('[data-dice-legend]')?.textContent).toMatch(/✕ removes a tile, ↻ rotates one/);
    expect(attrs('[data-score-seat] td:nth-child(2)', 'x').length).toBe(3);
    expect([...root.querySelectorAll('[data-score-seat] td:nth-child(2)')].map((e) => e.textContent)).toEqual(['0', '3', '3']);
    click('[data-use="X"]');
    expect(sent).toEqual(['use:X']);
    // Someone watching sees the dice themselves.
    render(<PalagoniaBoard state={s} seat={-1} interactive={false} onMove={() => {}} />, root);
    expect(attrs('.die[data-face]', 'data-face')).toEqual(['3', 'X']);

    const r = state(6, { ...forms('palagonia remove'), players: 3 });
    const draw = () => render(<PalagoniaBoard state={r} seat={0} interactive={true} onMove={(m) => sent.push(m)} />, root);
    draw();
    expect(root.querySelectorAll('.placed.actionable').length).toBe(2);
    click('[data-tile="(1,0):2"]');
    await Promise.resolve();
    draw();
    click('.palagonia-remove');
    expect(sent).toEqual(['use:X', 'remove:(1,0)']);
  });

  it('places a tile by its preview, sending the listed move', () => {
    const sent: string[] = [];
    const s = state(7, { ...forms('palagonia place'), players: 3 });
    render(<PalagoniaBoard state={s} seat={1} interactive={true} onMove={(m) => sent.push(m)} />, root);
    const pick = root.querySelector('[data-pick]')!.getAttribute('data-pick')!;
    click(`[data-pick="${pick}"]`);
    expect(sent).toEqual([pick]);
    expect(s.legal!.map((m) => m.text)).toContain(pick);
  });
});

describe('PalagoniaBoard score sheet (§C.6, §C.7, from the server)', () => {
  it('lists every player\'s scored creatures with shells and limbs, adding up to the scores, and lights one up on focus', async () => {
    const s = state(9, { ...noMoves('palagonia scored'), players: 4 });
    render(<PalagoniaBoard state={s} seat={0} interactive={false} onMove={() => {}} />, root);
    const rows = [...root.querySelectorAll('[data-score-seat]')];
    const scores = rows.map((row) => Number(row.children[1]!.textContent));
    const sums = rows.map((row) => [...row.querySelectorAll('.scored-creature')].reduce((a, b) => a + Number(b.getAttribute('data-creature')), 0));
    expect(scores.some((n) => n > 0)).toBe(true);
    expect(sums).toEqual(scores);
    expect(root.textContent).not.toMatch(/creatures not known/);
    const first = root.querySelector<HTMLButtonElement>('.scored-creature')!;
    expect(first.textContent).toMatch(/shells \d+ \+ limbs \d+ = \d+/);
    expect(root.querySelectorAll('.hilite').length).toBe(0);
    first.dispatchEvent(new FocusEvent('focus'));
    await Promise.resolve();
    const lit = root.querySelectorAll('.hilite').length;
    expect(lit).toBeGreaterThan(0);
  });
});

describe('PalaboratoryBoard (games/palaboratory ui.go)', () => {
  it('shows the task, counter and par, and turns a tile', async () => {
    const sent: string[] = [];
    const s = state(2, { ...forms('palaboratory green 1-2'), players: 1 });
    const draw = () => render(<PalaboratoryBoard state={s} seat={0} interactive={true} onMove={(m) => sent.push(m)} />, root);
    draw();
    const counter = root.querySelector('.lab-counter')!;
    expect(counter.getAttribute('data-moves')).toBe('0');
    expect(counter.getAttribute('data-par')).toBe('2');
    expect(root.querySelectorAll('.cards [data-card]').length).toBe(12);
    expect(root.querySelectorAll('.lab-target .ptile').length).toBe(6); // card 2's six tiles
    click('.plane [data-tile="(-1,0):0"]');
    await Promise.resolve();
    draw();
    expect(attrs('.picker [data-orient]', 'data-orient')).toEqual(['1', '2']);
    click('.picker [data-orient="2"]');
    expect(sent).toEqual(['(-1,0):2']);
  });

  it('offers a free build\'s tiles and its end', () => {
    const sent: string[] = [];
    const s = state(1, { ...forms('palaboratory free'), players: 1 });
    render(<PalaboratoryBoard state={s} seat={0} interactive={true} onMove={(m) => sent.push(m)} />, root);
    expect(root.querySelector('.lab-task')?.textContent).toMatch(/^Free build/);
    expect(attrs('[data-pick]', 'data-pick')).toEqual(['(0,0):0', '(0,0):1', '(0,0):2']);
    click('[data-pick="(0,0):1"]');
    click('.lab-done');
    expect(sent).toEqual(['(0,0):1', 'done']);
  });
});
