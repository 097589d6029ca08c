// App-wide state of the shared match experience: the sound player and its
// mute switch. Sounds are unlocked by the first user gesture on the page,
// never before (sound.ts).
import { signal } from '@preact/signals';
import { kv } from './app-state';
import { browserAudio, loadMuted, saveMuted, Sounds } from './sound';

export const sounds = new Sounds(browserAudio, loadMuted(kv));

/** muted mirrors sounds.muted for rendering the toggle. */
export const muted = signal(sounds.muted);

/** setMuted switches sound off or on and remembers it. */
export function setMuted(m: boolean): void {
  sounds.muted = m;
  muted.value = m;
  saveMuted(kv, m);
  if (!m) sounds.unlock(); // the toggle itself is a gesture
}

const unlock = () => sounds.unlock();
for (const type of ['pointerdown', 'keydown'] as const) window.addEventListener(type, unlock, { capture: true, passive: true });
