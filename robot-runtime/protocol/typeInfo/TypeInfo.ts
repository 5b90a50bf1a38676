import { PRIMITIVE_TYPE_NAMES } from '../types';

/** One streamed attribute of a class as TypeInfo lists it. */
export interface TypeInfoAttribute {
  name: string;
  /** Type name in TypeInfo grammar (`float`, `Pose2f`, `short[3]`, `Foo*`). */
  type: string;
}

/**
 * The specification of streamed types that travels with data (debug-link handshake, log chunk): enough to
 * decode, display, edit and convert values without a TypeScript declaration. A plain data model; its binary
 * form is in `stream.ts`.
 */
export interface TypeInfo {
  /** Names of the primitive types. */
  primitives: string[];
  /** Attributes of each class in streaming order (base-class attributes first). */
  classes: Map<string, TypeInfoAttribute[]>;
  /** Constant names of each enum in value order. */
  enums: Map<string, string[]>;
}

/** B-Human's twelve primitive type names, in its order. */
export const BHUMAN_PRIMITIVES: readonly string[] = Object.values(PRIMITIVE_TYPE_NAMES);

/** An empty TypeInfo listing the standard primitives. */
export function emptyTypeInfo(): TypeInfo {
  return { primitives: [...BHUMAN_PRIMITIVES], classes: new Map(), enums: new Map() };
}
