/**
 * @file Turns a parsed `teamMessage.def` into a codec tree at run time. Enum sizes and the streaming order of
 * records come from the caller (the protocol layer knows no representations), so the same definition can
 * describe this runtime's messages and B-Human's.
 */
import type { DefRecord, DefType } from './parseDef';
import type { FieldCodec } from './FieldCodec';
import {
  booleanCodec,
  enumCodec,
  nativeIntegerCodec,
  quantizedFloatCodec,
  rangedIntegerCodec,
  rawFloatCodec,
  timestampCodec,
  type TimestampReference,
} from './scalarCodecs';
import { arrayCodec, matrixCodec, recordCodec, vectorCodec } from './structureCodecs';
import { TeamMessageError } from './TeamMessageError';

/** What compiling needs to know beyond the definition. */
export interface CompileOptions {
  /** Constants of each enum named by `Enum(type=…)`, by that name. */
  readonly enums: Readonly<Record<string, readonly string[]>>;
  /**
   * The streaming order of a record's members (B-Human sends in C++ streaming order, not in `.def` order);
   * members it does not list keep their `.def` order after the listed ones. Without it the `.def` order is used.
   */
  readonly fieldOrder?: (record: string) => readonly string[] | undefined;
}

/** Deepest nesting of records accepted (a cycle would otherwise recurse forever). */
const MAX_DEPTH = 16;

/** Compiles `root` of `records` into a codec. Throws TeamMessageError for unknown types or bad parameters. */
export function compileDef(records: readonly DefRecord[], root: string, options: CompileOptions): FieldCodec {
  const byName = new Map(records.map((r) => [r.name, r] as const));
  const compiled = new Map<string, FieldCodec>();

  const record = (name: string, depth: number): FieldCodec => {
    const cached = compiled.get(name);
    if (cached) return cached;
    const decl = byName.get(name);
    if (!decl) throw new TeamMessageError(`teamMessage.def: unknown type ${name}`);
    if (depth > MAX_DEPTH)
      throw new TeamMessageError(`teamMessage.def: ${name} nests deeper than ${MAX_DEPTH} records (a cycle?)`);
    const order = options.fieldOrder?.(name) ?? [];
    const rank = (member: string): number => {
      const i = order.indexOf(member);
      return i < 0 ? order.length : i;
    };
    const members = decl.members
      .map((m, index) => ({ m, index }))
      .sort((a, b) => rank(a.m.name) - rank(b.m.name) || a.index - b.index)
      .map(({ m }) => ({ name: m.name, codec: withCount(m.type, depth) }));
    const codec = recordCodec(name, members);
    compiled.set(name, codec);
    return codec;
  };

  const withCount = (type: DefType, depth: number): FieldCodec => {
    const element = single(type, depth);
    return type.count ? arrayCodec(element, type.count.min, type.count.max) : element;
  };

  const single = (type: DefType, depth: number): FieldCodec => {
    const where = `teamMessage.def:${type.line}: ${type.name}`;
    const p = new Params(type, where);
    const arg = (): FieldCodec => {
      if (type.args.length !== 1) throw new TeamMessageError(`${where} takes exactly one type argument`);
      return withCount(type.args[0]!, depth);
    };
    const noArgs = (): void => {
      if (type.args.length) throw new TeamMessageError(`${where} takes no type arguments`);
    };
    switch (type.name) {
      case 'Boolean':
        noArgs();
        p.done();
        return booleanCodec;
      case 'Integer': {
        noArgs();
        const min = p.number('min', 0);
        const max = p.number('max', 0);
        const native = p.string('type', 'int32');
        p.done();
        return min !== 0 || max !== 0 ? rangedIntegerCodec(min, max) : nativeIntegerCodec(native);
      }
      case 'Float': {
        noArgs();
        const min = p.number('min', 0);
        const max = p.number('max', 0);
        const bits = p.optionalNumber('bits');
        p.done();
        return bits === undefined ? rawFloatCodec : quantizedFloatCodec(min, max, bits);
      }
      case 'Angle': {
        noArgs();
        const bits = p.optionalNumber('bits');
        p.done();
        return bits === undefined ? rawFloatCodec : quantizedFloatCodec(-Math.PI, Math.PI, bits, true);
      }
      case 'Timestamp': {
        noArgs();
        const reference = p.string('reference', 'absolute');
        if (reference !== 'absolute' && reference !== 'relativePast' && reference !== 'relativeFuture')
          throw new TeamMessageError(`${where}: reference '${reference}' is unknown`);
        const codec = timestampCodec(
          p.number('bits', 32),
          p.number('shift', 0),
          reference as TimestampReference,
          p.flag('noclip'),
        );
        p.done();
        return codec;
      }
      case 'Enum': {
        noArgs();
        const name = p.string('type', '');
        const constants = options.enums[name];
        if (!constants) throw new TeamMessageError(`${where}: enum '${name}' is unknown`);
        const codec = enumCodec(name, constants.length, p.flag('uncompressed'));
        p.done();
        return codec;
      }
      case 'Vector': {
        const element = arg();
        const codec = vectorCodec(element, p.number('n', 2));
        p.done();
        return codec;
      }
      case 'Matrix': {
        const element = arg();
        const codec = matrixCodec(element, p.number('m', 2), p.number('n', 2), p.flag('symmetric'));
        p.done();
        return codec;
      }
      default:
        noArgs();
        p.done();
        return record(type.name, depth + 1);
    }
  };

  return record(root, 0);
}

/** Reads a type's parameters and complains about any that were not read. */
class Params {
  private readonly used = new Set<string>();

  constructor(
    private readonly type: DefType,
    private readonly where: string,
  ) {}

  optionalNumber(key: string): number | undefined {
    this.used.add(key);
    const v = this.type.params[key];
    if (v === undefined) return undefined;
    const n = typeof v === 'string' ? Number(v) : NaN;
    if (!Number.isFinite(n)) throw new TeamMessageError(`${this.where}: ${key} must be a number`);
    return n;
  }

  number(key: string, fallback: number): number {
    return this.optionalNumber(key) ?? fallback;
  }

  string(key: string, fallback: string): string {
    this.used.add(key);
    const v = this.type.params[key];
    if (v === true) throw new TeamMessageError(`${this.where}: ${key} needs a value`);
    return v ?? fallback;
  }

  flag(key: string): boolean {
    this.used.add(key);
    const v = this.type.params[key];
    if (v !== undefined && v !== true) throw new TeamMessageError(`${this.where}: ${key} takes no value`);
    return v === true;
  }

  done(): void {
    const unknown = Object.keys(this.type.params).filter((k) => !this.used.has(k));
    if (unknown.length) throw new TeamMessageError(`${this.where}: unknown parameter ${unknown.join(', ')}`);
  }
}
