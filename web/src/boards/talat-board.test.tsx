// @vitest-environment happy-dom
// Renders the Talat board into a DOM and clicks it: three boards of 25
// cells (rules/talat.md §1), towers by colour and kind, the reserve tray in
// setup (§2), closed boards (§5), scores (§6), and that a click sends only a
// move the server listed.
import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { state } from '../testutil';
import { TalatBoard } from './TalatBoard';
import { talatForms } from './testdata/talat';

let root: HTMLElement;
beforeEach(() => {
  root = document.createElement('div');
  document.body.appendChild(root);
});
afterEach(() => {
  render(null, root);
  root.remove();
});

const all = ['S3', 'S4', 'S6', 'M3', 'M4', 'M6', 'L3', 'L4', 'L6'];
const seats = [
  { seat: 0, name: 'black', kind: 'human' as const, taken: true, connected: true },
  { seat: 1, name: 'white', kind: 'bot' as const, bot: 'random', taken: true, connected: true },
  { seat: 2, name: 'grey', kind: 'bot' as const, bot: 'random', taken: true, connected: true },
];
const talat = (over: Parameters<typeof state>[1]) => state(3, { game: 'talat', variant: 'talat', players: 3, seats, ...over });
const cell = (id: string) => root.querySelector(`[data-cell="${id}"]`)!;
const tick = () => new Promise((r) => setTimeout(r, 0));
const fire = (el: Element) => el.dispatchEvent(new MouseEvent('click', { bubbles: true }));

describe('TalatBoard', () => {
  it('draws three boards of 25 cells with the towers, taken towers and scores', () => {
    const s = talat({
      toMove: 1,
      ...talatForms({ towers: ['B01:a1=0L6', 'B01:c3=1S3', 'B01:e5=1M4'], captured: [['1S4'], [], []], closed: ['B02'], scores: [5, 0, 0] }),
    });
    render(<TalatBoard state={s} seat={0} interactive={false} onMove={() => {}} />, root);
    expect(root.querySelectorAll('[data-cell]')).toHaveLength(75);
    expect(cell('B01:a1').getAttribute('data-tower')).toBe('0L6');
    expect(cell('B01:c3').getAttribute('data-tower')).toBe('1S3');
    expect(cell('B01:a1').querySelectorAll('polygon.tw.tw-0')).toHaveLength(1);
    expect(cell('B01:a1').getAttribute('aria-label')).toBe('B01 a1: Black large hexagon');
    expect(root.querySelector('[data-board="B02"]')!.classList.contains('closed')).toBe(true);
    expect(root.querySelector('[data-board="B01"]')!.classList.contains('closed')).toBe(false);
    // The scores the server counted (§6).
    expect([...root.querySelectorAll('.talat-scores .score')].map((e) => e.textContent)).toEqual(['5', '0', '0']);
    expect(root.querySelector('.talat-turn')!.textContent).toBe('White to move');
  });

  it('places in two clicks, tray first: only listed kinds and cells, only when interactive', async () => {
    const sent: string[] = [];
    const s = talat({ toMove: 0, ...talatForms({ reserve: [all, all, all], phase: 'setup' }, ['B01:a1=S3', 'B01:a1=L6', 'B02:c1=L6']) });
    render(<TalatBoard state={s} seat={0} interactive={false} onMove={(m) => sent.push(m)} />, root);
    expect(root.querySelector('.talat-tray')).toBeNull();
    fire(cell('B01:a1'));
    expect(sent).toEqual([]);
    render(<TalatBoard state={s} seat={0} interactive={true} onMove={(m) => sent.push(m)} />, root);
    const kinds = [...root.querySelectorAll<HTMLButtonElement>('.talat-tray [data-kind]')];
    expect(kinds.map((b) => b.dataset.kind)).toEqual(all);
    expect(kinds.filter((b) => !b.disabled).map((b) => b.dataset.kind)).toEqual(['S3', 'L6']);
    expect([...root.querySelectorAll('[data-cell].target')].map((e) => e.getAttribute('data-cell'))).toEqual(['B01:a1', 'B02:c1']);
    kinds[8]!.click(); // L6
    await tick();
    fire(cell('B01:c1')); // not listed: nothing is sent
    await tick();
    expect(sent).toEqual([]);
    expect(root.querySelector('.talat-tray [data-kind="L6"]')!.classList.contains('selected')).toBe(true); // still chosen
    fire(cell('B02:c1'));
    expect(sent).toEqual(['B02:c1=L6']);
  });

  it('moves with the keyboard: Enter on the tower, then on the target', async () => {
    const sent: string[] = [];
    const s = talat({ toMove: 0, ...talatForms({ towers: ['B01:a1=0S4', 'B01:b2=1S3'] }, ['B01:a1-a2', 'B01:a1xb2']) });
    render(<TalatBoard state={s} seat={0} interactive={true} onMove={(m) => sent.push(m)} />, root);
    expect(cell('B01:a1').getAttribute('tabindex')).toBe('0');
    expect(cell('B01:e5').getAttribute('tabindex')).toBeNull();
    cell('B01:a1').dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await tick();
    expect(cell('B01:a2').querySelector('.dot')).not.toBeNull();
    expect(cell('B01:b2').querySelector('.ring')).not.toBeNull();
    cell('B01:b2').dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
    expect(sent).toEqual(['B01:a1xb2']);
  });

  it('says who places the spirit’s towers in Palat (§7)', () => {
    const s = state(3, {
      game: 'talat',
      variant: 'palat',
      players: 2,
      seats: seats.slice(0, 2),
      toMove: 1,
      ...talatForms({ towers: ['B12:e1=2L6'], reserve: [all, all, all.slice(0, 8)], scores: [0, 0], phase: 'spirit-setup', placing: 2 }, ['B02:a5=S3']),
    });
    render(<TalatBoard state={s} seat={1} interactive={true} onMove={() => {}} />, root);
    expect(root.querySelector('.talat-turn')!.textContent).toBe('White places a spirit tower');
    expect(root.querySelectorAll('.talat-tray [data-kind] .tw-2')).toHaveLength(8);
    expect(root.querySelectorAll('.talat-scores tbody tr')).toHaveLength(2);
  });
});
