import { describe, expect, it } from 'vitest';
import { decodeJsonWithBytes, encodeJsonWithBytes } from './jsonWithBytes';

describe('JSON with bytes', () => {
  it('carries byte arrays as bytes after the JSON, at any depth, and gives each back as its own copy', () => {
    const pixels = new Uint8Array(64 * 1024).map((_, i) => i & 0xff);
    const view = new Uint8Array([9, 8, 7, 6]).subarray(1, 3);
    const value = {
      kind: 'response',
      id: 4,
      payload: { data: pixels, nested: [{ small: view }], text: 'ok', empty: new Uint8Array(0) },
    };
    const encoded = encodeJsonWithBytes(value);
    // The JSON part is small: the pixels are not in it as text.
    expect(encoded.length).toBeLessThan(pixels.length + 200);
    const decoded = decodeJsonWithBytes(encoded) as typeof value;
    expect(decoded).toEqual({
      kind: 'response',
      id: 4,
      payload: { data: pixels, nested: [{ small: new Uint8Array([8, 7]) }], text: 'ok', empty: new Uint8Array(0) },
    });
    expect(decoded.payload.data.byteOffset).toBe(0);
    expect(decoded.payload.data.buffer.byteLength).toBe(pixels.length);
  });

  it('rejects cut-off and lying input with an error, never more', () => {
    const encoded = encodeJsonWithBytes({ data: new Uint8Array([1, 2, 3]) });
    expect(() => decodeJsonWithBytes(encoded.subarray(0, 2))).toThrow(/too short/);
    expect(() => decodeJsonWithBytes(encoded.subarray(0, 10))).toThrow(/cut off/);
    expect(() => decodeJsonWithBytes(encoded.subarray(0, encoded.length - 1))).toThrow(/does not have/);
    const lying = encodeJsonWithBytes({ data: { $bytes: [-1, 2] } });
    expect(() => decodeJsonWithBytes(lying)).toThrow(/bad reference/);
    const garbage = new Uint8Array([5, 0, 0, 0, 123, 123, 123, 1, 1]);
    expect(() => decodeJsonWithBytes(garbage)).toThrow();
  });
});
