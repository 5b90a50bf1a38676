import type {
  AnyType,
  ArrayType,
  ClassType,
  EnumArrayType,
  EnumType,
  OptionalType,
  PrimitiveType,
  VectorType,
} from '../types/TypeRef';
import type { Described } from './Described';
import type { ConfigArray, ConfigEntry, ConfigLiteral, ConfigNode, ConfigRecord } from './ConfigNode';
import { report, type ReadContext } from './diagnostics';
import { parseAngleLiteral, parseCFloat, parseCInteger } from './numbers';
import { showText } from './quoting';

/** Inclusive ranges of the integer primitives; `char` is a signed byte, as B-Human streams it. */
const INT_RANGES: Partial<Record<PrimitiveType['primitive'], readonly [number, number]>> = {
  char: [-128, 127],
  int8: [-128, 127],
  uint8: [0, 255],
  int16: [-32768, 32767],
  uint16: [0, 65535],
  int32: [-2147483648, 2147483647],
  uint32: [0, 4294967295],
};

const BYTE = {
  kind: 'primitive',
  primitive: 'uint8',
  typeName: 'unsigned char',
  defaultValue: () => 0,
} as PrimitiveType<number>;

function nodeName(node: ConfigNode): string {
  return node.kind === 'literal' ? `literal '${showText(node.text)}'` : node.kind === 'array' ? 'an array' : 'a record';
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/**
 * Binds generic config trees to descriptors. Every problem becomes a diagnostic and the affected value keeps its
 * fallback (the field's default), so one bad entry never loses the rest of a file.
 */
class TypedReader {
  constructor(private readonly ctx: ReadContext) {}

  read(type: AnyType, node: ConfigNode, path: string, fallback: () => unknown): unknown {
    switch (type.kind) {
      case 'primitive':
        return this.primitive(type, node, path, fallback);
      case 'enum':
        return this.enumValue(type, node, path, fallback);
      case 'class':
        return this.classValue(type, node, path, fallback);
      case 'array':
        return this.fixedArray(type, node, path, fallback);
      case 'vector':
        return this.vector(type, node, path, fallback);
      case 'bytes':
        return this.bytes(node, path, fallback);
      case 'optional':
        return this.optional(type, node, path, fallback);
      case 'enumArray':
        return this.enumArray(type, node, path, fallback);
    }
  }

  private wrongShape(node: ConfigNode, path: string, expected: string, fallback: () => unknown): unknown {
    report(this.ctx, 'error', node.pos, path, `expected ${expected}, found ${nodeName(node)}`);
    return fallback();
  }

  private literal(node: ConfigNode, path: string, expected: string): ConfigLiteral | undefined {
    if (node.kind === 'literal') return node;
    report(this.ctx, 'error', node.pos, path, `expected ${expected}, found ${nodeName(node)}`);
    return undefined;
  }

  private primitive(type: PrimitiveType, node: ConfigNode, path: string, fallback: () => unknown): unknown {
    const kind = type.primitive;
    const range = INT_RANGES[kind];
    const expected =
      kind === 'bool'
        ? 'true or false'
        : kind === 'string'
          ? 'a string'
          : kind === 'angle'
            ? 'an angle'
            : range
              ? `an integer (${type.typeName})`
              : 'a number';
    const lit = this.literal(node, path, expected);
    if (!lit) return fallback();
    const text = lit.text;
    const bad = (message: string): unknown => {
      report(this.ctx, 'error', lit.pos, path, message);
      return fallback();
    };
    switch (kind) {
      case 'string':
        return text;
      case 'bool':
        if (text === 'true' || text === '1') return true;
        if (text === 'false' || text === '0') return false;
        return bad(`expected true, false, 1 or 0, found '${showText(text)}'`);
      case 'angle': {
        const v = parseAngleLiteral(text);
        if (v === undefined)
          return bad(`expected an angle like 30deg, 0.5pi or 1.2rad (no unit: radians), found '${showText(text)}'`);
        return this.float32(v, lit, path, fallback);
      }
      case 'float':
      case 'double': {
        const v = parseCFloat(text);
        if (v === undefined) return bad(`expected a number, found '${showText(text)}'`);
        return kind === 'float' ? this.float32(v, lit, path, fallback) : v;
      }
      default: {
        const v = parseCInteger(text);
        if (v === undefined) return bad(`expected an integer (${type.typeName}), found '${showText(text)}'`);
        const [min, max] = range!;
        if (v < min || v > max) return bad(`${showText(text)} is out of range for ${type.typeName} (${min}..${max})`);
        return v;
      }
    }
  }

  /** Rounds to float32 as the robot stores it; a finite value that overflows float32 is an error, not infinity. */
  private float32(v: number, lit: ConfigLiteral, path: string, fallback: () => unknown): unknown {
    const f = Math.fround(v);
    if (Number.isFinite(v) && !Number.isFinite(f)) {
      report(this.ctx, 'error', lit.pos, path, `${showText(lit.text)} is out of range for float`);
      return fallback();
    }
    return f;
  }

  private enumValue(type: EnumType, node: ConfigNode, path: string, fallback: () => unknown): unknown {
    const lit = this.literal(node, path, `a constant of ${type.typeName}`);
    if (!lit) return fallback();
    const v = type.valueOf(lit.text);
    if (v !== undefined) return v;
    report(
      this.ctx,
      'error',
      lit.pos,
      path,
      `'${showText(lit.text)}' is not a constant of ${type.typeName}; allowed: ${type.names.join(', ')}`,
    );
    return fallback();
  }

  /** Reads `keys` of a record, warning about missing ones (which keep their fallback) and unused extra entries. */
  private keyed(
    record: ConfigRecord,
    path: string,
    keys: readonly string[],
    readOne: (key: string, entry: ConfigEntry | undefined) => void,
  ): void {
    const byKey = new Map(record.entries.map((e) => [e.key, e] as const));
    for (const key of keys) {
      const entry = byKey.get(key);
      if (!entry) report(this.ctx, 'warning', record.pos, path, `missing attribute '${key}' (keeping its default)`);
      readOne(key, entry);
      byKey.delete(key);
    }
    for (const entry of byKey.values())
      report(this.ctx, 'warning', entry.keyPos, path, `unused attribute '${showText(entry.key)}'`);
  }

  private classValue(type: ClassType, node: ConfigNode, path: string, fallback: () => unknown): unknown {
    if (node.kind !== 'record') return this.wrongShape(node, path, `a record (${type.typeName})`, fallback);
    // Missing fields keep the default of the value being read over (e.g. a field default), not the type default.
    let base: Record<string, unknown> | undefined;
    const baseFields = (): Record<string, unknown> => {
      if (!base) {
        const v = fallback();
        base = type.adapter ? type.adapter.toFields(v) : (v as Record<string, unknown>);
      }
      return base;
    };
    const fields: Record<string, unknown> = {};
    this.keyed(node, path, type.fieldNames, (key, entry) => {
      const field = type.fields[key]!;
      const fieldDefault = (): unknown => baseFields()?.[key] ?? field.defaultValue();
      fields[key] = entry
        ? this.read(field.type as AnyType, entry.value, join(path, key), fieldDefault)
        : fieldDefault();
    });
    return type.adapter ? type.adapter.fromFields(fields) : fields;
  }

  private elements(
    element: AnyType,
    array: ConfigArray,
    count: number,
    path: string,
    fallbackAt: (i: number) => unknown,
  ): unknown[] {
    const out: unknown[] = [];
    for (let i = 0; i < count; i++) {
      const el = array.elements[i];
      out.push(el ? this.read(element, el, `${path}[${i}]`, () => fallbackAt(i)) : fallbackAt(i));
    }
    return out;
  }

  private fixedArray(type: ArrayType, node: ConfigNode, path: string, fallback: () => unknown): unknown {
    if (node.kind !== 'array') return this.wrongShape(node, path, `an array of ${type.length} elements`, fallback);
    if (node.elements.length !== type.length) {
      report(
        this.ctx,
        'error',
        node.pos,
        path,
        `expected exactly ${type.length} elements, found ${node.elements.length}`,
      );
    }
    let base: unknown[] | undefined;
    const fallbackAt = (i: number): unknown =>
      (base ??= fallback() as unknown[])[i] ?? (type.element as AnyType).defaultValue();
    return this.elements(type.element as AnyType, node, type.length, path, fallbackAt);
  }

  private vector(type: VectorType, node: ConfigNode, path: string, fallback: () => unknown): unknown {
    if (node.kind !== 'array') return this.wrongShape(node, path, 'an array', fallback);
    const element = type.element as AnyType;
    return this.elements(element, node, node.elements.length, path, () => element.defaultValue());
  }

  private bytes(node: ConfigNode, path: string, fallback: () => unknown): unknown {
    if (node.kind !== 'array') return this.wrongShape(node, path, 'an array of bytes', fallback);
    return Uint8Array.from(this.elements(BYTE, node, node.elements.length, path, () => 0) as number[]);
  }

  private optional(type: OptionalType, node: ConfigNode, path: string, fallback: () => unknown): unknown {
    if (node.kind !== 'array') return this.wrongShape(node, path, 'an optional value: [] or [value]', fallback);
    const [first, ...rest] = node.elements;
    rest.forEach((el, i) =>
      report(this.ctx, 'warning', el.pos, path, `unused array element ${i + 1} (an optional holds at most one value)`),
    );
    if (!first) return undefined;
    const element = type.element as AnyType;
    return this.read(element, first, `${path}[0]`, () => fallback() ?? element.defaultValue());
  }

  private enumArray(type: EnumArrayType, node: ConfigNode, path: string, fallback: () => unknown): unknown {
    if (node.kind !== 'record')
      return this.wrongShape(node, path, `a record keyed by ${type.index.typeName} constants`, fallback);
    let base: unknown[] | undefined;
    const element = type.element as AnyType;
    const fallbackAt = (i: number): unknown => (base ??= fallback() as unknown[])[i] ?? element.defaultValue();
    const out: unknown[] = [];
    const names = type.index.names;
    this.keyed(node, path, names, (key, entry) => {
      const i = out.length;
      out.push(entry ? this.read(element, entry.value, join(path, key), () => fallbackAt(i)) : fallbackAt(i));
    });
    return out;
  }
}

/**
 * Reads a typed value from a generic tree. Problems go to `ctx.diagnostics` (errors for values that could not be
 * taken, warnings for missing or unused attributes); the result is always a complete value, with defaults
 * (`fallback`, else the type's default) wherever the tree did not provide a usable one.
 */
export function readTyped<V>(type: Described<V>, node: ConfigNode, ctx: ReadContext, path = '', fallback?: () => V): V {
  return new TypedReader(ctx).read(type, node, path, fallback ?? (() => type.defaultValue())) as V;
}
