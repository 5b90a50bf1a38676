import type { InBinary } from '../binary/InBinary';
import type { OutBinary } from '../binary/OutBinary';
import { ValueError } from '../binary/ValueError';
import type { GenericValue } from './GenericValue';
import { genericCodec } from './genericCodec';
import type { TypeInfo } from './TypeInfo';

/**
 * Reads one value of `typeName` as `info` describes it (for representations the IDE has no declaration of).
 * Throws UnknownTypeError if `info` does not define the type, StreamError on malformed input.
 */
export function decodeWithTypeInfo(info: TypeInfo, typeName: string, inp: InBinary): GenericValue {
  return genericCodec(info, typeName).read(inp);
}

/**
 * Writes `value` as `typeName` of `info` (the IDE's `set`). Enums accept a GenericEnum, a constant name or a
 * number. Throws ValueError naming the attribute path of a value that does not fit.
 */
export function encodeWithTypeInfo(info: TypeInfo, typeName: string, value: GenericValue, out: OutBinary): void {
  const codec = genericCodec(info, typeName);
  const start = out.length;
  try {
    codec.write(out, value);
  } catch (e) {
    out.length = start; // drop the partial value so that the stream stays well-formed
    throw e instanceof ValueError ? e.within(typeName) : e;
  }
}
