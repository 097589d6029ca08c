import { lang, t } from '../app-state';
import { Link } from '../app';
import type { BoardForms, MatchState } from '../protocol';
import rulesBoards from '../boards/rules-boards.json';
import { href } from '../router';
import { entry, ruleGames } from '../boards/index';
import { useBoard } from '../boards/use-board';
import { rulesFor, type GameRules } from '../rules-text';

/** exampleState is a read-only match state that shows a rules example. */
export function exampleState(game: string, r: GameRules): MatchState {
  const s: MatchState = {
    match: `rules-${game}`,
    game,
    variant: '',
    players: r.example.players,
    version: 0,
    status: 'live',
    position: r.example.position,
    toMove: r.example.toMove,
    legal: [],
    moves: [],
    seats: null,
    offers: { draw: [], takeback: -1, rematch: [] },
  };
  if (r.example.lastMove) s.lastMove = r.example.lastMove;
  // A board fed by the server draws the example's forms (web/rules_boards_test.go).
  const forms = (rulesBoards as Record<string, BoardForms>)[game];
  if (forms) s.board = forms;
  return s;
}

/**
 * RulesPage shows one game's rules (or, for game '', the list of games),
 * illustrated by the game's own board drawing the example position.
 */
export function RulesPage({ game }: { game: string }) {
  if (game === '') return <RulesIndex />;
  return <GameRulesPage game={game} />;
}

function GameRulesPage({ game }: { game: string }) {
  const r = entry(game)?.rules;
  const Board = useBoard(game);
  if (!r) {
    return (
      <p class="notice">
        {t('rules.none')} <Link href={href({ page: 'rules', game: '' })}>{t('rules.all')}</Link>
      </p>
    );
  }
  const { title, text } = rulesFor(r, lang.value);
  return (
    <article class="rules" data-rules={game} lang={lang.value}>
      <h1>{t('rules.of', { game: title })}</h1>
      <p class="intro">{text.intro}</p>
      <div class="rules-body">
        <div class="rules-text">
          {text.sections.map((s) => (
            <section key={s.h}>
              <h2>{s.h}</h2>
              <ul>
                {s.items.map((i) => (
                  <li key={i}>{i}</li>
                ))}
              </ul>
            </section>
          ))}
        </div>
        <figure class="rules-figure">
          <div class="rules-board">
            {Board && <Board state={exampleState(game, r)} seat={-1} interactive={false} onMove={() => {}} />}
          </div>
          <figcaption>
            <strong>{t('rules.example')}.</strong> {text.caption}
          </figcaption>
        </figure>
      </div>
      <p class="rules-links">
        <Link href="/" class="button primary">
          {t('rules.play', { game: title })}
        </Link>{' '}
        <Link href={href({ page: 'rules', game: '' })}>{t('rules.all')}</Link>
      </p>
    </article>
  );
}

function RulesIndex() {
  return (
    <section class="rules panel">
      <h1>{t('rules.title')}</h1>
      <ul class="rules-index">
        {ruleGames.map((g) => (
          <li key={g}>
            <Link href={href({ page: 'rules', game: g })}>{rulesFor(entry(g)!.rules!, lang.value).title}</Link>
            <span class="muted"> — {rulesFor(entry(g)!.rules!, lang.value).text.intro}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
