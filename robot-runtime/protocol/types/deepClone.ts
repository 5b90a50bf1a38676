/** Deep copy of plain streamable data (objects, arrays, typed arrays, primitives). */
export function deepClone<V>(value: V): V {
  if (value === null || typeof value !== 'object') return value;
  if (ArrayBuffer.isView(value)) return (value as unknown as Uint8Array).slice() as V;
  if (Array.isArray(value)) return value.map(deepClone) as V;
  const out: Record<string, unknown> = {};
  for (const k in value) out[k] = deepClone((value as Record<string, unknown>)[k]);
  return out as V;
}
