// Clock display. The server sends each seat's time left at the moment it
// built the message; the client counts the running seat down from the
// moment it received it, by its own clock, so a skewed client clock does
// not matter (only the transit time is lost).
import type { Clocks } from './protocol';

/** remaining returns each seat's time left in ms at local time now. */
export function remaining(c: Clocks, receivedAt: number, now: number): number[] {
  const r = c.remaining ?? [];
  return r.map((ms, seat) => (seat === c.running ? Math.max(0, ms - Math.max(0, now - receivedAt)) : ms));
}

/** Under this much time left a clock shows tenths of a second. */
export const tenthsBelowMs = 10_000;

/** format shows ms as h:mm:ss, m:ss, or s.d under ten seconds. */
export function format(ms: number): string {
  const clamped = Math.max(0, ms);
  if (clamped < tenthsBelowMs) {
    const tenths = Math.floor(clamped / 100);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const total = Math.floor(clamped / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  if (h > 0) return `${h}:${String(m).padStart(2, '0')}:${ss}`;
  return `${m}:${ss}`;
}

/** formatDays shows a correspondence allowance: days and hours. */
export function formatDays(ms: number): string {
  const hours = Math.floor(Math.max(0, ms) / 3_600_000);
  const d = Math.floor(hours / 24);
  const h = hours % 24;
  return d > 0 ? `${d}d ${h}h` : `${h}h ${Math.floor((Math.max(0, ms) % 3_600_000) / 60_000)}m`;
}
