// @vitest-environment happy-dom
// Renders the boards into a DOM and clicks them: what the player sees
// (rules/pathagon.md: goal edges P1, forbidden cells §4.5, last move and
// captures §4) and that a click sends only a move the server listed.
import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Move } from '../protocol';
import { state } from '../testutil';
import { GenericBoard } from './GenericBoard';
import { PathagonBoard } from './PathagonBoard';
import { VillaBoard } from './VillaBoard';
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

const cell = (name: string) => root.querySelector(`[data-cell="${name}"]`)!;
const clickCell = (name: string) => cell(name).dispatchEvent(new MouseEvent('click', { bubbles: true }));

describe('PathagonBoard', () => {
  it('draws 49 cells, the pieces, and both colours\u2019 goal edges', () => {
    const s = state(5, noMoves('pathagon capture'));
    render(<PathagonBoard state={s} seat={0} interactive={false} onMove={() => {}} />, root);
    expect(root.querySelectorAll('[data-cell]')).toHaveLength(49);
    expect(cell('a7').getAttribute('data-piece')).toBe('L');
    expect(cell('e4').getAttribute('data-piece')).toBe('D');
    expect(cell('g1').getAttribute('data-piece')).toBe('D');
    expect(cell('d4').getAttribute('data-piece')).toBe('');
    expect(root.querySelectorAll('svg.pathagon .edge-L')).toHaveLength(2); // top and bottom
    expect(root.querySelectorAll('svg.pathagon .edge-D')).toHaveLength(2); // left and right
    // The key under the board shows each edge once and the locked ring.
    expect(root.querySelectorAll('[data-key] .edge-L')).toHaveLength(1);
    expect(root.querySelectorAll('[data-key] .edge-D')).toHaveLength(1);
    expect(root.querySelectorAll('[data-key] .lock')).toHaveLength(1);
    // The locked piece (§3 last relocated) wears the ring.
    expect(cell('a7').querySelector('.lock')).not.toBeNull();
    expect(cell('b4').querySelector('.lock')).toBeNull();
  });

  it('marks the last move, the captured cells and the forbidden cells', () => {
    render(<PathagonBoard state={state(5, noMoves('pathagon after the capture'))} seat={0} interactive={false} onMove={() => {}} />, root);
    expect(cell('d4').classList.contains('last')).toBe(true);
    expect(cell('e4').querySelector('.captured')).not.toBeNull();
    expect(cell('e4').classList.contains('forbidden')).toBe(true);
    expect(cell('a1').classList.contains('forbidden')).toBe(false);
  });

  it('shows the position text when the server sent no board form', () => {
    render(<PathagonBoard state={state(5, { board: undefined })} seat={0} interactive={false} onMove={() => {}} />, root);
    expect(root.querySelector('pre.position')).not.toBeNull();
    expect(root.querySelectorAll('[data-cell]')).toHaveLength(0);
  });

  it('places with one click, only on listed cells, only when interactive', () => {
    const sent: string[] = [];
    const s = state(3, forms('pathagon capture'));
    render(<PathagonBoard state={s} seat={0} interactive={false} onMove={(m) => sent.push(m)} />, root);
    clickCell('b7');
    expect(sent).toEqual([]);
    render(<PathagonBoard state={s} seat={0} interactive={true} onMove={(m) => sent.push(m)} />, root);
    clickCell('b4'); // occupied
    clickCell('d5'); // forbidden
    clickCell('d4');
    expect(sent).toEqual(['d4xe4']);
  });

  it('plays from the keyboard: Enter on a focusable cell', () => {
    const sent: string[] = [];
    render(<PathagonBoard state={state(3, forms('pathagon capture'))} seat={0} interactive={true} onMove={(m) => sent.push(m)} />, root);
    expect(cell('d4').getAttribute('tabindex')).toBe('0');
    expect(cell('b4').getAttribute('tabindex')).toBeNull();
    cell('d4').dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(sent).toEqual(['d4xe4']);
  });

  it('relocates by picking a piece up and putting it down', async () => {
    const sent: string[] = [];
    render(<PathagonBoard state={state(3, forms('pathagon relocation'))} seat={0} interactive={true} onMove={(m) => sent.push(m)} />, root);
    expect(cell('a7').classList.contains('movable')).toBe(true);
    expect(cell('a3').classList.contains('movable')).toBe(false);
    clickCell('a7');
    await new Promise((r) => setTimeout(r, 0));
    expect(cell('a7').classList.contains('selected')).toBe(true);
    expect(cell('g7').querySelector('.dot')).not.toBeNull();
    clickCell('g7');
    expect(sent).toEqual(['a7-g7']);
  });

  it('asks which pieces to take when optional captures allow several', async () => {
    const sent: string[] = [];
    render(<PathagonBoard state={state(3, forms('pathagon optional captures'))} seat={0} interactive={true} onMove={(m) => sent.push(m)} />, root);
    clickCell('c4');
    await new Promise((r) => setTimeout(r, 0));
    const buttons = [...root.querySelectorAll('.choice button')].map((b) => b.textContent);
    expect(buttons.slice(0, 4)).toEqual(['c4', 'c4xb4', 'c4xd4', 'c4xb4xd4']);
    (root.querySelectorAll('.choice button')[1] as HTMLButtonElement).click();
    expect(sent).toEqual(['c4xb4']);
  });
});

describe('GenericBoard', () => {
  it('shows the position and offers every legal move as a button', () => {
    const sent: string[] = [];
    const s = state(2, { game: 'race', position: 'race position 0 0', legal: [{ text: '+1' }, { text: '+2' }] });
    render(<GenericBoard state={s} seat={0} interactive={true} onMove={(m) => sent.push(m)} />, root);
    expect(root.querySelector('[data-position]')!.textContent).toBe('race position 0 0');
    const buttons = root.querySelectorAll('[data-move]');
    expect([...buttons].map((b) => b.textContent)).toEqual(['+1', '+2']);
    (buttons[1] as HTMLButtonElement).click();
    expect(sent).toEqual(['+2']);
  });

  it('offers no moves to a spectator', () => {
    render(<GenericBoard state={state(2, { legal: [{ text: '+1' }] })} seat={-1} interactive={false} onMove={() => {}} />, root);
    expect(root.querySelectorAll('[data-move]')).toHaveLength(0);
  });
});

describe('VillaBoard top view', () => {
  it('honours the flip: the villa is drawn half a turn round', () => {
    const s = state(1, noMoves('villa start'));
    // No WebGL in the test DOM: the board shows the SVG top view.
    render(<VillaBoard state={s} seat={0} interactive={false} onMove={() => {}} />, root);
    expect(root.querySelector('svg.villa-top')!.getAttribute('data-flipped')).toBeNull();
    expect(root.querySelector('svg.villa-top > g')!.getAttribute('transform')).toBeNull();
    render(<VillaBoard state={s} seat={0} interactive={false} onMove={() => {}} flipped />, root);
    expect(root.querySelector('svg.villa-top')!.getAttribute('data-flipped')).toBe('true');
    expect(root.querySelector('svg.villa-top > g')!.getAttribute('transform')).toBe('rotate(180)');
  });

  it('draws from the server’s forms and sends only listed moves: a column, then its target; pass', async () => {
    const tick = () => new Promise((r) => setTimeout(r, 0));
    const f = forms('villa proposes');
    const sent: string[] = [];
    render(<VillaBoard state={state(4, { ...f, game: 'villapaletti' })} seat={1} interactive={true} onMove={(m) => sent.push(m)} />, root);
    expect(root.querySelector('.villa')!.getAttribute('data-phase')).toBe('proposes');
    expect(root.querySelectorAll('svg.villa-top .villa-col')).toHaveLength(20);
    expect(root.querySelector('[data-ghost]')!.getAttribute('data-ghost')).toBe('green'); // the proposal
    // The objector moves one of the proposer's columns (blue or green).
    const handles = [...root.querySelectorAll('.villa-handle')].map((h) => h.getAttribute('data-column')!);
    expect(handles.length).toBeGreaterThan(0);
    expect(handles.every((c) => /^(blue|green)-/.test(c))).toBe(true);
    root.querySelector('.villa-handle')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await tick();
    expect(root.querySelectorAll('.villa-handle.picked')).toHaveLength(1);
    root.querySelector('svg.villa-top .villa-target')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(sent).toHaveLength(1);
    expect(f.legal!.map((m) => m.text)).toContain(sent[0]);
    expect(sent[0]).toMatch(new RegExp(`^${handles[0]}:`));
    (root.querySelector('.villa-controls button[data-move="pass"]') as HTMLButtonElement).click();
    expect(sent[1]).toBe('pass');
  });
});
