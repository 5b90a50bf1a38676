import { describe, expect, it } from 'vitest';
import { encodeDataFragment } from './fragments';
import { Reassembler } from './Reassembler';

describe('multicast reassembly under hostile senders (finding 8)', () => {
  it('bounds what one reassembler holds for messages that never complete', () => {
    const reassembler = new Reassembler({ maxPendingBytes: 4 << 20 });
    const part = new Uint8Array(60_000);
    for (let i = 0; i < 300; i++) reassembler.receive(encodeDataFragment(i % 64, Math.floor(i / 64), 1000, part), i);
    expect(reassembler.pendingBytes).toBeLessThanOrEqual(4 << 20);
    expect(reassembler.pendingBytes).toBeGreaterThan(0);
    // The default bound is one largest message, not a message per pending slot.
    const byDefault = new Reassembler();
    for (let i = 0; i < 600; i++) byDefault.receive(encodeDataFragment(i % 64, Math.floor(i / 64), 1000, part), i);
    expect(byDefault.pendingBytes).toBeLessThanOrEqual(16 * 1024 * 1024);
  });
});
