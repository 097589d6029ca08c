// @vitest-environment happy-dom
// Renders the Abalone board into a DOM and plays it with clicks, keys and
// the direction pad: what the player sees (rules/abalone.md §1 board, §7
// position, pushed-off counts) and that every gesture sends only a move the
// server listed.
import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { state } from '../testutil';
import { AbaloneBoard } from './AbaloneBoard';
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

// The positions, legal moves and board forms come from the Go rules
// (web/board_forms_test.go), as the server sends them.
const abalone = (version: number, over: Parameters<typeof state>[1] = {}) =>
  state(version, {
    ...forms('abalone start'),
    seats: [
      { seat: 0, name: 'black', kind: 'human', taken: true, connected: true },
      { seat: 1, name: 'white', kind: 'bot', bot: 'random', taken: true, connected: true },
    ],
    ...over,
  });

const cell = (name: string) => root.querySelector(`[data-cell="${name}"]`)!;
const clickCell = (name: string) => cell(name).dispatchEvent(new MouseEvent('click', { bubbles: true }));
const tick = () => new Promise((r) => setTimeout(r, 0));
const key = (el: Element, k: string) => el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));

describe('AbaloneBoard', () => {
  it('draws 61 cells and the 28 marbles of the start (§1, §2)', () => {
    render(<AbaloneBoard state={abalone(1)} seat={0} interactive={false} onMove={() => {}} />, root);
    expect(root.querySelectorAll('[data-cell]')).toHaveLength(61);
    expect(root.querySelectorAll('[data-marble="b"]')).toHaveLength(14);
    expect(root.querySelectorAll('[data-marble="w"]')).toHaveLength(14);
    expect(cell('c4').getAttribute('aria-label')).toBe('c4: black marble');
    expect(cell('e5').getAttribute('aria-label')).toBe('e5: empty');
    // Coordinates: nine letters and nine numbers.
    expect([...root.querySelectorAll('.coord')].map((e) => e.textContent).join('')).toBe('ABCDEFGHI123456789');
  });

  it.each([
    [0, false, false],
    [1, false, true],
    [0, true, true],
    [1, true, false],
    [-1, true, true],
  ])('seat %i, flip %s: turned half a turn is %s (White sees it turned; the flip turns it again)', (seat, flipped, want) => {
    render(<AbaloneBoard state={abalone(1)} seat={seat} interactive={false} onMove={() => {}} flipped={flipped} />, root);
    expect(root.querySelector('svg.abalone')!.getAttribute('data-flipped')).toBe(String(want));
    // Black's home row a is at the bottom unless turned.
    const y = (c: string) => Number(cell(c).querySelector('circle')?.getAttribute('cy'));
    expect(y('a1') > y('i9')).toBe(!want);
  });

  it.each(['belgian-daisy', 'german-daisy'])('draws the %s layout', (variant) => {
    const f = forms(`abalone ${variant}`);
    render(<AbaloneBoard state={abalone(1, f)} seat={0} interactive={false} onMove={() => {}} />, root);
    const black = [...root.querySelectorAll('[data-marble="b"]')].map((e) => e.getAttribute('data-cell')).sort();
    const want = f.board!.position.pieces!.filter((p) => p.owner === 0).map((p) => p.cell).sort();
    expect(want).toHaveLength(14);
    expect(black).toEqual(want);
  });

  it('shows the marbles pushed off for each colour (ruling A8)', () => {
    render(<AbaloneBoard state={abalone(1, noMoves('abalone pushed off 2 and 5'))} seat={0} interactive={false} onMove={() => {}} />, root);
    expect(root.querySelector('[data-off="b"]')!.getAttribute('aria-label')).toBe('Black marbles pushed off: 2');
    expect(root.querySelector('[data-off="w"]')!.getAttribute('aria-label')).toBe('White marbles pushed off: 5');
    expect(root.querySelectorAll('[data-off="w"] .mini')).toHaveLength(5);
  });

  it("marks the last move from the server's form of it", () => {
    render(<AbaloneBoard state={abalone(2, noMoves('abalone after c3c5d4'))} seat={1} interactive={false} onMove={() => {}} />, root);
    for (const c of ['c3', 'c4', 'c5']) expect(cell(c).classList.contains('last-from')).toBe(true);
    for (const c of ['d4', 'd5', 'd6']) expect(cell(c).classList.contains('last-to')).toBe(true);
  });

  it('animates a move that arrives, and not one present at load', async () => {
    const s1 = noMoves('abalone after a1b2');
    render(<AbaloneBoard state={abalone(3, s1)} seat={0} interactive={false} onMove={() => {}} />, root);
    await tick();
    expect(root.querySelectorAll('.slide')).toHaveLength(0); // loaded with the move already made
    render(null, root);
    render(<AbaloneBoard state={abalone(2, noMoves('abalone start'))} seat={0} interactive={false} onMove={() => {}} />, root);
    render(<AbaloneBoard state={abalone(3, s1)} seat={0} interactive={false} onMove={() => {}} />, root);
    await tick();
    // a1, b2 and c3 slide to NE: the marbles now on b2, c3, d4 slide in.
    expect([...root.querySelectorAll('.slide')].map((e) => e.closest('[data-cell]')!.getAttribute('data-cell')).sort()).toEqual(['b2', 'c3', 'd4']);
  });

  it('plays by selecting marbles and clicking an arrow; only listed moves', async () => {
    const sent: string[] = [];
    render(<AbaloneBoard state={abalone(1)} seat={0} interactive={true} onMove={(m) => sent.push(m)} />, root);
    clickCell('g5'); // White's marble: nothing
    clickCell('c3');
    await tick();
    clickCell('c4');
    await tick();
    clickCell('c5');
    await tick();
    expect(cell('c4').classList.contains('selected')).toBe(true);
    const arrows = [...root.querySelectorAll('svg .arrow')].map((a) => a.getAttribute('data-dir')).sort();
    expect(arrows).toEqual(['E', 'NE', 'NW', 'W']);
    root.querySelector('svg .arrow[data-dir="NE"]')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(sent).toEqual(['c3c5d4']);
  });

  it('plays by clicking the destination cell', async () => {
    const sent: string[] = [];
    render(<AbaloneBoard state={abalone(1)} seat={0} interactive={true} onMove={(m) => sent.push(m)} />, root);
    clickCell('b1');
    await tick();
    expect(cell('c1').classList.contains('target')).toBe(true);
    clickCell('c1');
    expect(sent).toEqual(['b1c1']);
  });

  it('offers the direction pad only for listed moves, and number keys play them', async () => {
    const sent: string[] = [];
    render(<AbaloneBoard state={abalone(1)} seat={0} interactive={true} onMove={(m) => sent.push(m)} />, root);
    clickCell('b1');
    await tick();
    const pad = [...root.querySelectorAll<HTMLButtonElement>('.abalone-pad button')];
    expect(pad.map((b) => `${b.getAttribute('data-dir')}:${b.disabled ? '-' : '+'}`)).toEqual(['NW:+', 'NE:+', 'E:-', 'SE:-', 'SW:-', 'W:-']);
    key(cell('b1'), '2'); // slot 2 = up-right = NE for Black
    expect(sent).toEqual(['b1c2']);
  });

  it('is playable from the keyboard: arrows move the focus, Space selects', async () => {
    const sent: string[] = [];
    render(<AbaloneBoard state={abalone(1)} seat={0} interactive={true} onMove={(m) => sent.push(m)} />, root);
    (cell('e5') as unknown as HTMLElement).focus();
    key(cell('e5'), 'ArrowDown'); // e5 → d4
    await tick();
    key(cell('d4'), 'ArrowDown'); // d4 → c3
    await tick();
    expect(document.activeElement?.getAttribute('data-cell')).toBe('c3');
    key(cell('c3'), ' ');
    await tick();
    expect(cell('c3').getAttribute('aria-pressed')).toBe('true');
    key(cell('c3'), 'Escape');
    await tick();
    expect(cell('c3').getAttribute('aria-pressed')).toBe('false');
    key(cell('c3'), 'Enter');
    await tick();
    key(cell('c3'), '1'); // up-left = NW: c3 to d3
    expect(sent).toEqual(['c3d3']);
  });

  it('turns the board for White and maps the pad to the turned board', async () => {
    const sent: string[] = [];
    render(<AbaloneBoard state={abalone(2, forms('abalone after a1b2'))} seat={1} interactive={true} onMove={(m) => sent.push(m)} />, root);
    expect(root.querySelector('svg')!.getAttribute('data-flipped')).toBe('true');
    clickCell('g5');
    await tick();
    // White sees row A at the top: SE (towards row A) is up-left on the
    // screen, the pad's first slot.
    const up = root.querySelector<HTMLButtonElement>('.abalone-pad button')!;
    expect(up.getAttribute('data-dir')).toBe('SE');
    expect(up.disabled).toBe(false);
    up.click();
    expect(sent).toEqual(['g5f5']);
  });

  it('plays by dragging a marble, or the selection holding it, towards a direction', async () => {
    const sent: string[] = [];
    render(<AbaloneBoard state={abalone(1)} seat={0} interactive={true} onMove={(m) => sent.push(m)} />, root);
    const svg = root.querySelector('svg')!;
    const pointer = (el: Element, type: string, x: number, y: number) =>
      el.dispatchEvent(new PointerEvent(type, { bubbles: true, clientX: x, clientY: y }));
    // A short drag is a click: nothing is played.
    pointer(cell('b1'), 'pointerdown', 100, 100);
    pointer(svg, 'pointerup', 102, 101);
    expect(sent).toEqual([]);
    // Up-left by most of a cell: b1 to c1 (NW).
    pointer(cell('b1'), 'pointerdown', 100, 100);
    pointer(svg, 'pointerup', 85, 74);
    expect(sent).toEqual(['b1c1']);
    await tick();
    // A drag towards a direction with no listed move sends nothing.
    pointer(cell('a1'), 'pointerdown', 100, 100);
    pointer(svg, 'pointerup', 70, 100);
    expect(sent).toEqual(['b1c1']);
    await tick(); // the drag is over: the next click counts
    // With c3-c4-c5 selected, dragging c4 up-right is the broadside c3c5d4.
    for (const c of ['c3', 'c4', 'c5']) {
      clickCell(c);
      await tick();
    }
    pointer(cell('c4'), 'pointerdown', 100, 100);
    pointer(svg, 'pointerup', 115, 74);
    expect(sent).toEqual(['b1c1', 'c3c5d4']);
  });

  it('sends nothing when not interactive', () => {
    const sent: string[] = [];
    render(<AbaloneBoard state={abalone(1)} seat={-1} interactive={false} onMove={(m) => sent.push(m)} />, root);
    clickCell('b1');
    clickCell('c1');
    expect(sent).toEqual([]);
    expect(root.querySelector('.abalone-pad')).toBeNull();
  });
});
