// The settings as an app-wide signal: loaded from the browser at start,
// applied to the document and the sounds, and saved on every change.
import { signal } from '@preact/signals';
import { kv } from './app-state';
import { applySettings, loadSettings, saveSettings, type Settings } from './settings';
import { sounds } from './shell-state';

export const settings = signal<Settings>(loadSettings(kv));

function apply(s: Settings): void {
  applySettings(document.documentElement, s);
  sounds.volume = s.volume;
}

apply(settings.value);

/** setSettings changes some settings, applies and remembers them. */
export function setSettings(change: Partial<Settings>): void {
  const s = { ...settings.value, ...change };
  settings.value = s;
  saveSettings(kv, s);
  apply(s);
}
