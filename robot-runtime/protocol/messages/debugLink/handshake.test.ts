import { describe, expect, it } from 'vitest';
import { handshakeReplyMessage, handshakeRequestPacket, isHandshakeRequest, readHandshakeReply } from './handshake';

describe('handshake', () => {
  it('builds the golden first packet', () => {
    const hex = Array.from(handshakeRequestPacket(), (b) => b.toString(16).padStart(2, '0').toUpperCase()).join(' ');
    expect(hex).toBe('0C 00 00 00 04 00 00 00 00 00 00 00 00 00 00 00');
  });

  it('recognises request and answer', () => {
    expect(isHandshakeRequest({ id: 0, payload: new Uint8Array(0) })).toBe(true);
    expect(isHandshakeRequest({ id: 0, payload: Uint8Array.of(90) })).toBe(false);
    expect(readHandshakeReply(handshakeReplyMessage())).toBe(90);
    expect(readHandshakeReply({ id: 1, payload: Uint8Array.of(90) })).toBeUndefined();
    expect(() => handshakeReplyMessage(256)).toThrow(RangeError);
  });
});
