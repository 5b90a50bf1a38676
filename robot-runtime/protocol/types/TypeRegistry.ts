import type { AnyType, ClassType, EnumType } from './TypeRef';

/**
 * All declared classes and enums by TypeInfo name. Types are static program data (like B-Human's registry), so
 * one registry per process is right; everything that varies per robot (blackboards, debug state) is passed
 * explicitly instead.
 */
export class TypeRegistry {
  private readonly classes = new Map<string, ClassType>();
  private readonly enums = new Map<string, EnumType>();

  add(type: ClassType | EnumType): void {
    const table: Map<string, ClassType | EnumType> = type.kind === 'class' ? this.classes : this.enums;
    const existing = table.get(type.typeName);
    if (existing && existing !== type) throw new Error(`type '${type.typeName}' is declared twice`);
    table.set(type.typeName, type);
  }

  /** Swaps a declaration for a refined one of the same name (used by adapted classes). */
  replace(type: ClassType | EnumType): void {
    if (type.kind === 'class') this.classes.set(type.typeName, type);
    else this.enums.set(type.typeName, type);
  }

  getClass(name: string): ClassType | undefined {
    return this.classes.get(name);
  }

  getEnum(name: string): EnumType | undefined {
    return this.enums.get(name);
  }

  allClasses(): ClassType[] {
    return [...this.classes.values()];
  }

  allEnums(): EnumType[] {
    return [...this.enums.values()];
  }
}

export const defaultTypeRegistry = new TypeRegistry();

/** Calls `visit` for every type reachable from `roots` (each once), children before nothing in particular. */
export function forEachReachableType(roots: Iterable<AnyType>, visit: (type: AnyType) => void): void {
  const seen = new Set<AnyType>();
  const walk = (type: AnyType): void => {
    if (seen.has(type)) return;
    seen.add(type);
    visit(type);
    switch (type.kind) {
      case 'class':
        for (const name of type.fieldNames) walk(type.fields[name]!.type as AnyType);
        break;
      case 'array':
      case 'vector':
      case 'optional':
        walk(type.element as AnyType);
        break;
      case 'enumArray':
        walk(type.element as AnyType);
        walk(type.index);
        break;
      default:
        break;
    }
  };
  for (const root of roots) walk(root);
}
