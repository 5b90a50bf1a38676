/**
 * @file The data view's model: a decoded debug data object walked along its type (built from the robot's
 * TypeInfo) into a tree of named, typed nodes. The renderer edits leaves and writes the tree back as config-map
 * text, so it never needs the TypeInfo itself.
 */
import type { AnyType, TypeRef } from '@robot-runtime/protocol/types';
import type { DataNode } from '../../ipc/viewData';

/** Integer primitives (edited without decimals). */
const INTEGER_PRIMITIVES: ReadonlySet<string> = new Set([
  'char',
  'int8',
  'uint8',
  'int16',
  'uint16',
  'int32',
  'uint32',
]);

/** The tree of `value` (of type `type`) under the name `name`. */
export function dataTree(name: string, type: TypeRef<unknown> | AnyType, value: unknown): DataNode {
  const t = type as AnyType;
  switch (t.kind) {
    case 'primitive': {
      const p = t.primitive;
      if (p === 'bool') return { name, type: t.typeName, kind: 'bool', value: Boolean(value) };
      if (p === 'string') return { name, type: t.typeName, kind: 'string', value: String(value ?? '') };
      const kind = p === 'angle' ? 'angle' : INTEGER_PRIMITIVES.has(p) ? 'integer' : 'number';
      return { name, type: t.typeName, kind, value: typeof value === 'number' ? value : Number(value) };
    }
    case 'enum':
      return { name, type: t.typeName, kind: 'enum', value: typeof value === 'number' ? value : 0, enumNames: t.names };
    case 'bytes':
      return { name, type: t.typeName, kind: 'bytes', value: value instanceof Uint8Array ? value.length : 0 };
    case 'class': {
      const fields = (t.adapter ? t.adapter.toFields(value) : value) as Record<string, unknown>;
      return {
        name,
        type: t.typeName,
        kind: 'record',
        children: t.fieldNames.map((f) => dataTree(f, t.fields[f]!.type, fields?.[f])),
      };
    }
    case 'array':
    case 'vector':
    case 'enumArray': {
      const items = Array.isArray(value) ? value : [];
      const element = t.element;
      return {
        name,
        type: t.typeName,
        kind: 'list',
        fixed: t.kind !== 'vector',
        children: items.map((item, i) => dataTree(`[${i}]`, element, item)),
      };
    }
    case 'optional':
      return value === undefined
        ? { name, type: t.typeName, kind: 'string', value: '' }
        : dataTree(name, t.element, value);
    default:
      return { name, type: (t as { typeName: string }).typeName, kind: 'string', value: JSON.stringify(value) ?? '' };
  }
}
