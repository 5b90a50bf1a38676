import { getCodec } from '../binary/getCodec';
import { classCodec, type CodecField } from '../binary/codecs/classes';
import { arrayCodec, vectorCodec } from '../binary/codecs/containers';
import { fixedCodec } from '../binary/codecs/fixed';
import { handWrittenStream } from '../binary/codecs/handWritten';
import { bytesCodec } from '../binary/codecs/scalars';
import type { Codec } from '../binary/Codec';
import type { InBinary } from '../binary/InBinary';
import { StreamError } from '../binary/StreamError';
import { describeValue, ValueError } from '../binary/ValueError';
import { PRIMITIVE_TYPE_NAMES, t, type PrimitiveKind } from '../types';
import type { GenericEnum, GenericValue } from './GenericValue';
import { isGenericEnum } from './GenericValue';
import type { TypeInfo } from './TypeInfo';
import { NestingGuard, parseTypeName } from './typeName';
import { UnknownTypeError } from './UnknownTypeError';

/** Self-referencing types (a tree of nodes) may nest only this deep in data, so hostile input cannot overflow the stack. */
export const MAX_RECURSION_DEPTH = 64;

/** Primitive codecs by their TypeInfo name, shared with the typed codecs. */
const primitiveCodecs = new Map<string, Codec>(
  (Object.entries(PRIMITIVE_TYPE_NAMES) as [PrimitiveKind, string][]).map(([kind, name]) => [
    name,
    getCodec(t[kind]) as Codec,
  ]),
);
const BYTES_NAME = 'unsigned char*';
const genericBytes = bytesCodec(BYTES_NAME) as Codec;

// TypeInfos are immutable once received, so codecs compiled for one stay valid while it lives.
const codecCaches = new WeakMap<TypeInfo, Map<string, Codec>>();
const minSizeCaches = new WeakMap<TypeInfo, Map<string, number>>();

/**
 * The codec for values of `typeName` as `info` describes them, producing and accepting GenericValues.
 * Compiled on first use per (TypeInfo, name) and cached. Throws UnknownTypeError for names `info` does not
 * define, and Error for a class that contains itself by value (it would have no finite size).
 */
export function genericCodec(info: TypeInfo, typeName: string): Codec<GenericValue> {
  let cache = codecCaches.get(info);
  if (!cache) {
    cache = new Map();
    codecCaches.set(info, cache);
  }
  return new GenericCompiler(info, cache).get(typeName) as Codec<GenericValue>;
}

/** The smallest encoded size of `typeName` under `info` (bounds counts before allocating). */
export function genericMinSize(info: TypeInfo, typeName: string): number {
  let cache = minSizeCaches.get(info);
  if (!cache) {
    cache = new Map();
    minSizeCaches.set(info, cache);
  }
  return minSize({ info, cache, visiting: new Set(), guard: new NestingGuard() }, typeName);
}

/** One genericMinSize walk: the info, its sizes known so far, the classes being sized and the nesting bound. */
interface SizeWalk {
  info: TypeInfo;
  cache: Map<string, number>;
  visiting: Set<string>;
  guard: NestingGuard;
}

function minSize(w: SizeWalk, typeName: string): number {
  const known = w.cache.get(typeName);
  if (known !== undefined) return known;
  w.guard.enter(typeName);
  const size = uncachedMinSize(w, typeName);
  w.guard.leave();
  w.cache.set(typeName, size);
  return size;
}

function uncachedMinSize(w: SizeWalk, typeName: string): number {
  const { info, visiting } = w;
  const parsed = parseTypeName(typeName);
  let size: number;
  if (parsed.kind === 'dynamic') size = 4;
  else if (parsed.kind === 'fixed') size = parsed.length * minSize(w, parsed.element);
  else {
    const attributes = info.classes.get(typeName);
    if (attributes) {
      if (visiting.has(typeName)) throw new Error(`class '${typeName}' contains itself by value`);
      visiting.add(typeName);
      size = 0;
      for (const a of attributes) {
        try {
          size += minSize(w, a.type);
        } catch (e) {
          throw e instanceof UnknownTypeError ? e.usedBy(`${typeName}.${a.name}`) : e;
        }
      }
      visiting.delete(typeName);
    } else if (info.enums.has(typeName)) size = 1;
    else {
      const primitive = primitiveCodecs.get(typeName);
      if (!primitive) throw new UnknownTypeError(typeName);
      size = primitive.minSize;
    }
  }
  return size;
}

class GenericCompiler {
  private readonly inProgress = new Set<string>();
  private readonly guard = new NestingGuard();

  constructor(
    private readonly info: TypeInfo,
    private readonly cache: Map<string, Codec>,
  ) {}

  get(typeName: string): Codec {
    const cached = this.cache.get(typeName);
    if (cached) return cached;
    // Reached again while compiling itself: only possible through `T*` (minSize rejects the rest), so the
    // element is resolved lazily once compilation has finished.
    if (this.inProgress.has(typeName))
      return recursiveCodec(typeName, genericMinSize(this.info, typeName), () => this.cache.get(typeName)!);
    this.inProgress.add(typeName);
    this.guard.enter(typeName);
    try {
      const codec = this.compile(typeName);
      this.cache.set(typeName, codec);
      return codec;
    } finally {
      this.guard.leave();
      this.inProgress.delete(typeName);
    }
  }

  private compile(typeName: string): Codec {
    const parsed = parseTypeName(typeName);
    switch (parsed.kind) {
      case 'dynamic':
        return parsed.element === 'unsigned char'
          ? genericBytes
          : (vectorCodec(typeName, this.get(parsed.element)) as Codec);
      case 'fixed':
        return arrayCodec(typeName, this.get(parsed.element), parsed.length) as Codec;
      case 'named':
        break;
    }
    const attributes = this.info.classes.get(typeName);
    // B-Human's hand-written stream operators put data after the attributes the TypeInfo lists.
    const handWritten = attributes && handWrittenStream(typeName, attributes);
    if (handWritten) return handWritten;
    if (attributes) {
      genericMinSize(this.info, typeName); // throws for a class containing itself by value
      const fields: CodecField[] = attributes.map((a) => {
        // An attribute named like this would replace the object's prototype instead of becoming a field.
        if (a.name === '__proto__') throw new Error(`class '${typeName}' has an attribute named '__proto__'`);
        try {
          return { name: a.name, codec: this.get(a.type) };
        } catch (e) {
          throw e instanceof UnknownTypeError ? e.usedBy(`${typeName}.${a.name}`) : e;
        }
      });
      return classCodec(typeName, fields) as Codec;
    }
    const constants = this.info.enums.get(typeName);
    if (constants) return genericEnumCodec(typeName, constants) as Codec;
    const primitive = primitiveCodecs.get(typeName);
    if (primitive) return primitive;
    throw new UnknownTypeError(typeName);
  }
}

/** An ENUM (one byte) decoded to a GenericEnum; writing accepts a GenericEnum, a constant name or a number. */
export function genericEnumCodec(typeName: string, constants: readonly string[]): Codec<GenericEnum> {
  const byName = new Map(constants.map((c, i) => [c, i] as const));
  const valueOf = (v: unknown): number => {
    if (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < 256) return v;
    const name = typeof v === 'string' ? v : isGenericEnum(v) ? v.name : undefined;
    if (name !== undefined && byName.has(name)) return byName.get(name)!;
    if (isGenericEnum(v) && name === undefined) return valueOf(v.value);
    throw new ValueError(
      `expected a constant of ${typeName} (${constants.join(', ')}), got ${isGenericEnum(v) ? `'${name}'` : describeValue(v)}`,
    );
  };
  return fixedCodec<GenericEnum>(
    typeName,
    1,
    (_view, bytes, offset) => ({ enum: typeName, value: bytes[offset]!, name: constants[bytes[offset]!] }),
    (_view, bytes, offset, v) => {
      bytes[offset] = valueOf(v);
    },
  );
}

/** Delegates to a codec compiled later, counting nesting depth so that self-similar input cannot recurse forever. */
function recursiveCodec(typeName: string, minSize: number, resolve: () => Codec): Codec {
  let depth = 0;
  const enter = (inp: InBinary): void => {
    if (++depth > MAX_RECURSION_DEPTH) {
      depth--;
      throw new StreamError(
        `${typeName} nested deeper than ${MAX_RECURSION_DEPTH} levels`,
        inp.baseOffset + inp.offset,
      );
    }
  };
  return {
    typeName,
    fixedSize: -1,
    minSize,
    read(inp) {
      enter(inp);
      try {
        return resolve().read(inp);
      } finally {
        depth--;
      }
    },
    readInto(inp, target) {
      enter(inp);
      try {
        return resolve().readInto(inp, target);
      } finally {
        depth--;
      }
    },
    skip(inp) {
      enter(inp);
      try {
        resolve().skip(inp);
      } finally {
        depth--;
      }
    },
    write: (out, v) => resolve().write(out, v),
    sizeOf: (v) => resolve().sizeOf(v),
  };
}
