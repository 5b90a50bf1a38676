import type { AnyType, ClassType, ValueOf } from '../types';
import type { Codec } from './Codec';
import { flatFloatCodec } from './codecs/flatFloats';
import { handWrittenStream } from './codecs/handWritten';
import { adaptedCodec, classCodec } from './codecs/classes';
import { arrayCodec, optionalCodec, vectorCodec } from './codecs/containers';
import { bytesCodec, enumCodec, scalarCodec, stringCodec } from './codecs/scalars';

// Descriptors are immutable program data, so a codec compiled for one stays valid for the process lifetime.
const cache = new WeakMap<AnyType, Codec>();

/**
 * The binary codec for a type descriptor, compiled on first use and cached. The kind of the descriptor is
 * examined only here; the returned closures never branch on it again.
 */
export function getCodec<T extends AnyType>(type: T): Codec<ValueOf<T>>;
export function getCodec(type: AnyType): Codec {
  let codec = cache.get(type);
  if (!codec) {
    codec = compile(type);
    cache.set(type, codec);
  }
  return codec;
}

function compile(type: AnyType): Codec {
  switch (type.kind) {
    case 'primitive':
      return type.primitive === 'string'
        ? (stringCodec(type.typeName) as Codec)
        : scalarCodec(type.typeName, type.primitive);
    case 'enum':
      return enumCodec(type.typeName) as Codec;
    case 'bytes':
      return bytesCodec(type.typeName) as Codec;
    case 'array':
      return arrayCodec(type.typeName, getCodec(type.element as AnyType), type.length) as Codec;
    case 'enumArray':
      return arrayCodec(type.typeName, getCodec(type.element as AnyType), type.index.names.length) as Codec;
    case 'vector':
      return vectorCodec(type.typeName, getCodec(type.element as AnyType)) as Codec;
    case 'optional':
      return optionalCodec(type.typeName, getCodec(type.element as AnyType));
    case 'class':
      return compileClass(type);
  }
}

function compileClass(type: ClassType): Codec {
  const handWritten = handWrittenStream(
    type.typeName,
    type.fieldNames.map((name) => ({ name, type: type.fields[name]!.type.typeName })),
  );
  if (handWritten) return handWritten;
  if (type.adapter?.flatFloats !== undefined) return flatFloatCodec(type.typeName, type.adapter.flatFloats) as Codec;
  const fields = type.fieldNames.map((name) => ({ name, codec: getCodec(type.fields[name]!.type as AnyType) }));
  const plain = classCodec(type.typeName, fields);
  return type.adapter ? (adaptedCodec(plain, type.adapter) as Codec) : (plain as Codec);
}
