// @vitest-environment happy-dom
// Renders the Palago-family boards and clicks them: a gesture sends only a
// move from the legal list (games/palago, palagonia, palaboratory doc.go).
import { render } from 'preact';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MatchState } from '../protocol';
import { state } from '../testutil';
import { PalaboratoryBoard } from './PalaboratoryBoard';
import { PalagoBoard } from './PalagoBoard';
import { PalagoniaBoard } from './PalagoniaBoard';

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
const legal = (texts: string[]): MatchState['legal'] => texts.map((text) => ({ text }));

describe('PalagoBoard (two-tile moves, games/palago doc.go)', () => {
  it('builds a two-tile move from previews and sends it only on confirm', async () => {
    const sent: string[] = [];
    const s = state(3, { game: 'palago', position: 'p1', legal: legal(['(0,0):0+(1,-1):0', '(0,0):0+(1,-1):1']) });
    const draw = () => render(<PalagoBoard state={s} seat={0} interactive={true} onMove={(m) => sent.push(m)} />, root);
    draw();
    expect(root.querySelectorAll('[data-pick]').length).toBe(3); // (0,0):0 and (1,-1):0,1
    click('[data-pick="(1,-1):1"]');
    await Promise.resolve();
    draw();
    expect(root.querySelector('[data-ghost="(1,-1):1"]')).not.toBeNull();
    // Only (0,0):0 completes a move with (1,-1):1.
    expect([...root.querySelectorAll('[data-pick]')].map((e) => e.getAttribute('data-pick'))).toEqual(['(0,0):0']);
    click('[data-pick="(0,0):0"]');
    await Promise.resolve();
    draw();
    expect(sent).toEqual([]);
    click('.palago-confirm');
    expect(sent).toEqual(['(0,0):0+(1,-1):1']);
  });

  it('turns the table half a turn when flipped (the viewer\'s flip)', () => {
    const s = state(4, { game: 'palago', position: 'p1 (2,0):0+(3,0):1', legal: [] });
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
    ['palagonia', PalagoniaBoard, 'roll p1 scores=0,0,0 bag=46 table=(0,0):0+(1,0):2'],
    ['palaboratory', PalaboratoryBoard, 'green:1-2 0 (-1,0):0 (-1,1):0 (0,-1):1 (0,0):0 (0,1):2'],
  ] as const)('%s honours the flip too', (game, Board, position) => {
    render(<Board state={state(1, { game, players: 3, position, legal: [] })} seat={0} interactive={false} onMove={() => {}} flipped />, root);
    expect(root.querySelector('svg.plane')!.getAttribute('data-flipped')).toBe('true');
  });

  it('draws every tile of the position and no target when not interactive', () => {
    const s = state(4, { game: 'palago', position: 'p1 (0,0):0+(1,-1):0 (1,0):1+(2,0):2', legal: legal(['(0,1):0+(0,2):0']) });
    render(<PalagoBoard state={s} seat={1} interactive={false} onMove={() => {}} />, root);
    expect(root.querySelectorAll('[data-tile]').length).toBe(4);
    expect(root.querySelectorAll('[data-pick]').length).toBe(0);
  });
});

describe('PalagoniaBoard (games/palagonia doc.go)', () => {
  // Scores above 0 make the sheet ask for the positions: no server here.
  beforeEach(() => vi.stubGlobal('fetch', () => Promise.reject(new Error('no server in unit tests'))));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the dice, offers use:N, and removes a clicked tile', async () => {
    const sent: string[] = [];
    const s = state(5, {
      game: 'palagonia',
      players: 3,
      position: 'choose p1 dice=3+X scores=0,3,3 bag=40 table=(0,0):0+(1,0):2',
      legal: legal(['use:3', 'use:X']),
    });
    render(<PalagoniaBoard state={s} seat={0} interactive={true} onMove={(m) => sent.push(m)} />, root);
    // While the player chooses, the dice are drawn once: as the choice.
    expect([...root.querySelectorAll('.die[data-use]')].map((e) => e.getAttribute('data-use'))).toEqual(['3', 'X']);
    expect(root.querySelectorAll('.die[data-face]').length).toBe(0);
    expect(root.querySelector('[data-dice-legend]')?.textContent).toMatch(/✕ removes a tile, ↻ rotates one/);
    expect([...root.querySelectorAll('[data-score-seat] td:nth-child(2)')].map((e) => e.textContent)).toEqual(['0', '3', '3']);
    click('[data-use="X"]');
    expect(sent).toEqual(['use:X']);
    // Someone watching sees the dice themselves.
    render(<PalagoniaBoard state={s} seat={-1} interactive={false} onMove={() => {}} />, root);
    expect([...root.querySelectorAll('.die[data-face]')].map((e) => e.getAttribute('data-face'))).toEqual(['3', 'X']);
    render(<PalagoniaBoard state={s} seat={0} interactive={true} onMove={(m) => sent.push(m)} />, root);

    const r = state(6, { game: 'palagonia', players: 3, position: 'remove p1 dice=X scores=0,3,3 bag=40 table=(0,0):0+(1,0):2', legal: legal(['remove:(1,0)']) });
    const draw = () => render(<PalagoniaBoard state={r} seat={0} interactive={true} onMove={(m) => sent.push(m)} />, root);
    draw();
    expect(root.querySelectorAll('.placed.actionable').length).toBe(1);
    click('[data-tile="(0,0):0"]'); // not listed: nothing happens
    click('[data-tile="(1,0):2"]');
    await Promise.resolve();
    draw();
    click('.palagonia-remove');
    expect(sent).toEqual(['use:X', 'remove:(1,0)']);
  });
});

describe('PalagoniaBoard score sheet (§C.6, §C.7)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists every player\'s scored creatures with shells and limbs, and lights one up on focus', async () => {
    // A game of the golden file the Go rules wrote (palagonia-sheet.json).
    const golden = JSON.parse(readFileSync(resolve(import.meta.dirname, 'testdata/palagonia-sheet.json'), 'utf8')) as { players: number; positions: string[] }[];
    const g = golden.find((x) => x.players === 3)!;
    const asked: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      asked.push(url);
      const body = { positions: g.positions.map((position, ply) => ({ ply, seat: 0, position, toMove: 0 })) };
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    });
    const last = g.positions.length - 1;
    const s = state(last, { game: 'palagonia', players: 3, position: g.positions[last]!, legal: [], moves: Array(last).fill('x') });
    render(<PalagoniaBoard state={s} seat={0} interactive={false} onMove={() => {}} />, root);
    await vi.waitFor(() => expect(root.querySelectorAll('.scored-creature').length).toBeGreaterThan(0));
    expect(asked).toEqual(['/api/matches/m_test/positions']);
    const scores = [...root.querySelectorAll('[data-score-seat]')].map((row) => Number(row.children[1]!.textContent));
    const sums = [...root.querySelectorAll('[data-score-seat]')].map((row) =>
      [...row.querySelectorAll('.scored-creature')].reduce((a, b) => a + Number(b.getAttribute('data-creature')), 0),
    );
    expect(sums).toEqual(scores);
    const first = root.querySelector<HTMLButtonElement>('.scored-creature')!;
    expect(first.textContent).toMatch(/shells \d+ \+ limbs \d+ = \d+/);
    expect(root.querySelectorAll('.hilite').length).toBe(0);
    first.dispatchEvent(new FocusEvent('focus'));
    await vi.waitFor(() => expect(root.querySelectorAll('.hilite').length).toBeGreaterThan(0));
  });
});

describe('PalaboratoryBoard (games/palaboratory doc.go)', () => {
  it('shows the task, counter and par, and turns a tile', async () => {
    const sent: string[] = [];
    const s = state(2, {
      game: 'palaboratory',
      players: 1,
      position: 'green:1-2 0 (-1,0):0 (-1,1):0 (0,-1):1 (0,0):0 (0,1):2',
      legal: legal(['(-1,0):2', '(-1,0):1', '(-1,0)>(-2,1):0', '(-2,1):0']),
    });
    const draw = () => render(<PalaboratoryBoard state={s} seat={0} interactive={true} onMove={(m) => sent.push(m)} />, root);
    draw();
    const counter = root.querySelector('.lab-counter')!;
    expect(counter.getAttribute('data-moves')).toBe('0');
    expect(counter.getAttribute('data-par')).toBe('2');
    expect(root.querySelectorAll('.cards [data-card]').length).toBe(12);
    click('[data-tile="(-1,0):0"]');
    await Promise.resolve();
    draw();
    expect([...root.querySelectorAll('.picker [data-orient]')].map((e) => e.getAttribute('data-orient'))).toEqual(['1', '2']);
    click('.picker [data-orient="2"]');
    expect(sent).toEqual(['(-1,0):2']);
  });
});
