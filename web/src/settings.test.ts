import { describe, expect, it } from 'vitest';
import { applySettings, defaults, loadSettings, saveSettings, settingsFrom, settingsKey, type Settings } from './settings';
import { Sounds, type AudioLike } from './sound';
import { memoryKV } from './tokens';

describe('settings (kept per browser)', () => {
  it('starts from the defaults and remembers a change', () => {
    const kv = memoryKV();
    expect(loadSettings(kv)).toEqual(defaults);
    const s: Settings = { coords: false, theme: 'slate', volume: 0.25, speed: 'off', confirm: true, premove: false };
    saveSettings(kv, s);
    expect(loadSettings(kv)).toEqual(s);
  });

  it.each([
    ['not JSON', 'nope', defaults],
    ['not an object', '3', defaults],
    ['unknown theme and speed', '{"theme":"neon","speed":"warp","coords":false}', { ...defaults, coords: false }],
    ['volume out of range', '{"volume":4}', defaults],
    ['a speed named like a property of every object', '{"speed":"toString"}', defaults],
  ])('falls back field by field on %s', (_n, stored, want) => {
    const kv = memoryKV();
    kv.setItem(settingsKey, stored);
    expect(loadSettings(kv)).toEqual(want);
  });

  it('takes an account’s settings over the browser’s, field by field', () => {
    const browser: Settings = { coords: false, theme: 'slate', volume: 0.25, speed: 'off', confirm: true, premove: false };
    expect(settingsFrom({}, browser)).toEqual(browser);
    expect(settingsFrom(null, browser)).toEqual(browser);
    expect(settingsFrom([true], browser)).toEqual(browser);
    expect(settingsFrom({ coords: true, theme: 'neon', volume: 2, speed: 'slow', future: 1 }, browser)).toEqual({ ...browser, coords: true, speed: 'slow' });
  });

  it('puts the settings on the document for the boards’ CSS', () => {
    const attrs: Record<string, string> = {};
    const props: Record<string, string> = {};
    const root = { setAttribute: (k: string, v: string) => void (attrs[k] = v), style: { setProperty: (k: string, v: string) => void (props[k] = v) } };
    applySettings(root, { coords: false, theme: 'slate', volume: 1, speed: 'slow', confirm: false, premove: true });
    expect(attrs).toEqual({ 'data-coords': 'off', 'data-board-theme': 'slate', 'data-anim': 'on' });
    expect(props['--anim-scale']).toBe('2');
    applySettings(root, { ...defaults, speed: 'off' });
    expect(attrs['data-anim']).toBe('off');
    expect(props['--anim-scale']).toBe('0');
  });

  it('scales the sounds by the volume, and plays none at 0', () => {
    const peaks: number[] = [];
    const ctx = {
      state: 'running',
      currentTime: 0,
      destination: {},
      resume: () => Promise.resolve(),
      createOscillator: () => ({ type: '', frequency: { value: 0 }, connect: () => {}, start: () => {}, stop: () => {} }),
      createGain: () => ({ gain: { setValueAtTime: () => {}, exponentialRampToValueAtTime: (v: number) => void peaks.push(v) }, connect: () => {} }),
    } as unknown as AudioLike;
    const s = new Sounds(() => ctx, false);
    s.unlock();
    s.play('move');
    const loud = Math.max(...peaks);
    peaks.length = 0;
    s.volume = 0.5;
    s.play('move');
    expect(Math.max(...peaks)).toBeCloseTo(loud / 2);
    s.volume = 0;
    expect(s.play('move')).toBe(false);
  });
});
