import { describe, expect, it } from 'vitest';
import { loadMuted, notes, saveMuted, soundFor, soundKey, Sounds, type AudioLike, type SoundKind } from './sound';
import { memoryKV } from './tokens';
import type { Change } from './transition';

/** fakeAudio counts the oscillators started. */
function fakeAudio() {
  const started: number[] = [];
  const param = () => ({ value: 0, setValueAtTime() {}, exponentialRampToValueAtTime() {} });
  const ctx = {
    currentTime: 10,
    destination: {} as AudioNode,
    state: 'suspended',
    resumed: 0,
    async resume() {
      this.resumed++;
      this.state = 'running';
    },
    createOscillator() {
      return { type: 'sine', frequency: param(), connect() {}, start: (t: number) => started.push(t), stop() {} } as unknown as OscillatorNode;
    },
    createGain() {
      return { gain: param(), connect() {} } as unknown as GainNode;
    },
  };
  return { ctx, started };
}

describe('mute setting', () => {
  it('is on by default and remembered both ways', () => {
    const kv = memoryKV();
    expect(loadMuted(kv)).toBe(false);
    saveMuted(kv, true);
    expect(kv.getItem(soundKey)).toBe('off');
    expect(loadMuted(kv)).toBe(true);
    saveMuted(kv, false);
    expect(loadMuted(kv)).toBe(false);
  });
});

describe('soundFor', () => {
  const cases: { name: string; c: Change; want: SoundKind | null }[] = [
    { name: 'nothing happened', c: { kind: 'none' }, want: null },
    { name: 'a move', c: { kind: 'move', move: 'd4', mover: 0, capture: false }, want: 'move' },
    { name: 'a capture', c: { kind: 'move', move: 'e4xd4', mover: 0, capture: true }, want: 'capture' },
    { name: 'the end', c: { kind: 'end', move: null, mover: -1 }, want: 'end' },
  ];
  for (const c of cases) it(c.name, () => expect(soundFor(c.c)).toBe(c.want));
});

describe('Sounds', () => {
  it('plays nothing before a gesture unlocked it', () => {
    const { ctx, started } = fakeAudio();
    let made = 0;
    const s = new Sounds(() => {
      made++;
      return ctx as AudioLike;
    }, false);
    expect(s.play('move')).toBe(false);
    expect(made).toBe(0); // no AudioContext before the gesture
    s.unlock();
    expect(made).toBe(1);
    expect(ctx.resumed).toBe(1);
    expect(s.play('move')).toBe(true);
    expect(started).toEqual([10]);
    s.unlock();
    expect(made).toBe(1); // one context
  });

  it('plays every note of a tune', () => {
    const { ctx, started } = fakeAudio();
    const s = new Sounds(() => ctx as AudioLike, false);
    s.unlock();
    s.play('end');
    expect(started).toHaveLength(notes('end').length);
  });

  it('stays silent when muted, and makes no context then', () => {
    const { ctx, started } = fakeAudio();
    let made = 0;
    const s = new Sounds(() => {
      made++;
      return ctx as AudioLike;
    }, true);
    s.unlock();
    expect(made).toBe(0);
    expect(s.play('capture')).toBe(false);
    s.muted = false;
    s.unlock();
    expect(s.play('capture')).toBe(true);
    s.muted = true;
    expect(s.play('capture')).toBe(false);
    expect(started).toHaveLength(notes('capture').length);
  });

  it('copes with a browser without WebAudio', () => {
    const s = new Sounds(() => null, false);
    s.unlock();
    expect(s.play('move')).toBe(false);
  });
});
