// The viewer's board settings, kept per browser (localStorage, settingsKey)
// and, signed in, per account (settings-sync.ts):
// coordinates on every board, the board theme, the sound volume and the
// animation speed. Pure over a KV; settings-state.ts applies them.
import type { KV } from './tokens';

/** settingsKey is the localStorage key of the settings (JSON). */
export const settingsKey = 'tabula.settings';

/** Board themes: the warm wood of the first boards, or cool slate chosen for contrast with every piece colour. */
export const themes = ['wood', 'slate'] as const;
export type Theme = (typeof themes)[number];

/** Animation speeds, and the factor each puts on every board animation's duration (0: no animation). */
export const speeds = { off: 0, fast: 0.5, normal: 1, slow: 2 } as const;
export type Speed = keyof typeof speeds;

export interface Settings {
  /** coords shows the boards' coordinates. */
  coords: boolean;
  theme: Theme;
  /** volume of the sounds, 0..1 (muting is the toolbar's switch). */
  volume: number;
  speed: Speed;
  /** confirm asks before a move made on the board is sent. */
  confirm: boolean;
  /** premove lets the player queue a move while the opponent thinks (premove.ts); with confirm on, it waits for confirmation too. */
  premove: boolean;
}

export const defaults: Settings = { coords: true, theme: 'wood', volume: 0.8, speed: 'normal', confirm: false, premove: true };

/** loadSettings reads the settings; a missing or broken value falls back to its default, field by field. */
export function loadSettings(kv: KV): Settings {
  let v: unknown = {};
  try {
    v = JSON.parse(kv.getItem(settingsKey) ?? '{}');
  } catch {
    v = {};
  }
  return settingsFrom(v, defaults);
}

/**
 * settingsFrom reads settings from a parsed document (the browser's, or an
 * account's from the server): each field it holds a valid value of, else
 * base's.
 */
export function settingsFrom(doc: unknown, base: Settings): Settings {
  const v: Record<string, unknown> = typeof doc === 'object' && doc !== null && !Array.isArray(doc) ? (doc as Record<string, unknown>) : {};
  return {
    coords: typeof v.coords === 'boolean' ? v.coords : base.coords,
    theme: (themes as readonly unknown[]).includes(v.theme) ? (v.theme as Theme) : base.theme,
    volume: typeof v.volume === 'number' && v.volume >= 0 && v.volume <= 1 ? v.volume : base.volume,
    speed: typeof v.speed === 'string' && Object.hasOwn(speeds, v.speed) ? (v.speed as Speed) : base.speed,
    confirm: typeof v.confirm === 'boolean' ? v.confirm : base.confirm,
    premove: typeof v.premove === 'boolean' ? v.premove : base.premove,
  };
}

/** saveSettings remembers s. */
export function saveSettings(kv: KV, s: Settings): void {
  kv.setItem(settingsKey, JSON.stringify(s));
}

/** An element whose attributes and style carry the settings to the boards' CSS. */
export interface Root {
  setAttribute(name: string, value: string): void;
  style: { setProperty(name: string, value: string): void };
}

/**
 * applySettings puts s on root (the document element): data-coords="off"
 * hides every .coord, data-board-theme picks the theme's colours, and
 * --anim-scale multiplies the boards' animation durations (data-anim="off"
 * turns them off).
 */
export function applySettings(root: Root, s: Settings): void {
  root.setAttribute('data-coords', s.coords ? 'on' : 'off');
  root.setAttribute('data-board-theme', s.theme);
  root.setAttribute('data-anim', s.speed === 'off' ? 'off' : 'on');
  root.style.setProperty('--anim-scale', String(speeds[s.speed]));
}
