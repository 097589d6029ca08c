// The board settings kept per account (docs/protocol.md, "Account
// settings"): signed in, the account's settings replace the browser's when
// the page loads or the player logs in, field by field (the browser's
// stay as the guests' and as the fallback for a field the account lacks),
// and every change is stored to the account, debounced (a change still
// waiting when the page is hidden or left is stored at once, with a request
// that outlives the page). A load that fails
// leaves the browser's settings, and nothing is stored until one succeeds,
// so a failed request never overwrites the account's with the browser's.
import { effect } from '@preact/signals';
import * as A from './account-api';
import { ApiError } from './api';
import { account } from './account-state';
import { api } from './app-state';
import { settingsFrom, type Settings } from './settings';
import { setSettings, settings } from './settings-state';

/** saveDelay debounces the stores (ms): dragging the volume slider is one request, not twenty. */
export const saveDelay = 500;

/** The account whose settings this page loaded; null before, and signed out. */
let syncedFor: string | null = null;
let loading: string | null = null;
/** The account's document as last read or stored, in canonical form (keys sorted). */
let stored = '';
/** The account's document as read: its keys this client does not know are stored back as they were. */
let known: A.SettingsDoc = {};
let timer: ReturnType<typeof setTimeout> | null = null;
/** The change the timer will store, for flush. */
let pending: { id: string; doc: A.SettingsDoc } | null = null;

function canonical(doc: A.SettingsDoc): string {
  return JSON.stringify(Object.fromEntries(Object.entries(doc).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
}

function docOf(s: Settings): A.SettingsDoc {
  return { ...known, ...s };
}

async function load(id: string): Promise<void> {
  loading = id;
  try {
    const doc = await A.getSettings(api);
    if (account.value?.id !== id) return;
    known = doc;
    stored = canonical(doc);
    syncedFor = id;
    setSettings(settingsFrom(doc, settings.value)); // the settings effect stores what the account lacked
  } catch {
    // the browser's settings stay; the next login or page load tries again
  } finally {
    loading = null;
  }
}

async function store(id: string, doc: A.SettingsDoc, keepalive = false): Promise<void> {
  if (account.value?.id !== id || syncedFor !== id) return;
  try {
    const got = await A.putSettings(api, doc, keepalive);
    if (syncedFor === id) stored = canonical(got);
  } catch (e) {
    // Refused for the rate (many changes in a row): the last one is stored
    // when the server allows; any other failure waits for the next change.
    if (e instanceof ApiError && e.wire.code === 'rate-limited' && syncedFor === id && !timer) {
      timer = setTimeout(
        () => {
          timer = null;
          void store(id, docOf(settings.value));
        },
        Math.max(e.retryAfter ?? 2, 1) * 1000,
      );
    }
  }
}

effect(() => {
  const id = account.value?.id ?? null;
  if (id === syncedFor) return;
  syncedFor = null;
  if (timer) clearTimeout(timer);
  timer = null;
  pending = null;
  if (id !== null && loading !== id) void load(id);
});

effect(() => {
  const s = settings.value;
  const id = account.value?.id ?? null;
  if (id === null || id !== syncedFor) return;
  const doc = docOf(s);
  if (canonical(doc) === stored) return;
  if (timer) clearTimeout(timer);
  pending = { id, doc };
  timer = setTimeout(() => {
    timer = null;
    pending = null;
    void store(id, doc);
  }, saveDelay);
});

/** flush stores the change waiting for its debounce now: the page is being hidden or left. */
function flush(): void {
  if (!pending || !timer) return;
  const { id, doc } = pending;
  clearTimeout(timer);
  timer = null;
  pending = null;
  void store(id, doc, true);
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
}
