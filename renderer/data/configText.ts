/**
 * @file A data-view tree written back as config-map text (formats §6.2), the form `set <key> <data>` reads: the
 * record body `a = 1; b = {x = 2;};` for objects, the bare value otherwise. Angles are written in degrees with
 * the `deg` suffix (as the robot's writer does), except the joint sentinels 10000/20000, which stay plain.
 */
import type { DataNode } from '../../app/ipc/viewData';

/** Joint angle sentinels ("off", "ignore") that must not be converted. */
const ANGLE_SENTINELS: ReadonlySet<number> = new Set([10000, 20000]);

/** Characters that force a string to be quoted. */
const NEEDS_QUOTES = /[\s=,;\]}"]/;

/** A number as config text (no exponent for ordinary magnitudes, integers without decimals). */
export function numberText(v: number): string {
  if (!Number.isFinite(v)) return '0';
  const rounded = Math.round(v * 1e9) / 1e9;
  return String(rounded);
}

/**
 * A number as shown in the data view: float32 values (`float`, `Angle`) with the 7 significant digits they
 * carry, so 20 does not read as 19.999999418; other numbers as config text.
 */
export function displayNumber(v: number, type: string): string {
  if (!Number.isFinite(v)) return String(v);
  return type === 'float' || type === 'Angle' ? String(Number(v.toPrecision(7))) : numberText(v);
}

/** Radians → degrees for display; sentinels stay as they are. */
export function angleToDegrees(rad: number): number {
  return ANGLE_SENTINELS.has(rad) ? rad : (rad * 180) / Math.PI;
}

/** Degrees → radians; sentinels stay as they are. */
export function degreesToAngle(deg: number): number {
  return ANGLE_SENTINELS.has(deg) ? deg : (deg * Math.PI) / 180;
}

function stringText(s: string): string {
  if (s !== '' && !NEEDS_QUOTES.test(s)) return s;
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\t/g, '\\t').replace(/\r/g, '\\r')}"`;
}

/** The value of one node as config text. */
export function valueText(node: DataNode): string {
  switch (node.kind) {
    case 'record':
      return `{${(node.children ?? []).map((c) => `${c.name} = ${valueText(c)};`).join(' ')}}`;
    case 'list':
      return `[${(node.children ?? []).map(valueText).join(', ')}]`;
    case 'angle': {
      const v = Number(node.value);
      return ANGLE_SENTINELS.has(v) ? numberText(v) : `${displayNumber(angleToDegrees(v), 'float')}deg`;
    }
    case 'integer':
      return String(Math.round(Number(node.value)));
    case 'number':
      return displayNumber(Number(node.value), node.type);
    case 'bool':
      return node.value ? 'true' : 'false';
    case 'enum':
      return node.enumNames?.[Number(node.value)] ?? String(node.value);
    case 'string':
      return stringText(String(node.value ?? ''));
    case 'bytes':
      return '[]';
  }
}

/** The `<data>` of `set <key> <data>` for a whole tree. */
export function setDataText(tree: DataNode): string {
  if (tree.kind === 'record') return (tree.children ?? []).map((c) => `${c.name} = ${valueText(c)};`).join(' ');
  return valueText(tree);
}

/** A copy of `tree` with the node at `path` (child indices) given `value`. */
export function withValue(tree: DataNode, path: readonly number[], value: number | boolean | string): DataNode {
  if (path.length === 0) return { ...tree, value };
  const [i, ...rest] = path;
  const children = (tree.children ?? []).map((c, k) => (k === i ? withValue(c, rest, value) : c));
  return { ...tree, children };
}
