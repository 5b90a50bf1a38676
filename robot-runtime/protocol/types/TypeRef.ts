/**
 * The one declaration of a streamable type. Every codec (binary, config map, TypeInfo, data view) is derived
 * from these descriptors, so a type is declared once in TypeScript and never described again by hand.
 *
 * Type names (`typeName`) are the names that travel in TypeInfo. They follow B-Human's spelling (`unsigned char`,
 * `std::string`, `Angle`, `Eigen::Matrix<float,2,1,0,2,1>`, `T[n]`, `T*`) so that logs and robots interoperate;
 * the TypeScript side uses the friendlier `t.uint8`, `t.string`, `t.angle`, `Vector2f`.
 */

/** The primitive kinds with their B-Human TypeInfo names. */
export const PRIMITIVE_TYPE_NAMES = {
  bool: 'bool',
  char: 'char',
  int8: 'signed char',
  uint8: 'unsigned char',
  int16: 'short',
  uint16: 'unsigned short',
  int32: 'int',
  uint32: 'unsigned int',
  float: 'float',
  double: 'double',
  string: 'std::string',
  angle: 'Angle',
} as const;

export type PrimitiveKind = keyof typeof PRIMITIVE_TYPE_NAMES;

/**
 * Boxes the phantom value type: an optional member `__value?: V` would lose `undefined` from V on inference
 * (optional types' values are `V | undefined`).
 */
export interface ValueBox<V> {
  readonly v: V;
}

interface TypeBase<V> {
  /** Name as written in TypeInfo. */
  readonly typeName: string;
  /** Creates a fresh default value (objects and arrays are never shared between calls). */
  defaultValue(): V;
  /** Phantom member carrying the value type for inference; never set at run time. */
  readonly __value?: ValueBox<V>;
}

export interface PrimitiveType<V = unknown> extends TypeBase<V> {
  readonly kind: 'primitive';
  readonly primitive: PrimitiveKind;
}

export interface EnumType<Names extends readonly string[] = readonly string[]> extends TypeBase<number> {
  readonly kind: 'enum';
  /** Constant names in value order (index = value). */
  readonly names: Names;
  /** Value of a constant name, or undefined. */
  valueOf(name: string): number | undefined;
}

export interface Field<V = unknown> {
  readonly type: TypeRef<V>;
  /** What the field means; shown in the data view and in `get ?`. */
  readonly doc: string;
  /** Default value factory. */
  readonly defaultValue: () => V;
}

export type FieldMap = Record<string, Field<any>>; // eslint-disable-line @typescript-eslint/no-explicit-any

export type ValuesOf<F extends FieldMap> = { [K in keyof F]: F[K] extends Field<infer V> ? V : never };

/**
 * Converts between the JS value of a class and its streamed field record, for types whose natural JS form
 * differs from their wire form (matrices are number arrays in JS but `cols` of `elems` on the wire).
 */
export interface ClassAdapter<V> {
  toFields(value: V): Record<string, unknown>;
  fromFields(fields: Record<string, unknown>): V;
  /**
   * Set when the wire form is exactly this many floats in the order of the flat JS array (column-major
   * matrices): codecs then stream the array directly instead of building the field record.
   */
  readonly flatFloats?: number;
}

export interface ClassType<V = unknown, N extends string = string> extends TypeBase<V> {
  readonly kind: 'class';
  readonly typeName: N;
  /** Fields in streaming order. */
  readonly fields: FieldMap;
  /** Field names in streaming order (cached Object.keys(fields)). */
  readonly fieldNames: readonly string[];
  readonly doc: string;
  readonly adapter?: ClassAdapter<V>;
}

export interface ArrayType<V = unknown> extends TypeBase<V[]> {
  readonly kind: 'array';
  readonly element: TypeRef<V>;
  /** Fixed element count (C array / std::array): streamed without a count. */
  readonly length: number;
}

export interface VectorType<V = unknown> extends TypeBase<V[]> {
  readonly kind: 'vector';
  readonly element: TypeRef<V>;
}

/** A dynamic array of unsigned char held as a Uint8Array (images, blobs): `unsigned char*` on the wire. */
export interface BytesType extends TypeBase<Uint8Array> {
  readonly kind: 'bytes';
}

export interface OptionalType<V = unknown> extends TypeBase<V | undefined> {
  readonly kind: 'optional';
  readonly element: TypeRef<V>;
}

/** ENUM_INDEXED_ARRAY: one element per enum constant, a record keyed by constant names in config maps. */
export interface EnumArrayType<V = unknown> extends TypeBase<V[]> {
  readonly kind: 'enumArray';
  readonly element: TypeRef<V>;
  readonly index: EnumType;
}

/**
 * A descriptor whose values have type V. Only the phantom member carries V: TypeScript then infers V from
 * the intersections `defineClass` returns (a `defaultValue(): V` member would compete with AnyType's `unknown`).
 */
export type TypeRef<V = unknown> = AnyType & { readonly __value?: ValueBox<V> };

/** Any descriptor, without value-type tracking (for generic codecs). */
export type AnyType =
  PrimitiveType | EnumType | ClassType | ArrayType | VectorType | BytesType | OptionalType | EnumArrayType;

/** The JS value type a descriptor describes. */
export type ValueOf<T> = T extends { readonly __value?: ValueBox<infer V> } ? V : never;
