// Seat secrets, kept in localStorage per match so a reload or a second tab
// keeps the seat. The server also sets a cookie; the client does not rely on
// it, since a cookie cannot be read back to say which seat it holds.

/** The part of Storage the client uses (localStorage in the browser). */
export interface KV {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface SeatToken {
  seat: number;
  token: string;
}

const prefix = 'tabula.seat.';

export function saveToken(kv: KV, match: string, t: SeatToken): void {
  kv.setItem(prefix + match, JSON.stringify(t));
}

export function loadToken(kv: KV, match: string): SeatToken | null {
  const raw = kv.getItem(prefix + match);
  if (raw === null) return null;
  try {
    const v = JSON.parse(raw) as unknown;
    if (typeof v === 'object' && v !== null) {
      const o = v as Record<string, unknown>;
      if (typeof o.seat === 'number' && typeof o.token === 'string') return { seat: o.seat, token: o.token };
    }
  } catch {
    // fall through: a corrupt entry is as good as none
  }
  kv.removeItem(prefix + match);
  return null;
}

/** memoryKV is a KV for tests and for browsers that refuse storage. */
export function memoryKV(): KV {
  const m = new Map<string, string>();
  return {
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, v),
    removeItem: (k) => void m.delete(k),
  };
}
