/**
 * @file JSON with byte arrays, as one binary buffer: a 4-byte little-endian length, the value as JSON in which
 * every Uint8Array is `{"$bytes":[offset,length]}`, then the bytes. The IDE's bridge sends camera images this way
 * (both of its ends use this file), so they are never base64 text inside JSON.
 */

/** Bytes before the JSON part (its length). */
const LENGTH_BYTES = 4;

/** Encodes `value` with its Uint8Arrays as bytes after the JSON. */
export function encodeJsonWithBytes(value: unknown): Uint8Array {
  const blobs: Uint8Array[] = [];
  let size = 0;
  const json = JSON.stringify(value, (_key, v: unknown) => {
    if (!(v instanceof Uint8Array)) return v;
    blobs.push(v);
    size += v.length;
    return { $bytes: [size - v.length, v.length] };
  });
  const head = new TextEncoder().encode(json);
  const out = new Uint8Array(LENGTH_BYTES + head.length + size);
  new DataView(out.buffer).setUint32(0, head.length, true);
  out.set(head, LENGTH_BYTES);
  let at = LENGTH_BYTES + head.length;
  for (const blob of blobs) {
    out.set(blob, at);
    at += blob.length;
  }
  return out;
}

/** Decodes what encodeJsonWithBytes made; throws for malformed input. Each byte array is a copy of its own. */
export function decodeJsonWithBytes(bytes: Uint8Array): unknown {
  if (bytes.length < LENGTH_BYTES) throw new Error('JSON with bytes: too short');
  const headLength = new DataView(bytes.buffer, bytes.byteOffset, bytes.length).getUint32(0, true);
  const blobStart = LENGTH_BYTES + headLength;
  if (blobStart > bytes.length) throw new Error('JSON with bytes: cut off');
  const json = new TextDecoder().decode(bytes.subarray(LENGTH_BYTES, blobStart));
  return JSON.parse(json, (_key, value: unknown) => {
    const ref = (value as { $bytes?: unknown } | null)?.$bytes;
    if (!Array.isArray(ref) || ref.length !== 2) return value;
    const [offset, length] = ref as [unknown, unknown];
    if (
      !Number.isSafeInteger(offset) ||
      !Number.isSafeInteger(length) ||
      (offset as number) < 0 ||
      (length as number) < 0
    )
      throw new Error('JSON with bytes: bad reference');
    const start = blobStart + (offset as number);
    if (start + (length as number) > bytes.length) throw new Error('JSON with bytes: refers to bytes it does not have');
    return bytes.slice(start, start + (length as number));
  });
}
