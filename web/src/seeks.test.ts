import { describe, expect, it } from 'vitest';
import { defaultTC, quickPairs, ratable, sameTC, tcFromForm, tcParts } from './seeks';

describe('tcFromForm', () => {
  it.each([
    [{ ...defaultTC, kind: 'fischer' as const, baseMin: '5', incS: '3' }, { kind: 'fischer', baseMs: 300_000, incrementMs: 3000 }],
    [{ ...defaultTC, kind: 'fischer' as const, baseMin: '0.5', incS: '0' }, { kind: 'fischer', baseMs: 30_000, incrementMs: 0 }],
    [{ ...defaultTC, kind: 'fischer' as const, baseMin: '1440', incS: '3600' }, { kind: 'fischer', baseMs: 86_400_000, incrementMs: 3_600_000 }],
    [{ ...defaultTC, kind: 'fischer' as const, baseMin: '1441', incS: '0' }, { error: 'tc.bad.base' }],
    [{ ...defaultTC, kind: 'fischer' as const, baseMin: '0', incS: '0' }, { error: 'tc.bad.base' }],
    [{ ...defaultTC, kind: 'fischer' as const, baseMin: '', incS: '0' }, { error: 'tc.bad.base' }],
    [{ ...defaultTC, kind: 'fischer' as const, baseMin: '5', incS: '3601' }, { error: 'tc.bad.inc' }],
    [{ ...defaultTC, kind: 'fischer' as const, baseMin: '5', incS: '1.5' }, { error: 'tc.bad.inc' }],
    [{ ...defaultTC, kind: 'correspondence' as const, days: '3' }, { kind: 'correspondence', days: 3 }],
    [{ ...defaultTC, kind: 'correspondence' as const, days: '31' }, { error: 'tc.bad.days' }],
    [{ ...defaultTC, kind: 'correspondence' as const, days: '0' }, { error: 'tc.bad.days' }],
    [{ ...defaultTC, kind: 'none' as const }, { kind: 'none' }],
  ])('%o → %o', (form, want) => {
    expect(tcFromForm(form)).toEqual(want);
  });
});

describe('time control text and checks', () => {
  it('describes each kind', () => {
    expect(tcParts({ kind: 'fischer', baseMs: 180_000, incrementMs: 2000 })).toEqual({ key: 'tc.fischer', params: { min: 3, inc: 2 } });
    expect(tcParts({ kind: 'correspondence', days: 3 })).toEqual({ key: 'tc.corr', params: { days: 3 } });
    expect(tcParts({ kind: 'none' })).toEqual({ key: 'tc.none', params: {} });
  });
  it('compares controls by value, absent fields as zero', () => {
    expect(sameTC({ kind: 'fischer', baseMs: 1000, incrementMs: 0 }, { kind: 'fischer', baseMs: 1000 })).toBe(true);
    expect(sameTC({ kind: 'fischer', baseMs: 1000 }, { kind: 'fischer', baseMs: 2000 })).toBe(false);
  });
  it.each(['pathagon', 'abalone', 'talat', 'villapaletti', 'palago', 'palagonia', 'palaboratory', 'tictactoe'])(
    'offers %s quick pairings that may all be rated and pass the bounds, correspondence among them',
    (game) => {
      const qs = quickPairs(game);
      expect(qs.length).toBeGreaterThan(3);
      expect(qs.every(ratable)).toBe(true);
      expect(qs.some((q) => q.kind === 'correspondence')).toBe(true);
      for (const q of qs) {
        const form = { kind: q.kind, baseMin: String((q.baseMs ?? 0) / 60_000), incS: String((q.incrementMs ?? 0) / 1000), days: String(q.days ?? 0) };
        expect(tcFromForm(form)).toEqual(q);
      }
    },
  );
  it('gives a slow game longer quick pairings than a fast one', () => {
    const shortest = (g: string) => Math.min(...quickPairs(g).filter((q) => q.kind === 'fischer').map((q) => q.baseMs!));
    expect(shortest('abalone')).toBeGreaterThan(shortest('pathagon'));
    expect(ratable({ kind: 'none' })).toBe(false);
  });
});
