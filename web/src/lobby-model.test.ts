import { describe, expect, it } from 'vitest';
import { createRequest, defaultForm, keepForm, openSeats, optionValues, playerChoices, playerCount, ratedBlock, timeControl, validOption } from './lobby-model';
import type { Form } from './lobby-model';
import type { GameInfo, OptionSpec } from './protocol';

const specs: OptionSpec[] = [
  { name: 'firstPlayer', kind: 'enum', default: 'light', choices: ['light', 'dark'] },
  { name: 'optionalCaptures', kind: 'bool', default: 'false' },
  { name: 'plyCap', kind: 'int', default: '300', min: 0, max: 10000 },
];
const pathagon: GameInfo = {
  id: 'pathagon', title: 'Pathagon', minPlayers: 2, maxPlayers: 2, defaultPlayers: 2,
  playerNames: ['light', 'dark'], variants: ['standard'], options: specs, bots: ['random', 'bot:easy'],
};
const race: GameInfo = { ...pathagon, id: 'race', title: 'Race', minPlayers: 2, maxPlayers: 4, defaultPlayers: 3, bots: null, variants: null };

describe('defaultForm', () => {
  it('prefers pathagon and its first bot', () => {
    expect(defaultForm([race, pathagon])).toEqual({ game: 'pathagon', variant: 'standard', opponent: 'random', seat: 0, time: 0, options: {} });
  });
  it('falls back to the first game and open seats when it has no bots', () => {
    expect(defaultForm([race])).toEqual({ game: 'race', variant: '', opponent: '', seat: 0, time: 0, options: {} });
    expect(defaultForm([]).game).toBe('');
  });
});

describe('createRequest', () => {
  it('seats the creator and a bot', () => {
    const r = createRequest(pathagon, { game: 'pathagon', variant: 'standard', opponent: 'random', seat: 1, time: 2, options: {} }, () => 0);
    expect(r).toEqual({
      game: 'pathagon', variant: 'standard', players: 2,
      seats: [{ kind: 'bot', bot: 'random' }, { kind: 'human' }],
      timeControl: { kind: 'fischer', baseMs: 300_000, incrementMs: 3000 }, join: 1,
    });
  });
  it('leaves every other seat open for friends', () => {
    const r = createRequest(race, { game: 'race', variant: '', opponent: '', seat: 2, time: 0, options: {} }, () => 0);
    expect(r.seats).toEqual([{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }]);
    expect(r.join).toBe(2);
    expect(r.variant).toBeUndefined();
    expect(r.timeControl).toEqual({ kind: 'none' });
  });
  it('draws a random seat', () => {
    const f = { game: 'pathagon', variant: '', opponent: 'random', seat: -1, time: 0, options: {} };
    expect(createRequest(pathagon, f, () => 0.99).join).toBe(1);
    expect(createRequest(pathagon, f, () => 0).join).toBe(0);
  });
});

describe('helpers', () => {
  it('timeControl', () => {
    expect(timeControl({ min: 0, inc: 5 })).toEqual({ kind: 'none' });
    expect(timeControl({ min: 3, inc: 2 })).toEqual({ kind: 'fischer', baseMs: 180_000, incrementMs: 2000 });
  });
  it('openSeats lists untaken human seats only', () => {
    expect(openSeats({
      seats: [
        { seat: 0, name: 'light', kind: 'human', taken: true, connected: true },
        { seat: 1, name: 'dark', kind: 'human', taken: false, connected: false },
        { seat: 2, name: 'x', kind: 'bot', taken: false, connected: false },
      ],
    })).toEqual([1]);
    expect(openSeats({ seats: null })).toEqual([]);
  });
});

describe('options', () => {
  it('sends only valid values that differ from the default', () => {
    expect(optionValues(specs, { optionalCaptures: 'true', plyCap: '300', firstPlayer: 'dark', unknown: 'x' })).toEqual({
      optionalCaptures: 'true',
      firstPlayer: 'dark',
    });
    expect(optionValues(specs, { plyCap: '99999', firstPlayer: 'green', optionalCaptures: 'yes' })).toEqual({});
  });
  it('puts them in the create request', () => {
    const r = createRequest(pathagon, { ...defaultForm([pathagon]), options: { optionalCaptures: 'true' } }, () => 0);
    expect(r.options).toEqual({ optionalCaptures: 'true' });
    expect(createRequest(pathagon, defaultForm([pathagon]), () => 0).options).toBeUndefined();
  });
  it.each([
    ['plyCap', '0', true],
    ['plyCap', '-1', false],
    ['plyCap', '1.5', false],
    ['optionalCaptures', 'true', true],
    ['optionalCaptures', '1', false],
    ['firstPlayer', 'dark', true],
  ])('%s = %s valid: %s', (name, v, ok) => {
    expect(validOption(specs.find((x) => x.name === name)!, v)).toBe(ok);
  });
});

describe('playerCount', () => {
  it.each([
    ['the default without a choice', undefined, 3],
    ['the chosen count within the range', 2, 2],
    ['the default for a count out of range', 5, 3],
  ])('takes %s', (_n, players, want) => {
    expect(playerCount(race, { players })).toBe(want);
  });
  it('sizes the request: seats and the joined seat follow the chosen count (Palat is Talat for two)', () => {
    const r = createRequest(race, { game: 'race', variant: '', opponent: 'random', seat: -1, time: 0, options: {}, players: 2 }, () => 0.99);
    expect(r.players).toBe(2);
    expect(r.seats).toHaveLength(2);
    expect(r.join).toBe(1);
  });
  const form: Form = { game: 'race', variant: '', opponent: 'random', seat: 0, time: 0, options: {} };
  const cases: [string, number | undefined, number][] = [
    ['the default without a choice', undefined, 3],
    ['a choice within the range', 2, 2],
    ['the largest', 4, 4],
    ['the default for a choice above the range', 5, 3],
    ['the default for a choice below the range', 1, 3],
  ];
  for (const [name, players, want] of cases) {
    it(name, () => {
      const f = players === undefined ? form : { ...form, players };
      expect(playerCount(race, f)).toBe(want);
      expect(createRequest(race, f, () => 0).seats).toHaveLength(want);
    });
  }
});

describe('playerChoices', () => {
  const base = { id: 'g', title: 'G', minPlayers: 1, maxPlayers: 5, defaultPlayers: 4, playerNames: null, options: null, bots: null };
  const palagonia: GameInfo = { ...base, variants: ['standard'], allowedPlayers: [1, 3, 4, 5] };
  const talat: GameInfo = { ...base, minPlayers: 2, maxPlayers: 3, defaultPlayers: 3, variants: ['talat', 'palat'], variantPlayers: { talat: 3, palat: 2 } };
  it.each([
    ['min to max without rules', { ...base, variants: ['standard'] }, 'standard', [1, 2, 3, 4, 5]],
    ['only the allowed counts', palagonia, 'standard', [1, 3, 4, 5]],
    ["a variant's fixed count", talat, 'palat', [2]],
    ["the other variant's fixed count", talat, 'talat', [3]],
  ] as [string, GameInfo, string, number[]][])('lists %s', (_n, g, variant, want) => {
    expect(playerChoices(g, variant)).toEqual(want);
  });
  it('never asks for a count the game refuses', () => {
    expect(playerCount(palagonia, { players: 2 })).toBe(4);
    expect(playerCount(talat, { players: 3, variant: 'palat' })).toBe(2);
    expect(playerCount(talat, { variant: 'palat' })).toBe(2);
    expect(playerCount(talat, {})).toBe(3);
  });
});

describe('keepForm', () => {
  it('keeps the choices after a reload while the game still offers the opponent', () => {
    const f: Form = { game: 'pathagon', variant: 'standard', opponent: 'bot:easy', seat: 1, time: 2, options: {} };
    expect(keepForm([pathagon], f)).toBe(f);
    expect(keepForm([pathagon], { ...f, opponent: '' }).opponent).toBe('');
  });
  it('picks the first offered opponent when the chosen one is gone, and the default form without a game', () => {
    const f: Form = { game: 'pathagon', variant: 'standard', opponent: 'aba-pro', seat: 1, time: 2, options: {} };
    expect(keepForm([pathagon], f)).toEqual({ ...f, opponent: 'random' });
    expect(keepForm([pathagon], null)).toEqual(defaultForm([pathagon]));
    expect(keepForm([race], f)).toEqual(defaultForm([race]));
  });
});

describe('ratedBlock', () => {
  const open: Form = { game: 'pathagon', variant: 'standard', opponent: '', seat: 0, time: 2, options: {} };
  const solo: GameInfo = { ...pathagon, id: 'solo', minPlayers: 1, maxPlayers: 1, defaultPlayers: 1 };
  it.each([
    ['a guest', pathagon, open, 'fischer', false, 'lobby.rated.guest'],
    ['a game for one', solo, { ...open, game: 'solo' }, 'fischer', true, 'lobby.rated.solo'],
    ['a bot seat', pathagon, { ...open, opponent: 'random' }, 'fischer', true, 'lobby.rated.noBots'],
    ['no clock', pathagon, open, 'none', true, 'lobby.rated.needsClock'],
    ['a fischer clock', pathagon, open, 'fischer', true, ''],
    ['correspondence', pathagon, open, 'correspondence', true, ''],
  ] as const)('%s', (_, g, f, kind, loggedIn, want) => {
    expect(ratedBlock(g, f, kind, loggedIn)).toBe(want);
  });
});
