/**
 * The generic syntax tree of a config map (`.cfg`). It keeps what a typed reader needs (structure, literal text,
 * whether a literal was quoted) plus source positions for diagnostics, and nothing about types: the same tree
 * serves the checker, the formatter and every typed binding.
 */

/** A 1-based source position; `col` counts UTF-16 code units (a tab is one column), as editors do. */
export interface ConfigPos {
  readonly row: number;
  readonly col: number;
}

/** One `key = value;` entry of a record, in source order. */
export interface ConfigEntry {
  readonly key: string;
  readonly keyPos: ConfigPos;
  readonly value: ConfigNode;
}

/** `{ key = value; … }`; the root of a file is a record whose position is the file's start (or its `{` in JSON). */
export interface ConfigRecord {
  readonly kind: 'record';
  readonly entries: ConfigEntry[];
  readonly pos: ConfigPos;
}

/** `[ a, b, ]`; elements are literals or records (and arrays in the JSON-like variant). */
export interface ConfigArray {
  readonly kind: 'array';
  readonly elements: ConfigNode[];
  readonly pos: ConfigPos;
}

/** A bare or quoted literal; `text` is unescaped and without quotes, `pos` is its first character. */
export interface ConfigLiteral {
  readonly kind: 'literal';
  readonly text: string;
  readonly quoted: boolean;
  readonly pos: ConfigPos;
}

/** Any node of the tree. */
export type ConfigNode = ConfigRecord | ConfigArray | ConfigLiteral;

/** Position used for nodes built in code rather than parsed (writers ignore positions). */
export const NO_POS: ConfigPos = Object.freeze({ row: 0, col: 0 });

/** Builds a literal node; `quoted` only records a preference, the writer still quotes whenever it must. */
export function configLiteral(text: string, quoted = false, pos: ConfigPos = NO_POS): ConfigLiteral {
  return { kind: 'literal', text, quoted, pos };
}

/** Builds an array node. */
export function configArray(elements: ConfigNode[], pos: ConfigPos = NO_POS): ConfigArray {
  return { kind: 'array', elements, pos };
}

/** Builds a record node from `[key, value]` pairs in order. */
export function configRecord(
  entries: readonly (readonly [string, ConfigNode])[],
  pos: ConfigPos = NO_POS,
): ConfigRecord {
  return { kind: 'record', entries: entries.map(([key, value]) => ({ key, keyPos: NO_POS, value })), pos };
}

/** The value of `key` in a record, or undefined. Linear, which is fine for config-sized records. */
export function getEntry(record: ConfigRecord, key: string): ConfigEntry | undefined {
  return record.entries.find((e) => e.key === key);
}

/**
 * Where the value at `path` (`motion.keyframes[2].duration`, the paths diagnostics use) was written: the position
 * of the deepest node of the path that exists in the tree (the root's when nothing matches).
 */
export function positionOfPath(root: ConfigNode, path: string): ConfigPos {
  let node: ConfigNode = root;
  let pos = root.pos;
  for (const step of path.match(/[^.[\]]+|\[\d+\]/g) ?? []) {
    if (step.startsWith('[')) {
      const element: ConfigNode | undefined =
        node.kind === 'array' ? node.elements[Number(step.slice(1, -1))] : undefined;
      if (!element) break;
      node = element;
      pos = element.pos;
    } else {
      const entry = node.kind === 'record' ? getEntry(node, step) : undefined;
      if (!entry) break;
      node = entry.value;
      pos = entry.value.kind === 'literal' ? entry.value.pos : entry.keyPos;
    }
  }
  return pos;
}
