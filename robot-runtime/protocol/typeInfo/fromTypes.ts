import { forEachReachableType, type AnyType, type TypeRegistry } from '../types';
import { emptyTypeInfo, type TypeInfo, type TypeInfoAttribute } from './TypeInfo';

function sameAttributes(a: readonly TypeInfoAttribute[], b: readonly TypeInfoAttribute[]): boolean {
  return a.length === b.length && a.every((x, i) => x.name === b[i]!.name && x.type === b[i]!.type);
}

function sameConstants(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * The TypeInfo of every class and enum reachable from `roots`, named as the descriptors name them. Two
 * different declarations under one name are a declaration bug and throw, because a receiver could not tell
 * which of them a value was written with.
 */
export function typeInfoFromTypes(roots: Iterable<AnyType>): TypeInfo {
  const info = emptyTypeInfo();
  forEachReachableType(roots, (type) => {
    if (type.kind === 'class') {
      const attributes = type.fieldNames.map((name) => ({ name, type: type.fields[name]!.type.typeName }));
      const existing = info.classes.get(type.typeName);
      if (existing && !sameAttributes(existing, attributes))
        throw new Error(`class '${type.typeName}' is declared twice with different fields`);
      info.classes.set(type.typeName, attributes);
    } else if (type.kind === 'enumArray') {
      // B-Human describes an enum-indexed array as a class with one attribute per constant (formats §3.3).
      const attributes = type.index.names.map((name) => ({ name, type: type.element.typeName }));
      info.classes.set(type.typeName, attributes);
    } else if (type.kind === 'enum') {
      const existing = info.enums.get(type.typeName);
      if (existing && !sameConstants(existing, type.names))
        throw new Error(`enum '${type.typeName}' is declared twice with different constants`);
      info.enums.set(type.typeName, [...type.names]);
    }
  });
  return info;
}

/** The TypeInfo of every type declared in `registry` (what a robot announces on connect and logs record). */
export function typeInfoFromRegistry(registry: TypeRegistry): TypeInfo {
  return typeInfoFromTypes([...registry.allClasses(), ...registry.allEnums()]);
}
