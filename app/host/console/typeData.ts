/**
 * @file Debug data through the robot's TypeInfo: the console has no TypeScript declaration of a robot's types,
 * only the specification the robot sent. This file turns that specification into ordinary type descriptors once
 * per TypeInfo, so that the project's binary codec, config-map writer and typed config reader serve the console
 * exactly as they serve declared types: `get` prints what a `.cfg` file would hold, and `set` accepts it.
 */
import { decode, encode } from '@robot-runtime/protocol/binary';
import { parseTyped, readTypedValue } from '@robot-runtime/protocol/configMap/parseTyped';
import { formatDiagnostic, type ConfigDiagnostic } from '@robot-runtime/protocol/configMap/diagnostics';
import { writeTyped } from '@robot-runtime/protocol/configMap/writeTyped';
import type { TypeInfo } from '@robot-runtime/protocol/typeInfo/TypeInfo';
import { NestingGuard, parseTypeName } from '@robot-runtime/protocol/typeInfo/typeName';
import { UnknownTypeError } from '@robot-runtime/protocol/typeInfo/UnknownTypeError';
import {
  PRIMITIVE_TYPE_NAMES,
  t,
  type AnyType,
  type ClassType,
  type EnumType,
  type Field,
  type PrimitiveKind,
  type TypeRef,
} from '@robot-runtime/protocol/types';

const PRIMITIVES = new Map<string, AnyType>(
  (Object.entries(PRIMITIVE_TYPE_NAMES) as [PrimitiveKind, string][]).map(([kind, name]) => [name, t[kind] as AnyType]),
);
/** Byte blobs (images) stay one typed array instead of an array of numbers. */
const BYTES_TYPE_NAME = 'unsigned char*';

/** The result of reading `set` data: the encoded object, or why it could not be read. */
export interface SetDataResult {
  /** The binary object to send; undefined when the text had errors. */
  bytes?: Uint8Array;
  /** Errors and warnings in `file:row:col: severity: path: message` form. */
  messages: string[];
}

/**
 * Type descriptors built from one TypeInfo, created on demand and cached by name. Descriptors are never
 * registered in the process-wide registry: a robot's `Pose2f` may differ from ours.
 */
export class TypeInfoTypes {
  private readonly cache = new Map<string, AnyType>();
  private readonly building = new Set<string>();
  private readonly guard = new NestingGuard();

  constructor(readonly info: TypeInfo) {}

  /** Whether the TypeInfo defines `typeName` (as class, enum, primitive or container of those). */
  has(typeName: string): boolean {
    try {
      this.type(typeName);
      return true;
    } catch {
      return false;
    }
  }

  /** The descriptor of `typeName`; throws UnknownTypeError for names the TypeInfo does not define. */
  type(typeName: string): AnyType {
    const cached = this.cache.get(typeName);
    if (cached) return cached;
    this.guard.enter(typeName);
    try {
      const type = this.build(typeName);
      this.cache.set(typeName, type);
      return type;
    } finally {
      this.guard.leave();
    }
  }

  private build(typeName: string): AnyType {
    if (typeName === BYTES_TYPE_NAME) return t.bytes() as AnyType;
    const parsed = parseTypeName(typeName);
    if (parsed.kind === 'dynamic') return t.vector(this.type(parsed.element)) as AnyType;
    if (parsed.kind === 'fixed') return t.array(this.type(parsed.element), parsed.length) as AnyType;
    const primitive = PRIMITIVES.get(typeName);
    if (primitive && this.info.primitives.includes(typeName)) return primitive;
    const constants = this.info.enums.get(typeName);
    if (constants) return makeEnum(typeName, constants);
    const attributes = this.info.classes.get(typeName);
    if (attributes) {
      // A class containing itself by value has no finite encoding; B-Human cannot stream one either.
      if (this.building.has(typeName)) throw new Error(`type '${typeName}' contains itself`);
      this.building.add(typeName);
      try {
        const fields: Record<string, Field> = {};
        for (const a of attributes) {
          try {
            fields[a.name] = makeField(this.type(a.type));
          } catch (e) {
            throw e instanceof UnknownTypeError ? e.usedBy(`${typeName}.${a.name}`) : e;
          }
        }
        return makeClass(typeName, fields);
      } finally {
        this.building.delete(typeName);
      }
    }
    if (primitive) return primitive; // a standard primitive the TypeInfo forgot to list
    throw new UnknownTypeError(typeName);
  }

  /** Decodes one object that spans `bytes` exactly. Throws StreamError / UnknownTypeError. */
  decode(typeName: string, bytes: Uint8Array): unknown {
    return decode(this.type(typeName) as TypeRef<unknown>, bytes);
  }

  /** The object as single-line config-map text (`a = 1; b = {x = 2; y = 3;};`), as `get` prints it. */
  toSingleLine(typeName: string, bytes: Uint8Array): string {
    const type = this.type(typeName) as TypeRef<unknown>;
    return writeValue(type, decode(type, bytes), 'singleLine');
  }

  /** The object as multi-line config-map text (a `.cfg` file body), as `get … save` writes it. */
  toFile(typeName: string, bytes: Uint8Array): string {
    const type = this.type(typeName) as TypeRef<unknown>;
    return writeValue(type, decode(type, bytes), 'multiLine');
  }

  /**
   * Reads `set` data as `typeName` and encodes it. `asValue` says the data is a single value (no unquoted `=`),
   * i.e. B-Human's `value = <data>;` form; otherwise it is a record body. Attributes the text leaves out keep
   * the values of `current` (the object as last received), so `set key x = 3;` changes only `x`.
   */
  readSetData(typeName: string, text: string, asValue: boolean, current?: Uint8Array): SetDataResult {
    let type: TypeRef<unknown>;
    try {
      type = this.type(typeName) as TypeRef<unknown>;
    } catch (e) {
      return { messages: [e instanceof Error ? e.message : String(e)] };
    }
    let source = text;
    if (!asValue && current && type.kind === 'class') {
      // B-Human reads `set` data into the current object, so attributes the text leaves out keep their values.
      try {
        source = mergeRecordText(writeValue(type, decode(type, current), 'singleLine'), text);
      } catch {
        source = text;
      }
    }
    const result = asValue ? readTypedValue(type, text) : parseTyped(type, source, '<console>');
    const messages = result.diagnostics.map((d: ConfigDiagnostic) => formatDiagnostic(d));
    if (result.diagnostics.some((d) => d.severity === 'error')) return { messages };
    try {
      return { bytes: encode(type, result.value), messages };
    } catch (e) {
      return { messages: [...messages, e instanceof Error ? e.message : String(e)] };
    }
  }

  /**
   * The structure of `typeName` for `get <key> ?` / `set <key> ?`: `{type name; …}` with class attributes
   * expanded in place and enum constants listed, on one line.
   */
  describe(typeName: string): string {
    return this.describeType(typeName, new Set());
  }

  private describeType(typeName: string, seen: Set<string>): string {
    const parsed = parseTypeName(typeName);
    if (parsed.kind !== 'named') return this.describeType(parsed.element, seen);
    const attributes = this.info.classes.get(typeName);
    if (!attributes || seen.has(typeName)) return '';
    seen.add(typeName);
    const parts = attributes.map((a) => {
      const inner = this.describeType(a.type, seen);
      const constants = this.enumConstants(a.type);
      return `${a.type} ${a.name}${inner ? ` = ${inner}` : ''}${constants ? ` (${constants})` : ''};`;
    });
    seen.delete(typeName);
    return `{${parts.join(' ')}}`;
  }

  private enumConstants(typeName: string): string | undefined {
    const parsed = parseTypeName(typeName);
    const name = parsed.kind === 'named' ? parsed.name : parsed.element;
    if (parsed.kind !== 'named') return this.enumConstants(name);
    return this.info.enums.get(name)?.join(', ');
  }
}

function writeValue(type: TypeRef<unknown>, value: unknown, style: 'singleLine' | 'multiLine'): string {
  return writeTyped(type, value, style);
}

/**
 * Merges two record bodies: entries of `override` replace those of `base` with the same top-level key. Done on
 * text by parsing both as records keeps this independent of the value's type.
 */
function mergeRecordText(base: string, override: string): string {
  // Duplicate keys are an error in config maps, so the base loses the entries the user wrote.
  const overrideKeys = topLevelKeys(override);
  if (overrideKeys === undefined) return override;
  const baseEntries = splitTopLevelEntries(base);
  if (baseEntries === undefined) return override;
  const kept = baseEntries.filter((e) => !overrideKeys.has(e.key)).map((e) => e.text);
  return [...kept, override].join(' ');
}

function topLevelKeys(text: string): Set<string> | undefined {
  const entries = splitTopLevelEntries(text);
  return entries ? new Set(entries.map((e) => e.key)) : undefined;
}

/** Splits `a = 1; b = {c = 2;};` into its top-level entries; undefined when the text is not that simple. */
function splitTopLevelEntries(text: string): { key: string; text: string }[] | undefined {
  const entries: { key: string; text: string }[] = [];
  let depth = 0;
  let start = 0;
  let inQuote = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inQuote) {
      if (c === '\\') i++;
      else if (c === '"') inQuote = false;
      continue;
    }
    if (c === '"') inQuote = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
    else if (c === ';' && depth === 0) {
      const entry = text.slice(start, i + 1).trim();
      const eq = entry.indexOf('=');
      if (eq < 0) return undefined;
      entries.push({ key: entry.slice(0, eq).trim(), text: entry });
      start = i + 1;
    }
  }
  if (text.slice(start).trim() !== '' || depth !== 0) return undefined;
  return entries;
}

function makeField(type: AnyType): Field {
  return { type: type as TypeRef<unknown>, doc: '', defaultValue: () => type.defaultValue() };
}

function makeEnum(typeName: string, names: readonly string[]): EnumType {
  const index = new Map(names.map((n, i) => [n, i] as const));
  return { kind: 'enum', typeName, names, valueOf: (n: string) => index.get(n), defaultValue: () => 0 };
}

function makeClass(typeName: string, fields: Record<string, Field>): ClassType {
  const fieldNames = Object.keys(fields);
  return {
    kind: 'class',
    typeName,
    fields,
    fieldNames,
    doc: '',
    defaultValue: () => {
      const v: Record<string, unknown> = {};
      for (const k of fieldNames) v[k] = fields[k]!.defaultValue();
      return v;
    },
  };
}
