import { InBinary } from '../binary/InBinary';
import { OutBinary } from '../binary/OutBinary';
import { StreamError } from '../binary/StreamError';
import type { TypeInfo, TypeInfoAttribute } from './TypeInfo';
import { unifyTypeName } from './unifyTypeName';

/** Set on the primitive count when the stream's type names are already unified. */
export const UNIFIED_NAMES_FLAG = 0x80000000;

/**
 * Writes `info` in the TypeInfo stream format (formats §3.3): flagged primitive count and names; classes with
 * their attributes; enums with their constants. Names are written as they are (this side always unifies).
 */
export function writeTypeInfo(out: OutBinary, info: TypeInfo): void {
  out.uint32((info.primitives.length | UNIFIED_NAMES_FLAG) >>> 0);
  for (const p of info.primitives) out.string(p);
  out.uint32(info.classes.size);
  for (const [name, attributes] of info.classes) {
    out.string(name);
    out.uint32(attributes.length);
    for (const a of attributes) {
      out.string(a.name);
      out.string(a.type);
    }
  }
  out.uint32(info.enums.size);
  for (const [name, constants] of info.enums) {
    out.string(name);
    out.uint32(constants.length);
    for (const c of constants) out.string(c);
  }
}

/** Encodes `info` alone (a log's TypeInfo chunk body, a handshake payload). */
export function typeInfoToBytes(info: TypeInfo): Uint8Array {
  const out = new OutBinary(1024);
  writeTypeInfo(out, info);
  return out.toBytes();
}

/**
 * Reads a TypeInfo stream. Every count is checked against the bytes left (each string takes at least its
 * 4-byte length) before anything is allocated. Streams without the unified-names flag get their type names
 * unified on read.
 */
export function readTypeInfo(inp: InBinary): TypeInfo {
  const at = inp.offset;
  const raw = inp.uint32();
  const unified = (raw & UNIFIED_NAMES_FLAG) !== 0;
  const nPrimitives = raw & ~UNIFIED_NAMES_FLAG;
  if (nPrimitives * 4 > inp.remaining)
    throw new StreamError(
      `TypeInfo primitive count ${nPrimitives} exceeds the ${inp.remaining} bytes left`,
      inp.baseOffset + at,
    );
  const name = unified ? (s: string) => s : unifyTypeName;
  const primitives: string[] = [];
  for (let i = 0; i < nPrimitives; i++) primitives.push(name(inp.string()));

  const classes = new Map<string, TypeInfoAttribute[]>();
  const nClasses = inp.count(8, 'TypeInfo class');
  for (let i = 0; i < nClasses; i++) {
    const className = name(inp.string());
    const nAttributes = inp.count(8, `TypeInfo attribute of ${className}`);
    const attributes: TypeInfoAttribute[] = [];
    for (let j = 0; j < nAttributes; j++) {
      const attributeName = inp.string();
      attributes.push({ name: attributeName, type: name(inp.string()) });
    }
    classes.set(className, attributes);
  }

  const enums = new Map<string, string[]>();
  const nEnums = inp.count(8, 'TypeInfo enum');
  for (let i = 0; i < nEnums; i++) {
    const enumName = name(inp.string());
    const nConstants = inp.count(4, `TypeInfo constant of ${enumName}`);
    const constants: string[] = [];
    for (let j = 0; j < nConstants; j++) constants.push(inp.string());
    enums.set(enumName, constants);
  }
  return { primitives, classes, enums };
}

/** Reads a TypeInfo that must span `bytes` exactly. */
export function typeInfoFromBytes(bytes: Uint8Array, baseOffset = 0): TypeInfo {
  const inp = new InBinary(bytes, 0, bytes.length, baseOffset);
  const info = readTypeInfo(inp);
  if (!inp.atEnd) throw new StreamError(`${inp.remaining} bytes left over after TypeInfo`, inp.baseOffset + inp.offset);
  return info;
}
