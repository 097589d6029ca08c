import { describe, expect, it } from 'vitest';
import { moveForm, parseServerMessage } from './protocol';

describe('moveForm mirrors protocol.MoveForm (internal/protocol/move.go)', () => {
  // The same table as TestMoveForm in Go.
  it.each([
    ['d4', { text: 'd4', to: 'd4' }],
    ['a7-g1', { text: 'a7-g1', from: 'a7', to: 'g1' }],
    ['c4xb4', { text: 'c4xb4', to: 'c4', captures: ['b4'] }],
    ['a7-g1xb4xc5', { text: 'a7-g1xb4xc5', from: 'a7', to: 'g1', captures: ['b4', 'c5'] }],
    ['+1', { text: '+1' }],
    ['h', { text: 'h' }],
    ['d4x', { text: 'd4x' }],
    ['a-b', { text: 'a-b' }],
    ['d123', { text: 'd123' }],
    ['D4', { text: 'D4' }],
  ])('%s', (text, want) => {
    expect(moveForm(text)).toEqual(want);
  });
});

describe('parseServerMessage', () => {
  it('accepts the documented shapes', () => {
    expect(parseServerMessage('{"type":"pong","version":3}')).toEqual({ type: 'pong', version: 3 });
    expect(parseServerMessage('{"type":"ack","id":"c1","version":4}')).toEqual({ type: 'ack', id: 'c1', version: 4 });
  });
  it.each([
    ['not JSON', '{'],
    ['null', 'null'],
    ['no type', '{"version":1}'],
    ['unknown type', '{"type":"boom","version":1}'],
    ['no version', '{"type":"pong"}'],
    ['fractional version', '{"type":"pong","version":1.5}'],
    ['state without position', '{"type":"update","version":2,"state":{"version":2,"toMove":0}}'],
  ])('rejects %s', (_n, data) => {
    expect(parseServerMessage(data)).toBeNull();
  });
});
