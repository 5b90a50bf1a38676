/** Deep copy of plain streamable data (objects, arrays, typed arrays, primitives). */
export function deepClone<V>(value: V): V {
  if (value === null || typeof value !== 'object') return value;
  if (ArrayBuffer.isView(value)) return (value as unknown as Uint8Array).slice() as V;
  if (Array.isArray(value)) return value.map(deepClone) as V;
  const out: Record<string, unknown> = {};
  for (const k in value) out[k] = deepClone((value as Record<string, unknown>)[k]);
  return out as V;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !ArrayBuffer.isView(v);

/**
 * deepClone into the structure of `target`, returned as the result: arrays and records already there are
 * overwritten element by element, anything else is built new, typed arrays (pixels) are always copied fresh so
 * that whoever holds the previous bytes keeps them. Nothing of `source` is shared with the result. For data
 * copied every frame (injected sensor data, teammates): reusing the previous frame's objects makes the copy cost
 * no garbage, at the price that nested objects of the previous value change (as the exchange between threads
 * changes them). Plain loops, no key arrays or callbacks: this runs tens of thousands of times per simulated
 * second.
 */
export function copyInPlace(target: unknown, source: unknown): unknown {
  if (source === null || typeof source !== 'object') return source;
  if (Array.isArray(source)) {
    const out: unknown[] = Array.isArray(target) ? target : new Array<unknown>(source.length);
    if (out.length !== source.length) out.length = source.length;
    for (let i = 0; i < source.length; i++) {
      // Numbers (joint angles, pressures) are most elements: copied without a call.
      const element: unknown = source[i];
      out[i] = element === null || typeof element !== 'object' ? element : copyInPlace(out[i], element);
    }
    return out;
  }
  if (ArrayBuffer.isView(source)) return (source as Uint8Array).slice();
  const out = isRecord(target) ? target : {};
  // Plain records: their enumerable keys are their own.
  for (const key in source) {
    const field = (source as Record<string, unknown>)[key];
    out[key] = field === null || typeof field !== 'object' ? field : copyInPlace(out[key], field);
  }
  return out;
}
