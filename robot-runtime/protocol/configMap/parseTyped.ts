import type { AnyType } from '../types/TypeRef';
import type { Described } from './Described';
import { getEntry, type ConfigNode } from './ConfigNode';
import { ConfigError } from './ConfigError';
import { diagnosticFromError, readContext, report, type ConfigDiagnostic } from './diagnostics';
import { parseConfig, parseConfigValue } from './parse';
import { showText } from './quoting';
import { readTyped } from './readTyped';

/** A typed value read from text, with every problem found (the value is complete regardless). */
export interface TypedResult<V> {
  value: V;
  diagnostics: ConfigDiagnostic[];
}

/** Types whose config form is a record, so a whole file can be one of them. */
function isRecordShaped(type: AnyType): boolean {
  return type.kind === 'class' || type.kind === 'enumArray';
}

function bind<V>(type: Described<V>, file: string, parse: () => ConfigNode, rootIsValue: boolean): TypedResult<V> {
  const ctx = readContext(file);
  let node: ConfigNode;
  try {
    node = parse();
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    return { value: type.defaultValue() as V, diagnostics: [diagnosticFromError(e)] };
  }
  if (rootIsValue || isRecordShaped(type)) return { value: readTyped(type, node, ctx), diagnostics: ctx.diagnostics };
  // A file can only hold a record; other types are wrapped as `value = …;`, as the console streams them.
  const root = node as Extract<ConfigNode, { kind: 'record' }>;
  const entry = getEntry(root, 'value');
  for (const e of root.entries)
    if (e !== entry) report(ctx, 'warning', e.keyPos, '', `unused attribute '${showText(e.key)}'`);
  if (!entry) {
    report(ctx, 'warning', root.pos, '', "missing attribute 'value' (keeping its default)");
    return { value: type.defaultValue() as V, diagnostics: ctx.diagnostics };
  }
  return { value: readTyped(type, entry.value, ctx, 'value'), diagnostics: ctx.diagnostics };
}

/**
 * Parses a whole config map as `type` (e.g. a module's parameters). Never throws for bad input: syntax errors
 * and binding problems all come back as diagnostics, with defaults standing in for what could not be read.
 */
export function parseTyped<V>(type: Described<V>, text: string, file: string): TypedResult<V> {
  return bind(type, file, () => parseConfig(text, file), false);
}

/** Parses one value text (`30deg`, `{x = 1; y = 2;}`, `[a, b]`) as `type`. Never throws for bad input. */
export function readTypedValue<V>(type: Described<V>, text: string, file = '<console>'): TypedResult<V> {
  return bind(type, file, () => parseConfigValue(text, file), true);
}

/**
 * The data of the console's `set <key> <data>`: data without `=` is a single value (B-Human rewrites it to
 * `value = <data>;`), data with `=` is a record body. Like B-Human, the test is a plain search for `=`, even
 * inside quotes.
 */
export function parseSetData<V>(type: Described<V>, text: string, file = '<console>'): TypedResult<V> {
  return text.includes('=') ? parseTyped(type, text, file) : readTypedValue(type, text, file);
}
