// @vitest-environment happy-dom
// The shell's rendering: the flip prop on the Pathagon and generic boards,
// and every rules page in both languages with its live board illustration.
import { render } from 'preact';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GenericBoard } from './boards/GenericBoard';
import { PathagonBoard } from './boards/PathagonBoard';
import { lang } from './app-state';
import { langs } from './i18n';
import { RulesPage } from './pages/rules';
import { loadBoard, ruleGames } from './boards/index';
import { rules, type GameRules } from './rules-text';
import { state } from './testutil';

let root: HTMLElement;
beforeEach(() => {
  root = document.createElement('div');
  document.body.appendChild(root);
});
afterEach(() => {
  render(null, root);
  root.remove();
  lang.value = 'en';
});

/** corner is the drawn square's top-left corner of a Pathagon cell. */
function corner(name: string): [number, number] {
  const r = root.querySelector(`[data-cell="${name}"] rect`)!;
  return [Number(r.getAttribute('x')), Number(r.getAttribute('y'))];
}

describe('flipped boards', () => {
  it('Pathagon turns by 180°: a7 takes g1’s place', () => {
    const s = state(1);
    render(<PathagonBoard state={s} seat={0} interactive={false} onMove={() => {}} />, root);
    const a7 = corner('a7');
    const g1 = corner('g1');
    render(<PathagonBoard state={s} seat={0} interactive={false} onMove={() => {}} flipped />, root);
    expect(corner('a7')).toEqual(g1);
    expect(corner('g1')).toEqual(a7);
    expect(root.querySelector('svg[data-flipped="true"]')).not.toBeNull();
  });

  it('the generic board turns a grid position text', () => {
    const s = state(1, { game: 'abalone', position: 'ww/b.. b 0 0' });
    render(<GenericBoard state={s} seat={0} interactive={false} onMove={() => {}} flipped />, root);
    expect(root.querySelector('[data-position]')!.textContent).toBe('..b/ww b 0 0');
  });
});

describe('rules pages', () => {
  // The pages draw the registry's boards, which load as modules of their own.
  beforeAll(async () => {
    for (const g of ruleGames) await loadBoard(g);
  });

  for (const game of ruleGames) {
    it(`${game}: every language, same outline, a live illustration`, () => {
      const r = (rules as Record<string, GameRules>)[game]!;
      for (const l of langs) {
        expect(r.text[l].sections.map((x) => x.items.length), l).toEqual(r.text.en.sections.map((x) => x.items.length));
      }
      for (const l of langs) {
        lang.value = l;
        render(<RulesPage game={game} />, root);
        expect(root.querySelector('h1')!.textContent).toContain(r.title[l]);
        expect(root.querySelectorAll('.rules-text section')).toHaveLength(r.text[l].sections.length);
        expect(root.querySelector('.rules-figure > figcaption')!.textContent).toContain(r.text[l].caption);
        // Read-only: nothing on the illustration can be played.
        expect(root.querySelectorAll('.rules-figure [tabindex="0"], .rules-figure [data-move]')).toHaveLength(0);
      }
    });
  }

  it('the Pathagon example is a real position drawn by the Pathagon board', () => {
    render(<RulesPage game="pathagon" />, root);
    expect(root.querySelectorAll('.rules-figure [data-cell]')).toHaveLength(49);
    expect(root.querySelector('.rules-figure [data-cell="d4"].forbidden')).not.toBeNull();
  });

  it('the index lists every game, and an unknown game says so', () => {
    render(<RulesPage game="" />, root);
    expect(root.querySelectorAll('.rules-index a')).toHaveLength(ruleGames.length);
    render(<RulesPage game="chess" />, root);
    expect(root.textContent).toContain('There are no rules for this game here yet.');
  });
});
