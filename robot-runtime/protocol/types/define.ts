import { deepClone } from './deepClone';
import {
  PRIMITIVE_TYPE_NAMES,
  type AnyType,
  type ValueOf,
  type ArrayType,
  type BytesType,
  type ClassAdapter,
  type ClassType,
  type EnumArrayType,
  type EnumType,
  type Field,
  type FieldMap,
  type OptionalType,
  type PrimitiveKind,
  type PrimitiveType,
  type TypeRef,
  type ValuesOf,
  type VectorType,
} from './TypeRef';
import { defaultTypeRegistry } from './TypeRegistry';

function primitive<V>(kind: PrimitiveKind, zero: V): PrimitiveType<V> & TypeRef<V> {
  return {
    kind: 'primitive',
    primitive: kind,
    typeName: PRIMITIVE_TYPE_NAMES[kind],
    defaultValue: () => zero,
  } as PrimitiveType<V> & TypeRef<V>;
}

/** Type constructors for field declarations. */
export const t = {
  bool: primitive<boolean>('bool', false),
  /** A plain `char`: a signed byte in B-Human's encoding. */
  char: primitive<number>('char', 0),
  int8: primitive<number>('int8', 0),
  uint8: primitive<number>('uint8', 0),
  int16: primitive<number>('int16', 0),
  uint16: primitive<number>('uint16', 0),
  int32: primitive<number>('int32', 0),
  uint32: primitive<number>('uint32', 0),
  float: primitive<number>('float', 0),
  double: primitive<number>('double', 0),
  string: primitive<string>('string', ''),
  /** Radians in JS and on the wire; degrees in config maps. */
  angle: primitive<number>('angle', 0),

  /** A fixed-size array (C array, std::array): no count on the wire. */
  array<T extends AnyType>(element: T, length: number): ArrayType<ValueOf<T>> & TypeRef<ValueOf<T>[]> {
    return {
      kind: 'array',
      element,
      length,
      typeName: `${element.typeName}[${length}]`,
      defaultValue: () => Array.from({ length }, () => element.defaultValue()),
    } as unknown as ArrayType<ValueOf<T>> & TypeRef<ValueOf<T>[]>;
  },

  /** A dynamic array (std::vector, std::list): uint32 count on the wire. */
  vector<T extends AnyType>(element: T): VectorType<ValueOf<T>> & TypeRef<ValueOf<T>[]> {
    return {
      kind: 'vector',
      element,
      typeName: `${element.typeName}*`,
      defaultValue: () => [],
    } as unknown as VectorType<ValueOf<T>> & TypeRef<ValueOf<T>[]>;
  },

  /** A dynamic array of bytes kept as a Uint8Array (pixel data, blobs). */
  bytes(): BytesType & TypeRef<Uint8Array> {
    return { kind: 'bytes', typeName: 'unsigned char*', defaultValue: () => new Uint8Array(0) } as BytesType &
      TypeRef<Uint8Array>;
  },

  /** std::optional: uint32 0|1 then the value on the wire; `T*` in TypeInfo; `[]` or `[v]` in config maps. */
  optional<T extends AnyType>(element: T): OptionalType<ValueOf<T>> & TypeRef<ValueOf<T> | undefined> {
    return {
      kind: 'optional',
      element,
      typeName: `${element.typeName}*`,
      defaultValue: () => undefined,
    } as unknown as OptionalType<ValueOf<T>> & TypeRef<ValueOf<T> | undefined>;
  },

  /**
   * ENUM_INDEXED_ARRAY: one element per constant of `index`. Streamed like `T[n]`, but named and described
   * in TypeInfo as B-Human does: a class `EnumIndexedArray<T,E,E_Info>` with one attribute per constant.
   */
  enumArray<T extends AnyType>(index: EnumType, element: T): EnumArrayType<ValueOf<T>> & TypeRef<ValueOf<T>[]> {
    const length = index.names.length;
    return {
      kind: 'enumArray',
      element,
      index,
      typeName: enumIndexedArrayName(element.typeName, index.typeName),
      defaultValue: () => Array.from({ length }, () => element.defaultValue()),
    } as unknown as EnumArrayType<ValueOf<T>> & TypeRef<ValueOf<T>[]>;
  },
};

/** B-Human's TypeInfo name of an ENUM_INDEXED_ARRAY of `element` indexed by enum `index`. */
export function enumIndexedArrayName(element: string, index: string): string {
  return `EnumIndexedArray<${element},${index},${index}_Info>`;
}

/** Declares a field: its type, what it means, and optionally a default other than the type's default. */
export function field<T extends AnyType>(
  type: T,
  doc: string,
  defaultValue?: ValueOf<T> | (() => ValueOf<T>),
): Field<ValueOf<T>> {
  type V = ValueOf<T>;
  let make: () => V;
  if (defaultValue === undefined) make = () => type.defaultValue() as V;
  else if (typeof defaultValue === 'function') make = defaultValue as () => V;
  else if (typeof defaultValue === 'object' && defaultValue !== null) make = () => deepClone(defaultValue) as V;
  else make = () => defaultValue as V;
  return { type: type as unknown as TypeRef<V>, doc, defaultValue: make };
}

export type EnumDescriptor<Names extends readonly string[]> = EnumType<Names> & {
  readonly [K in Names[number]]: number;
} & TypeRef<number>;

/** Declares an enum (B-Human ENUM: one byte on the wire, constant names in config maps and TypeInfo). */
export function defineEnum<const Names extends readonly string[]>(
  typeName: string,
  names: Names,
): EnumDescriptor<Names> {
  const index = new Map(names.map((n, i) => [n, i] as const));
  const descriptor: Record<string, unknown> = {
    kind: 'enum',
    typeName,
    names,
    valueOf: (name: string) => index.get(name),
    defaultValue: () => 0,
  };
  names.forEach((n, i) => {
    if (n in descriptor) throw new Error(`enum ${typeName}: constant '${n}' clashes with a descriptor member`);
    descriptor[n] = i;
  });
  const result = Object.freeze(descriptor) as unknown as EnumDescriptor<Names>;
  defaultTypeRegistry.add(result);
  return result;
}

export interface ClassOptions<V> {
  /** What the type is for. */
  doc?: string;
  /** See ClassAdapter. */
  adapter?: ClassAdapter<V>;
}

/** Declares a streamable class (B-Human STREAMABLE): fields in streaming order, each with a default and a doc. */
export function defineClass<const N extends string, F extends FieldMap>(
  typeName: N,
  fields: F,
  options: ClassOptions<ValuesOf<F>> = {},
): ClassType<ValuesOf<F>, N> & TypeRef<ValuesOf<F>> {
  const fieldNames = Object.keys(fields);
  // Parallel arrays and an indexed loop: modules build default values every frame (a fresh MotionRequest per
  // behaviour decision), and iterating tuples with destructuring went through the iterator protocol each time.
  const makers = fieldNames.map((k) => fields[k]!.defaultValue);
  const count = fieldNames.length;
  const type = {
    kind: 'class' as const,
    typeName,
    fields,
    fieldNames,
    doc: options.doc ?? '',
    adapter: options.adapter,
    defaultValue: () => {
      const v: Record<string, unknown> = {};
      for (let i = 0; i < count; i++) v[fieldNames[i]!] = makers[i]!();
      return v as ValuesOf<F>;
    },
  };
  defaultTypeRegistry.add(type as ClassType);
  return type as ClassType<ValuesOf<F>, N> & TypeRef<ValuesOf<F>>;
}

/**
 * Declares a class whose JS value is not a plain field record (see ClassAdapter). The wire form is the field
 * record; `fromFields`/`toFields` convert.
 */
export function defineAdaptedClass<V, const N extends string>(
  typeName: N,
  fields: FieldMap,
  adapter: ClassAdapter<V>,
  doc = '',
): ClassType<V, N> & TypeRef<V> {
  const inner = defineClass(typeName, fields, { doc });
  const type = {
    ...inner,
    adapter,
    defaultValue: () => adapter.fromFields(inner.defaultValue() as Record<string, unknown>),
  };
  defaultTypeRegistry.replace(type as ClassType);
  return type as unknown as ClassType<V, N> & TypeRef<V>;
}
