import { describe, expect, it } from 'vitest';
import { loadToken, memoryKV, saveToken } from './tokens';

describe('seat tokens', () => {
  it('round-trips per match', () => {
    const kv = memoryKV();
    saveToken(kv, 'm_1', { seat: 1, token: 'abc' });
    expect(loadToken(kv, 'm_1')).toEqual({ seat: 1, token: 'abc' });
    expect(loadToken(kv, 'm_2')).toBeNull();
  });
  it('drops a corrupt entry', () => {
    const kv = memoryKV();
    kv.setItem('tabula.seat.m_1', '{"seat":"x"}');
    expect(loadToken(kv, 'm_1')).toBeNull();
    expect(kv.getItem('tabula.seat.m_1')).toBeNull();
    kv.setItem('tabula.seat.m_1', '{');
    expect(loadToken(kv, 'm_1')).toBeNull();
  });
});
