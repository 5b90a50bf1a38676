/**
 * @file ROS 1 message definitions (`ros1msg`) that describe B-Human's binary streaming of a representation exactly,
 * so that an export writes a representation's logged bytes as they are (message encoding `ros1`) and Foxglove or
 * Lichtblick decode them by name. Both formats are little-endian and unpadded, write a dynamic array (`T*`) as a
 * uint32 count and its elements, a string as a uint32 length and its bytes, and a fixed array (`T[n]`) as just its
 * elements; B-Human's ENUMs are one byte (`uint8`, preceded by their constants, which Foxglove shows as names), bool
 * is one byte, Angle a float. What ROS 1 cannot say yields no definition, and the representation stays JSON: arrays
 * of arrays, classes that contain themselves, and the classes whose stream operators B-Human writes by hand.
 */
import { handWrittenStream } from '@robot-runtime/protocol/binary/codecs/handWritten';
import type { TypeInfo } from '@robot-runtime/protocol/typeInfo/TypeInfo';
import { NestingGuard, parseTypeName, TypeNestingError } from '@robot-runtime/protocol/typeInfo/typeName';

/** The ROS 1 type of each B-Human primitive. */
const PRIMITIVES = new Map<string, string>([
  ['bool', 'bool'],
  ['char', 'int8'],
  ['signed char', 'int8'],
  ['unsigned char', 'uint8'],
  ['short', 'int16'],
  ['unsigned short', 'uint16'],
  ['int', 'int32'],
  ['unsigned int', 'uint32'],
  ['float', 'float32'],
  ['double', 'float64'],
  ['std::string', 'string'],
  ['Angle', 'float32'],
]);

/** The package every generated message type is in. */
const PACKAGE = 'pitchside';

/** Separates the dependent message definitions in a ros1msg schema. */
const SEPARATOR = '='.repeat(80);

/** The element suffixes of B-Human's Eigen aliases. */
const EIGEN_SUFFIXES = new Map([
  ['float', 'f'],
  ['double', 'd'],
  ['int', 'i'],
  ['short', 's'],
  ['unsigned char', 'uc'],
]);

/** B-Human's name for `Eigen::Matrix<T,rows,cols,…>` (Vector2f, Matrix3f, Matrix2x3f), if it is one. */
function eigenAlias(typeName: string): string | undefined {
  const m = /^Eigen::Matrix<([^,]+),(\d+),(\d+)(?:,[^>]*)?>$/.exec(typeName);
  const suffix = m && EIGEN_SUFFIXES.get(m[1]!);
  if (!m || !suffix) return undefined;
  const [rows, cols] = [m[2]!, m[3]!];
  if (cols === '1') return `Vector${rows}${suffix}`;
  return rows === cols ? `Matrix${rows}${suffix}` : `Matrix${rows}x${cols}${suffix}`;
}

/** Why a type has no ROS 1 definition. */
class Inexpressible extends Error {}

/** Generates the definitions of one TypeInfo's classes, each once, under names unique within it. */
class Ros1Definitions {
  /** The ROS 1 name of each class already named. */
  private readonly names = new Map<string, string>();
  private readonly taken = new Set<string>();
  /** The body (field and constant lines) of each class defined so far. */
  private readonly bodies = new Map<string, string>();
  private readonly visiting = new Set<string>();
  private readonly guard = new NestingGuard();

  constructor(private readonly info: TypeInfo) {}

  /** The ros1msg schema text of `typeName`: its own fields, then each class it uses. */
  schema(typeName: string): string {
    const main = this.body(typeName);
    const used = this.dependencies(typeName);
    return [main, ...used.map((c) => `${SEPARATOR}\nMSG: ${this.nameOf(c)}\n${this.bodies.get(c)!}`)].join('\n');
  }

  /**
   * The qualified ROS 1 name of class `typeName`: B-Human's alias for an Eigen matrix (Vector2f, Matrix3f), else
   * its C++ name with `::`, `<`, `,` and `>` spelt as `_`.
   */
  nameOf(typeName: string): string {
    const known = this.names.get(typeName);
    if (known) return known;
    let base = eigenAlias(typeName) ?? typeName.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
    if (!/^[A-Za-z]/.test(base)) base = `T${base}`;
    let name = `${PACKAGE}/${base}`;
    for (let i = 2; this.taken.has(name); i++) name = `${PACKAGE}/${base}${i}`;
    this.taken.add(name);
    this.names.set(typeName, name);
    return name;
  }

  /** The field and constant lines of class `typeName`. */
  private body(typeName: string): string {
    const known = this.bodies.get(typeName);
    if (known !== undefined) return known;
    const attributes = this.info.classes.get(typeName);
    if (!attributes) throw new Inexpressible(`${typeName} is not a class`);
    if (handWrittenStream(typeName, attributes)) throw new Inexpressible(`${typeName} streams itself by hand`);
    if (this.visiting.has(typeName)) throw new Inexpressible(`${typeName} contains itself`);
    this.visiting.add(typeName);
    this.guard.enter(typeName);
    try {
      const lines: string[] = [];
      const constants = new Set<string>();
      for (const a of attributes) {
        if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(a.name)) throw new Inexpressible(`field name ${a.name}`);
        const type = this.fieldType(a.type);
        const element = parseTypeName(a.type);
        const enumName =
          element.kind === 'named'
            ? element.name
            : parseTypeName(element.element).kind === 'named'
              ? element.element
              : '';
        const enumConstants = this.info.enums.get(enumName);
        if (enumConstants && enumConstants.length <= 256) {
          // Constants of the field's type right before it: Foxglove shows a value by its constant's name.
          enumConstants.forEach((c, i) => {
            let name = /^[A-Za-z][A-Za-z0-9_]*$/.test(c) ? c : `${a.name}_${i}`;
            if (constants.has(name)) name = `${a.name}_${name}`;
            constants.add(name);
            lines.push(`uint8 ${name}=${i}`);
          });
        }
        lines.push(`${type} ${a.name}`);
      }
      const body = lines.join('\n');
      this.bodies.set(typeName, body);
      return body;
    } finally {
      this.guard.leave();
      this.visiting.delete(typeName);
    }
  }

  /** The ROS 1 type of an attribute of B-Human type `typeName`. */
  private fieldType(typeName: string): string {
    const parsed = parseTypeName(typeName);
    if (parsed.kind === 'named') return this.elementType(parsed.name);
    if (parseTypeName(parsed.element).kind !== 'named') throw new Inexpressible(`${typeName} is an array of arrays`);
    const element = this.elementType(parsed.element);
    return parsed.kind === 'dynamic' ? `${element}[]` : `${element}[${parsed.length}]`;
  }

  private elementType(name: string): string {
    const primitive = PRIMITIVES.get(name);
    if (primitive) return primitive;
    if (this.info.enums.has(name)) return 'uint8';
    this.body(name);
    return this.nameOf(name);
  }

  /** Every class `typeName` uses, directly or not, each once, in the order first used. */
  private dependencies(typeName: string): string[] {
    const found: string[] = [];
    const seen = new Set([typeName]);
    const visit = (c: string): void => {
      for (const a of this.info.classes.get(c) ?? []) {
        let t = parseTypeName(a.type);
        if (t.kind !== 'named') t = parseTypeName(t.element);
        if (t.kind !== 'named' || seen.has(t.name) || !this.info.classes.has(t.name)) continue;
        seen.add(t.name);
        found.push(t.name);
        visit(t.name);
      }
    };
    visit(typeName);
    return found;
  }
}

const perTypeInfo = new WeakMap<TypeInfo, { definitions: Ros1Definitions; schemas: Map<string, string | undefined> }>();

/**
 * The ros1msg schema (and its name) under which `typeName`'s logged bytes decode as they are, or undefined when
 * ROS 1 cannot describe them. Cached per TypeInfo.
 */
export function ros1Schema(info: TypeInfo, typeName: string): { name: string; definition: string } | undefined {
  let cached = perTypeInfo.get(info);
  if (!cached) perTypeInfo.set(info, (cached = { definitions: new Ros1Definitions(info), schemas: new Map() }));
  if (!cached.schemas.has(typeName)) {
    let definition: string | undefined;
    try {
      definition = cached.definitions.schema(typeName);
    } catch (e) {
      if (!(e instanceof Inexpressible || e instanceof TypeNestingError)) throw e;
    }
    cached.schemas.set(typeName, definition);
  }
  const definition = cached.schemas.get(typeName);
  return definition === undefined ? undefined : { name: cached.definitions.nameOf(typeName), definition };
}
