import type { ConfigNode } from './ConfigNode';

/** Whitespace as the config lexer sees it (C's isspace in the "C" locale). */
export function isConfigSpace(ch: string | undefined): boolean {
  return ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r' || ch === '\v' || ch === '\f';
}

const MUST_QUOTE = /[ \t\n\r\v\f=,;\]}]/;

/**
 * Whether a literal must be written quoted. formats §6.2's rule (empty, leading `"`, whitespace or one of `= , ; ] }`)
 * plus the few cases where a bare literal would lex differently and so break `parse(write(tree))`: a leading
 * `{` or `[` (structure), a leading `//` or `/*` (comment), and `\v`/`\f` (skipped as whitespace).
 */
export function needsQuotes(text: string): boolean {
  if (text === '') return true;
  const first = text[0];
  if (first === '"' || first === '{' || first === '[') return true;
  if (first === '/' && (text[1] === '/' || text[1] === '*')) return true;
  return MUST_QUOTE.test(text);
}

const ESCAPES: Record<string, string> = { '\\': '\\\\', '"': '\\"', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** The quoted form of a literal: `"` and `\` escaped, and line breaks and tabs as `\n`, `\r`, `\t` for readability. */
export function quoteLiteral(text: string): string {
  return `"${text.replace(/[\\"\n\r\t]/g, (c) => ESCAPES[c]!)}"`;
}

/** A literal as it must appear in a config map: bare when that is unambiguous, quoted otherwise (or if asked). */
export function literalSource(text: string, quoted: boolean): string {
  return quoted || needsQuotes(text) ? quoteLiteral(text) : text;
}

/** A node without positions, for comparing trees structurally. */
export type PlainConfig =
  { record: [string, PlainConfig][] } | { array: PlainConfig[] } | { literal: string; quoted: boolean };

/**
 * The structure of a tree without positions. `quoted` is normalised to "written quoted" (the writer quotes a
 * bare literal that needs it), so a tree and its written-and-reparsed form compare equal.
 */
export function stripPositions(node: ConfigNode): PlainConfig {
  switch (node.kind) {
    case 'record':
      return { record: node.entries.map((e) => [e.key, stripPositions(e.value)]) };
    case 'array':
      return { array: node.elements.map(stripPositions) };
    case 'literal':
      return { literal: node.text, quoted: node.quoted || needsQuotes(node.text) };
  }
}

/** Literal text for messages: control characters escaped and long text cut, so one diagnostic stays one line. */
export function showText(text: string, max = 40): string {
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  return cut.replace(/[\n\r\t]/g, (c) => ESCAPES[c]!);
}
