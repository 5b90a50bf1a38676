import { getCodec } from '../binary/getCodec';
import { InBinary } from '../binary/InBinary';
import { StreamError } from '../binary/StreamError';
import {
  t,
  type AnyType,
  type ArrayType,
  type ClassType,
  type EnumArrayType,
  type EnumType,
  type PrimitiveType,
  type ValueOf,
} from '../types';
import { isCompatible } from './compatible';
import { genericCodec, genericMinSize } from './genericCodec';
import { typeInfoFromTypes } from './fromTypes';
import type { TypeInfo } from './TypeInfo';
import { parseTypeName } from './typeName';
import { UnknownTypeError } from './UnknownTypeError';
import { MAX_ZERO_SIZE_ELEMENTS } from '../binary/codecs/containers';
import { numericRange, primitiveKindOf } from './primitiveConversion';

/** A value converted from data recorded under an older TypeInfo, with what could not be carried over. */
export interface ConversionResult<V> {
  value: V;
  /** One line per problem, each starting with the field path (`BallModel.estimate.velocity: …`). */
  warnings: string[];
}

/** Converts recorded values of one type under one old TypeInfo; compiled once, used per frame in replay. */
export interface Converter<V> {
  /** True when the recorded type reads as the current one directly (no conversion, no warnings). */
  readonly identical: boolean;
  /** Warnings that follow from the two type specifications alone (dropped and added fields, type changes). */
  readonly structuralWarnings: readonly string[];
  /**
   * Converts one recorded value spanning `bytes` exactly; StreamError on malformed input. With `borrowBytes`, byte
   * runs in the value are views into `bytes` (see InBinary.borrowBytes).
   */
  convert(bytes: Uint8Array, options?: { borrowBytes?: boolean }): ConversionResult<V>;
  /** Reads one recorded value from a stream, appending its warnings (structural ones included) to `warnings`. */
  read(inp: InBinary, warnings: string[]): V;
}

/** Reads a recorded value and returns its converted form; `target` is the current slot's default value. */
type Reader = (inp: InBinary, target: unknown, warnings: string[]) => unknown;

// Converters per old TypeInfo, recorded type name and current descriptor: replay converts every frame.
const converters = new WeakMap<TypeInfo, Map<string, WeakMap<AnyType, Converter<unknown>>>>();
const currentInfos = new WeakMap<AnyType, TypeInfo>();

function currentInfoOf(type: AnyType): TypeInfo {
  let info = currentInfos.get(type);
  if (!info) {
    info = typeInfoFromTypes([type]);
    currentInfos.set(type, info);
  }
  return info;
}

/**
 * A converter from `typeName` as recorded under `oldInfo` to `currentType` (formats §3.5): classes are matched
 * field by field by name (added, removed and reordered fields), enum constants by name, numbers between
 * numeric types when they fit; everything else keeps the current type's default and is reported. Subtrees
 * whose recorded type reads as the current one are decoded directly. Cached per (oldInfo, typeName, type).
 * Throws UnknownTypeError when `oldInfo` does not define a type it refers to.
 */
export function makeConverter<T extends AnyType>(
  oldInfo: TypeInfo,
  typeName: string,
  currentType: T,
): Converter<ValueOf<T>> {
  let byName = converters.get(oldInfo);
  if (!byName) {
    byName = new Map();
    converters.set(oldInfo, byName);
  }
  let byType = byName.get(typeName);
  if (!byType) {
    byType = new WeakMap();
    byName.set(typeName, byType);
  }
  let converter = byType.get(currentType);
  if (!converter) {
    converter = buildConverter(oldInfo, typeName, currentType);
    byType.set(currentType, converter);
  }
  return converter as Converter<ValueOf<T>>;
}

/** Converts one value recorded as `typeName` under `oldInfo` to `currentType` (see makeConverter). */
export function convertValue<T extends AnyType>(
  oldInfo: TypeInfo,
  typeName: string,
  bytes: Uint8Array,
  currentType: T,
): ConversionResult<ValueOf<T>> {
  return makeConverter(oldInfo, typeName, currentType).convert(bytes);
}

function buildConverter(oldInfo: TypeInfo, typeName: string, type: AnyType): Converter<unknown> {
  const codec = getCodec(type);
  const finish = (inp: InBinary): void => {
    if (!inp.atEnd)
      throw new StreamError(`${inp.remaining} bytes left over after ${typeName}`, inp.baseOffset + inp.offset);
  };
  if (isCompatible(oldInfo, typeName, currentInfoOf(type), type.typeName)) {
    return {
      identical: true,
      structuralWarnings: [],
      convert(bytes, options) {
        const inp = new InBinary(bytes);
        inp.borrowBytes = options?.borrowBytes ?? false;
        const value = codec.read(inp);
        finish(inp);
        return { value, warnings: [] };
      },
      read: (inp) => codec.read(inp),
    };
  }
  const structuralWarnings: string[] = [];
  const reader = new ConverterCompiler(oldInfo, type, structuralWarnings).reader(typeName, type, typeName);
  const read = (inp: InBinary, warnings: string[]): unknown => reader(inp, type.defaultValue(), warnings);
  return {
    identical: false,
    structuralWarnings,
    convert(bytes, options) {
      const inp = new InBinary(bytes);
      inp.borrowBytes = options?.borrowBytes ?? false;
      const warnings = [...structuralWarnings];
      const value = read(inp, warnings);
      finish(inp);
      return { value, warnings };
    },
    read(inp, warnings) {
      warnings.push(...structuralWarnings);
      return read(inp, warnings);
    },
  };
}

type Obj = Record<string, unknown>;

function isObject(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !ArrayBuffer.isView(v);
}

/** Builds Readers for pairs of (recorded type name, current descriptor). */
class ConverterCompiler {
  private readonly currentInfo: TypeInfo;

  constructor(
    private readonly oldInfo: TypeInfo,
    root: AnyType,
    private readonly structural: string[],
  ) {
    this.currentInfo = currentInfoOf(root);
  }

  /**
   * A Reader for one path. Not shared between paths because warnings name the path; compilation still ends
   * because every step descends into the (finite, acyclic) current descriptor.
   */
  reader(oldName: string, type: AnyType, path: string): Reader {
    return this.compile(oldName, type, path);
  }

  private compile(oldName: string, type: AnyType, path: string): Reader {
    if (isCompatible(this.oldInfo, oldName, this.currentInfo, type.typeName)) {
      const codec = getCodec(type);
      return (inp) => codec.read(inp);
    }
    const parsed = parseTypeName(oldName);
    if (parsed.kind !== 'named') return this.sequence(oldName, parsed, type, path);
    if (this.oldInfo.classes.has(oldName) && type.kind === 'class') return this.classReader(oldName, type, path);
    if (this.oldInfo.classes.has(oldName) && (type.kind === 'enumArray' || type.kind === 'array'))
      return this.indexedReader(oldName, type, path);
    const constants = this.oldInfo.enums.get(oldName);
    if (constants && type.kind === 'enum') return enumReader(oldName, constants, type, path);
    if (!this.oldInfo.classes.has(oldName) && !constants && type.kind === 'primitive') {
      const reader = primitiveReader(oldName, type, path);
      if (reader) return reader;
    }
    return this.incompatible(oldName, type, path);
  }

  /** Recorded data that cannot become the current type: skipped, the current default stays. */
  private incompatible(oldName: string, type: AnyType, path: string): Reader {
    const old = genericCodec(this.oldInfo, oldName); // throws UnknownTypeError for undefined names
    this.structural.push(
      `${path}: recorded as '${oldName}', which cannot be converted to '${type.typeName}'; keeps its default`,
    );
    return (inp, target) => {
      old.skip(inp);
      return target === undefined ? type.defaultValue() : target;
    };
  }

  private classReader(oldName: string, type: ClassType, path: string): Reader {
    const attributes = this.oldInfo.classes.get(oldName)!;
    const recorded = new Set(attributes.map((a) => a.name));
    const steps: ((inp: InBinary, obj: Obj, warnings: string[]) => void)[] = [];
    for (const a of attributes) {
      const f = type.fields[a.name];
      if (f && Object.prototype.hasOwnProperty.call(type.fields, a.name)) {
        const sub = this.reader(a.type, f.type as AnyType, `${path}.${a.name}`);
        const name = a.name;
        steps.push((inp, obj, warnings) => {
          obj[name] = sub(inp, obj[name], warnings);
        });
      } else {
        const old = genericCodec(this.oldInfo, a.type);
        this.structural.push(`${path}.${a.name}: not in the current type '${type.typeName}'; dropped`);
        steps.push((inp) => old.skip(inp));
      }
    }
    for (const name of type.fieldNames) {
      if (!recorded.has(name)) this.structural.push(`${path}.${name}: not in the recorded data; keeps its default`);
    }
    const adapter = type.adapter;
    const fieldsDefault = (): Obj => (adapter ? adapter.toFields(type.defaultValue()) : (type.defaultValue() as Obj));
    const empty = genericMinSize(this.oldInfo, oldName) === 0;
    const readFields = (inp: InBinary, target: unknown, warnings: string[]): Obj => {
      if (empty) inp.chargeEmpty(1, oldName);
      const obj = isObject(target) ? target : fieldsDefault();
      for (const step of steps) step(inp, obj, warnings);
      return obj;
    };
    if (!adapter) return readFields;
    // Adapted values (matrices) are converted in their wire form, then rebuilt.
    return (inp, target, warnings) => {
      let fields: Obj;
      try {
        fields = target === undefined ? fieldsDefault() : adapter.toFields(target);
      } catch {
        fields = fieldsDefault();
      }
      return adapter.fromFields(readFields(inp, fields, warnings));
    };
  }

  /**
   * A recorded class into an array: B-Human's form of an enum-indexed array (one attribute per constant). Into
   * an enum-indexed array attributes go by constant name, into a plain `T[n]` by position.
   */
  private indexedReader(oldName: string, type: EnumArrayType | ArrayType, path: string): Reader {
    const attributes = this.oldInfo.classes.get(oldName)!;
    const length = type.kind === 'array' ? type.length : type.index.names.length;
    const steps: ((inp: InBinary, out: unknown[], warnings: string[]) => void)[] = [];
    attributes.forEach((a, position) => {
      const index = type.kind === 'enumArray' ? type.index.valueOf(a.name) : position < length ? position : undefined;
      if (index === undefined) {
        const old = genericCodec(this.oldInfo, a.type);
        this.structural.push(`${path}.${a.name}: not an element of the current type '${type.typeName}'; dropped`);
        steps.push((inp) => old.skip(inp));
        return;
      }
      const sub = this.reader(a.type, type.element as AnyType, `${path}.${a.name}`);
      steps.push((inp, out, warnings) => {
        out[index] = sub(inp, out[index], warnings);
      });
    });
    if (type.kind === 'enumArray') {
      const recorded = new Set(attributes.map((a) => a.name));
      for (const name of type.index.names)
        if (!recorded.has(name)) this.structural.push(`${path}.${name}: not in the recorded data; keeps its default`);
    } else if (attributes.length < length) {
      this.structural.push(
        `${path}: recorded ${attributes.length} elements, the current type has ${length}; missing ones keep their defaults`,
      );
    }
    return (inp, target, warnings) => {
      const out = Array.isArray(target) && target.length === length ? target : (type.defaultValue() as unknown[]);
      for (const step of steps) step(inp, out, warnings);
      return out;
    };
  }

  /** Recorded `T[n]` or `T*` into the current array, vector, enum-indexed array, optional or bytes. */
  private sequence(
    oldName: string,
    parsed: { kind: 'fixed'; element: string; length: number } | { kind: 'dynamic'; element: string },
    type: AnyType,
    path: string,
  ): Reader {
    const oldElement = parsed.element;
    const elementMin = genericMinSize(this.oldInfo, oldElement);
    const count =
      parsed.kind === 'fixed'
        ? (inp: InBinary) => {
            inp.need(parsed.length * elementMin, oldName);
            if (elementMin === 0) inp.chargeEmpty(parsed.length, oldName);
            return parsed.length;
          }
        : (inp: InBinary) => {
            const at = inp.offset;
            const n = inp.count(elementMin, oldName);
            if (elementMin === 0 && n > MAX_ZERO_SIZE_ELEMENTS)
              throw new StreamError(`${oldName} count ${n} of empty elements is too large`, inp.baseOffset + at);
            if (elementMin === 0) inp.chargeEmpty(n, oldName);
            return n;
          };
    const elementPath = `${path}[]`;
    switch (type.kind) {
      case 'vector': {
        const sub = this.reader(oldElement, type.element as AnyType, elementPath);
        return (inp, _target, warnings) => {
          const n = count(inp);
          const out: unknown[] = [];
          for (let i = 0; i < n; i++) out.push(sub(inp, undefined, warnings));
          return out;
        };
      }
      case 'array':
      case 'enumArray': {
        const length = type.kind === 'array' ? type.length : type.index.names.length;
        const sub = this.reader(oldElement, type.element as AnyType, elementPath);
        if (parsed.kind === 'fixed' && parsed.length !== length) {
          this.structural.push(
            `${path}: recorded ${parsed.length} elements, the current type has ${length}; ${parsed.length > length ? 'extra ones dropped' : 'missing ones keep their defaults'}`,
          );
        }
        return (inp, target, warnings) => {
          const out = Array.isArray(target) && target.length === length ? target : (type.defaultValue() as unknown[]);
          const n = count(inp);
          if (parsed.kind === 'dynamic' && n !== length) {
            warnings.push(
              `${path}: recorded ${n} elements, the current type has ${length}; ${n > length ? 'extra ones dropped' : 'missing ones keep their defaults'}`,
            );
          }
          for (let i = 0; i < n; i++) {
            const v = sub(inp, out[i], warnings);
            if (i < length) out[i] = v;
          }
          return out;
        };
      }
      case 'optional': {
        const sub = this.reader(oldElement, type.element as AnyType, path);
        return (inp, target, warnings) => {
          const n = count(inp);
          let value: unknown = undefined;
          for (let i = 0; i < n; i++) {
            const v = sub(inp, target, warnings);
            if (i === 0) value = v;
          }
          if (n > 1) warnings.push(`${path}: recorded ${n} elements for an optional value; kept the first`);
          return value;
        };
      }
      case 'bytes': {
        const kind = primitiveKindOf(oldElement);
        if (kind !== 'uint8' && kind !== 'int8' && kind !== 'char') break;
        const old = genericCodec(this.oldInfo, oldName);
        return (inp) => {
          const v = old.read(inp) as number[] | Uint8Array;
          return v instanceof Uint8Array ? v : Uint8Array.from(v);
        };
      }
      default:
        break;
    }
    return this.incompatible(oldName, type, path);
  }
}

/** Recorded enum values mapped to the current enum by constant name. */
function enumReader(oldName: string, constants: readonly string[], type: EnumType, path: string): Reader {
  const map = constants.map((c) => type.valueOf(c) ?? -1);
  return (inp, target, warnings) => {
    const raw = inp.uint8();
    const mapped = raw < map.length ? map[raw]! : -1;
    if (mapped >= 0) return mapped;
    const what =
      raw < constants.length
        ? `constant '${constants[raw]}' of ${oldName} does not exist in ${type.typeName}`
        : `value ${raw} is no constant of ${oldName}`;
    warnings.push(`${path}: ${what}; keeps its default`);
    return typeof target === 'number' ? target : type.defaultValue();
  };
}

/** Recorded primitive to current primitive: equal kinds, or numbers that fit the current numeric type. */
function primitiveReader(oldName: string, type: PrimitiveType, path: string): Reader | undefined {
  const oldKind = primitiveKindOf(oldName);
  if (oldKind === undefined) throw new UnknownTypeError(oldName);
  const old = getCodec(t[oldKind] as AnyType);
  const newKind = type.primitive;
  if (oldKind === newKind) return (inp) => old.read(inp);
  const oldRange = numericRange(oldKind);
  const range = numericRange(newKind);
  if (!oldRange || !range) return undefined;
  return (inp, target, warnings) => {
    const raw = old.read(inp) as number;
    const v = range.integer ? Math.trunc(raw) : raw;
    if (Number.isNaN(v) ? range.integer : v < range.min || v > range.max) {
      warnings.push(`${path}: recorded value ${raw} does not fit '${type.typeName}'; keeps its default`);
      return typeof target === 'number' ? target : type.defaultValue();
    }
    return v;
  };
}
