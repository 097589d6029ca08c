// Sounds for moves, captures and the end of a game, synthesized with
// WebAudio (no downloaded assets). Nothing plays before the user has
// interacted with the page (browsers' autoplay rule, and politeness): the
// AudioContext is made only by unlock(), which the page calls from a
// gesture. The mute choice is kept in localStorage (soundKey).
import type { Change } from './transition';
import type { KV } from './tokens';

/** soundKey is the localStorage key of the mute switch ("off" = muted). */
export const soundKey = 'tabula.sound';

/** loadMuted reads the mute switch; sounds are on unless turned off. */
export function loadMuted(kv: KV): boolean {
  return kv.getItem(soundKey) === 'off';
}

/** saveMuted remembers the mute switch. */
export function saveMuted(kv: KV, muted: boolean): void {
  kv.setItem(soundKey, muted ? 'off' : 'on');
}

export type SoundKind = 'move' | 'capture' | 'end';

/** soundFor picks the sound of a change; null for none. */
export function soundFor(c: Change): SoundKind | null {
  switch (c.kind) {
    case 'none':
      return null;
    case 'move':
      return c.capture ? 'capture' : 'move';
    case 'end':
      return 'end';
  }
}

/** A note: frequency in Hz, start and length in seconds from now. */
export interface Note {
  freq: number;
  start: number;
  dur: number;
  wave: OscillatorType;
  gain: number;
}

/** notes are the tiny tunes: a click, a double knock, a rising triad. */
export function notes(kind: SoundKind): Note[] {
  switch (kind) {
    case 'move':
      return [{ freq: 660, start: 0, dur: 0.07, wave: 'triangle', gain: 0.25 }];
    case 'capture':
      return [
        { freq: 520, start: 0, dur: 0.07, wave: 'square', gain: 0.12 },
        { freq: 350, start: 0.08, dur: 0.1, wave: 'square', gain: 0.12 },
      ];
    case 'end':
      return [
        { freq: 523.25, start: 0, dur: 0.14, wave: 'sine', gain: 0.25 },
        { freq: 659.25, start: 0.14, dur: 0.14, wave: 'sine', gain: 0.25 },
        { freq: 783.99, start: 0.28, dur: 0.3, wave: 'sine', gain: 0.25 },
      ];
  }
}

/** The part of AudioContext the player uses (a fake in tests). */
export interface AudioLike {
  readonly currentTime: number;
  readonly destination: AudioNode;
  state: string;
  resume(): Promise<void>;
  createOscillator(): OscillatorNode;
  createGain(): GainNode;
}

/** Sounds plays the tunes, once unlocked and unless muted. */
export class Sounds {
  private ctx: AudioLike | null = null;
  muted: boolean;
  /** volume scales every note, 0..1 (the settings' volume). */
  volume = 1;

  constructor(
    private readonly newContext: () => AudioLike | null,
    muted: boolean,
  ) {
    this.muted = muted;
  }

  /** unlocked reports whether a gesture has allowed sound. */
  get unlocked(): boolean {
    return this.ctx !== null;
  }

  /** unlock makes the audio context; call it from a user gesture only. */
  unlock(): void {
    if (this.ctx || this.muted) return;
    this.ctx = this.newContext();
    if (this.ctx && this.ctx.state === 'suspended') void this.ctx.resume();
  }

  /** play plays kind; it reports whether it did (not muted, unlocked). */
  play(kind: SoundKind): boolean {
    if (this.muted || !this.ctx || this.volume <= 0) return false;
    const c = this.ctx;
    const t0 = c.currentTime;
    for (const n of notes(kind)) {
      const osc = c.createOscillator();
      const g = c.createGain();
      osc.type = n.wave;
      osc.frequency.value = n.freq;
      // A short attack and an exponential decay: no clicks.
      g.gain.setValueAtTime(0.0001, t0 + n.start);
      g.gain.exponentialRampToValueAtTime(Math.max(0.0001, n.gain * this.volume), t0 + n.start + 0.01);
      g.gain.exponentialRampToValueAtTime(0.0001, t0 + n.start + n.dur);
      osc.connect(g);
      g.connect(c.destination);
      osc.start(t0 + n.start);
      osc.stop(t0 + n.start + n.dur + 0.02);
    }
    return true;
  }
}

/** browserAudio makes a real AudioContext, or null where there is none. */
export function browserAudio(): AudioLike | null {
  const Ctor = (window as unknown as { AudioContext?: new () => AudioContext }).AudioContext;
  if (!Ctor) return null;
  try {
    return new Ctor();
  } catch {
    return null;
  }
}
