import { PRIMITIVE_TYPE_NAMES, type PrimitiveKind } from '../types';

const kindsByName = new Map<string, PrimitiveKind>(
  Object.entries(PRIMITIVE_TYPE_NAMES).map(([kind, name]) => [name, kind as PrimitiveKind]),
);

/** The primitive kind a TypeInfo primitive name denotes, or undefined. */
export function primitiveKindOf(typeName: string): PrimitiveKind | undefined {
  return kindsByName.get(typeName);
}

/** The values a numeric primitive can hold. */
export interface NumericRange {
  readonly min: number;
  readonly max: number;
  /** Fractions are truncated (as a C++ conversion would) before the range check. */
  readonly integer: boolean;
}

const RANGES: Partial<Record<PrimitiveKind, NumericRange>> = {
  char: { min: -128, max: 127, integer: true },
  int8: { min: -128, max: 127, integer: true },
  uint8: { min: 0, max: 255, integer: true },
  int16: { min: -32768, max: 32767, integer: true },
  uint16: { min: 0, max: 65535, integer: true },
  int32: { min: -2147483648, max: 2147483647, integer: true },
  uint32: { min: 0, max: 4294967295, integer: true },
  float: { min: -Infinity, max: Infinity, integer: false },
  double: { min: -Infinity, max: Infinity, integer: false },
  angle: { min: -Infinity, max: Infinity, integer: false },
};

/** The range of a numeric kind; undefined for bool and string, which convert only to themselves. */
export function numericRange(kind: PrimitiveKind): NumericRange | undefined {
  return RANGES[kind];
}
