import { fixedCodec, type FixedCodecWithScalar } from './fixed';
import { describeValue, ValueError } from '../ValueError';

/**
 * A value that is `n` floats on the wire and a flat number array in JS (matrices stored column-major, see
 * ClassAdapter.flatFloats): streamed element by element, with no intermediate field record.
 */
export function flatFloatCodec(typeName: string, n: number): FixedCodecWithScalar<number[]> {
  return fixedCodec<number[]>(
    typeName,
    n * 4,
    (view, _bytes, offset) => {
      const v = new Array<number>(n);
      for (let i = 0; i < n; i++) v[i] = view.getFloat32(offset + i * 4, true);
      return v;
    },
    (view, _bytes, offset, v) => {
      if (!Array.isArray(v) || v.length !== n) throw new ValueError(`expected ${n} numbers, got ${describeValue(v)}`);
      for (let i = 0; i < n; i++) view.setFloat32(offset + i * 4, v[i] as number, true);
    },
    undefined,
    undefined,
    (view, _bytes, offset, target) => {
      const array = Array.isArray(target) ? target : new Array<number>(n);
      if (array.length !== n) array.length = n;
      for (let i = 0; i < n; i++) array[i] = view.getFloat32(offset + i * 4, true);
      return array;
    },
  );
}
