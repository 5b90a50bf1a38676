import { describe, expect, it } from 'vitest';
import { StreamError } from '../binary';
import { decodeDebugRequest, encodeDebugRequest } from './DebugRequest';

describe('DebugRequest', () => {
  it('encodes string name + bool enable', () => {
    expect(Array.from(encodeDebugRequest({ name: 'poll', enable: true }))).toEqual([
      4, 0, 0, 0, 0x70, 0x6f, 0x6c, 0x6c, 1,
    ]);
  });

  it('round-trips and rejects truncated or padded payloads', () => {
    const bytes = encodeDebugRequest({ name: 'disableAll', enable: false });
    expect(decodeDebugRequest(bytes)).toEqual({ name: 'disableAll', enable: false });
    expect(() => decodeDebugRequest(bytes.subarray(0, bytes.length - 1))).toThrow(StreamError);
    expect(() => decodeDebugRequest(Uint8Array.of(...bytes, 7), 100)).toThrow(/at byte 115/);
  });
});
