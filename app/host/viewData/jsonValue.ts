/**
 * @file Decoded robot objects made safe for the bridge: JSON cannot carry typed arrays or non-finite numbers, so
 * byte blobs become their length and NaN/Infinity become strings the views can show as they are.
 */

/** A JSON-compatible copy of a decoded value. */
export function toJsonValue(value: unknown): unknown {
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (value instanceof Uint8Array) return { bytes: value.length };
  if (Array.isArray(value)) return value.map(toJsonValue);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = toJsonValue(v);
    return out;
  }
  return value;
}
