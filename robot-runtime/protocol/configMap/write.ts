import type { ConfigArray, ConfigNode, ConfigRecord } from './ConfigNode';
import { ConfigError } from './ConfigError';
import { literalSource } from './quoting';

/**
 * How the writer lays out records and arrays: `multiLine` (one entry per line, 2-space indent: files),
 * `singleLine` (everything on one line: the console's `get`), `singleLineInnermost` (multi-line, but records and
 * arrays holding no records or arrays go on one line when that line fits: `mr save`).
 */
export type ConfigStyle = 'multiLine' | 'singleLine' | 'singleLineInnermost';

/** Writer options. */
export interface WriteConfigOptions {
  /** Default `multiLine`. */
  style?: ConfigStyle;
  /** Longest line `singleLineInnermost` may produce by collapsing (indent included). Default 120. */
  maxLineLength?: number;
  /** Named in the ConfigError thrown for trees that .cfg syntax cannot express. */
  file?: string;
}

const INDENT = '  ';

function isContainer(node: ConfigNode): node is ConfigRecord | ConfigArray {
  return node.kind !== 'literal';
}

function isLeaf(node: ConfigNode): boolean {
  return node.kind === 'literal' || (node.kind === 'record' ? node.entries.length === 0 : node.elements.length === 0);
}

/** Holds only literals and empty containers (`{q = [];}` is as innermost as `{q = 1;}`). */
function isInnermost(node: ConfigRecord | ConfigArray): boolean {
  return node.kind === 'record' ? node.entries.every((e) => isLeaf(e.value)) : node.elements.every(isLeaf);
}

/** Serialises generic trees; one instance per call keeps the options at hand without threading them through. */
class ConfigWriter {
  constructor(
    readonly style: ConfigStyle,
    private readonly maxLineLength: number,
    private readonly file: string,
  ) {}

  private checkArray(array: ConfigArray): void {
    for (const e of array.elements) {
      if (e.kind === 'array')
        throw ConfigError.at(this.file, e.pos, 'an array inside an array cannot be written in .cfg syntax');
    }
  }

  /** `{a = 1; b = [x, y];}` or, for the root, `a = 1; b = [x, y];`. */
  single(node: ConfigNode, root = false): string {
    switch (node.kind) {
      case 'literal':
        return literalSource(node.text, node.quoted);
      case 'array':
        this.checkArray(node);
        return `[${node.elements.map((e) => this.single(e)).join(', ')}]`;
      case 'record': {
        const body = node.entries.map((e) => `${literalSource(e.key, false)} = ${this.single(e.value)};`).join(' ');
        return root ? body : `{${body}}`;
      }
    }
  }

  /** The value's text when it starts after `prefix` at `indent` and is followed by `suffix` (`;` or `,`). */
  multi(node: ConfigNode, indent: string, prefix: string, suffix: string): string {
    if (!isContainer(node)) return `${indent}${prefix}${this.single(node)}${suffix}`;
    if (node.kind === 'array') this.checkArray(node);
    const empty = node.kind === 'record' ? node.entries.length === 0 : node.elements.length === 0;
    if (empty || (this.style === 'singleLineInnermost' && isInnermost(node))) {
      const line = `${indent}${prefix}${this.single(node)}${suffix}`;
      if (empty || line.length <= this.maxLineLength) return line;
    }
    const inner = indent + INDENT;
    const [open, close] = node.kind === 'record' ? ['{', '}'] : ['[', ']'];
    // No comma after the last element, as B-Human's writer does (the parser accepts one either way).
    const last = node.kind === 'array' ? node.elements.length - 1 : -1;
    const body =
      node.kind === 'record'
        ? this.entries(node, inner)
        : node.elements.map((e, i) => this.multi(e, inner, '', i === last ? '' : ','));
    return [`${indent}${prefix}${open}`, ...body, `${indent}${close}${suffix}`].join('\n');
  }

  entries(record: ConfigRecord, indent: string): string[] {
    return record.entries.map((e) => this.multi(e.value, indent, `${literalSource(e.key, false)} = `, ';'));
  }
}

/**
 * Canonical config-map text for a tree. A root record is written as a file body (entries only; multi-line
 * styles end with a newline); any other node as the bare value. Literals are quoted exactly when they were
 * quoted or must be (see needsQuotes), so `parseConfig(writeConfig(tree))` reproduces the tree.
 * Throws ConfigError for arrays nested in arrays (JSON-like input), which .cfg syntax cannot express.
 */
export function writeConfig(node: ConfigNode, options: WriteConfigOptions = {}): string {
  const writer = new ConfigWriter(
    options.style ?? 'multiLine',
    options.maxLineLength ?? 120,
    options.file ?? '<output>',
  );
  if (writer.style === 'singleLine' || node.kind === 'literal') return writer.single(node, true);
  if (node.kind === 'array') return writer.multi(node, '', '', '');
  return writer
    .entries(node, '')
    .map((line) => `${line}\n`)
    .join('');
}
