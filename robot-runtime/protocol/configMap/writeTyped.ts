import type { AnyType, PrimitiveType } from '../types/TypeRef';
import type { Described } from './Described';
import { configArray, configLiteral, configRecord, type ConfigNode } from './ConfigNode';
import { formatAngle, formatDouble, formatFloat32 } from './numbers';
import { writeConfig, type ConfigStyle, type WriteConfigOptions } from './write';

function primitiveText(type: PrimitiveType, value: unknown): string {
  switch (type.primitive) {
    case 'string':
      return String(value);
    case 'bool':
      return value ? 'true' : 'false';
    case 'float':
      return formatFloat32(Number(value));
    case 'double':
      return formatDouble(Number(value));
    case 'angle':
      return formatAngle(Number(value));
    default:
      return String(value);
  }
}

function toNode(type: AnyType, value: unknown): ConfigNode {
  switch (type.kind) {
    case 'primitive':
      return configLiteral(primitiveText(type, value));
    case 'enum':
      // An out-of-range value has no name; its number at least shows what was there (the reader will flag it).
      return configLiteral(type.names[value as number] ?? String(value));
    case 'class': {
      const fields = type.adapter ? type.adapter.toFields(value) : (value as Record<string, unknown>);
      return configRecord(
        type.fieldNames.map((name) => [name, toNode(type.fields[name]!.type as AnyType, fields[name])] as const),
      );
    }
    case 'array':
    case 'vector':
      return configArray((value as unknown[]).map((v) => toNode(type.element as AnyType, v)));
    case 'bytes':
      return configArray(Array.from(value as Uint8Array, (b) => configLiteral(String(b))));
    case 'optional':
      return configArray(value === undefined ? [] : [toNode(type.element as AnyType, value)]);
    case 'enumArray': {
      const values = value as unknown[];
      return configRecord(
        type.index.names.map((name, i) => [name, toNode(type.element as AnyType, values[i])] as const),
      );
    }
  }
}

/**
 * The generic tree of a typed value: angles as degrees (`30deg`), floats in their shortest float32 form, enums by
 * name, adapted classes (matrices) through their field record, optionals as `[]`/`[v]`, enum-indexed arrays as
 * records keyed by constant names.
 */
export function toConfigTree<V>(type: Described<V>, value: V): ConfigNode {
  return toNode(type, value);
}

/** Config-map text of a typed value in the given style (a class value is written as a file body). */
export function writeTyped<V>(
  type: Described<V>,
  value: V,
  options: ConfigStyle | WriteConfigOptions = 'multiLine',
): string {
  return writeConfig(toConfigTree(type, value), typeof options === 'string' ? { style: options } : options);
}
