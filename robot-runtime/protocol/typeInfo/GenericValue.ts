/**
 * A value decoded through a TypeInfo rather than a TypeScript declaration:
 * - classes are plain objects keyed by attribute name (in streaming order);
 * - enums are GenericEnum records, so views can show the constant name without the TypeInfo at hand;
 * - `T[n]` and `T*` (vector, list and optional alike: the stream cannot tell them apart) are arrays;
 * - `unsigned char*` is a Uint8Array (images, blobs);
 * - numbers, booleans and strings are themselves (Angle in radians).
 */
export type GenericValue = boolean | number | string | Uint8Array | GenericEnum | GenericValue[] | GenericObject;

/** A class value decoded through a TypeInfo. */
export interface GenericObject {
  [attribute: string]: GenericValue;
}

/**
 * An enum value decoded through a TypeInfo: the enum's type name, the streamed value, and the constant's name
 * (undefined when the value names no constant, e.g. a `numOf…` sentinel or corrupt data).
 */
export interface GenericEnum {
  readonly enum: string;
  value: number;
  name: string | undefined;
}

/** Whether `v` is a GenericEnum record. */
export function isGenericEnum(v: unknown): v is GenericEnum {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as GenericEnum).enum === 'string' &&
    typeof (v as GenericEnum).value === 'number'
  );
}
