/**
 * @file JSON schemas of logged types, derived from the log's TypeInfo, and the JSON form of decoded values, for
 * exporting logs to MCAP (Foxglove Studio, Lichtblick): classes become objects, enums their constant names,
 * `unsigned char*` base64 strings, arrays arrays.
 */
import { parseTypeName } from '@robot-runtime/protocol/typeInfo/typeName';
import { isGenericEnum } from '@robot-runtime/protocol/typeInfo/GenericValue';
import type { TypeInfo } from '@robot-runtime/protocol/typeInfo/TypeInfo';

/** A JSON schema (as a plain object). */
export type JsonSchema = Record<string, unknown>;

const NUMBERS = new Set([
  'char',
  'signed char',
  'unsigned char',
  'short',
  'unsigned short',
  'int',
  'unsigned int',
  'float',
  'double',
  'Angle',
]);

/** The schema of `typeName` under `info`; a type that contains itself is described as any object below that level. */
export function jsonSchemaOf(info: TypeInfo, typeName: string, visiting = new Set<string>()): JsonSchema {
  if (typeName === 'unsigned char*') return { type: 'string', contentEncoding: 'base64' };
  const parsed = parseTypeName(typeName);
  if (parsed.kind === 'dynamic') return { type: 'array', items: jsonSchemaOf(info, parsed.element, visiting) };
  if (parsed.kind === 'fixed')
    return {
      type: 'array',
      items: jsonSchemaOf(info, parsed.element, visiting),
      minItems: parsed.length,
      maxItems: parsed.length,
    };
  if (typeName === 'bool') return { type: 'boolean' };
  if (typeName === 'std::string') return { type: 'string' };
  if (NUMBERS.has(typeName)) return { type: 'number' };
  const constants = info.enums.get(typeName);
  if (constants) return { type: 'string', enum: constants, title: typeName };
  const attributes = info.classes.get(typeName);
  if (!attributes || visiting.has(typeName)) return { type: 'object', title: typeName };
  visiting.add(typeName);
  const properties: Record<string, JsonSchema> = {};
  for (const a of attributes) properties[a.name] = jsonSchemaOf(info, a.type, visiting);
  visiting.delete(typeName);
  return { type: 'object', title: typeName, properties };
}

/**
 * A decoded (generic or typed) value as JSON-compatible data. Parts that are JSON already (numeric arrays, objects of
 * plain fields: most of a representation) are returned as they are, not copied: an export converts every
 * representation of a log, and copying them cost more than writing their JSON.
 */
export function toJson(value: unknown): unknown {
  if (typeof value !== 'object' || value === null)
    return typeof value === 'number' && !Number.isFinite(value) ? null : value;
  if (value instanceof Uint8Array)
    return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64');
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      const j = toJson(v);
      if (j !== v) (out ??= value.slice())[i] = j;
    }
    return out ?? value;
  }
  if (isGenericEnum(value)) return value.name ?? value.value;
  const record = value as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  for (const k in record) {
    const v = record[k];
    const j = toJson(v);
    if (j !== v) (out ??= { ...record })[k] = j;
  }
  return out ?? record;
}
