import { StreamError } from '../binary/StreamError';

/** One item of a text-format message: strings are quoted when needed, booleans print as true/false. */
export type TextItem = string | number | boolean;

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: false });

/** Characters that end an unquoted token (formats §2.2 "Text encodings"). */
function isSeparator(c: string): boolean {
  return c === ' ' || c === '\t' || c === '\r' || c === '\n';
}

/** Whether OutText must quote `s`: empty, starting with a quote, or containing whitespace a reader would split on. */
function needsQuotes(s: string): boolean {
  if (s.length === 0 || s[0] === '"') return true;
  for (let i = 0; i < s.length; i++) if (isSeparator(s[i]!)) return true;
  return false;
}

/** The text form of one string item (quoted and escaped only when a reader could not otherwise recover it). */
export function quoteTextItem(s: string): string {
  if (!needsQuotes(s)) return s;
  let q = '"';
  for (const c of s) {
    switch (c) {
      case '\n':
        q += '\\n';
        break;
      case '\r':
        q += '\\r';
        break;
      case '\t':
        q += '\\t';
        break;
      case '\\':
        q += '\\\\';
        break;
      case '"':
        q += '\\"';
        break;
      default:
        q += c;
    }
  }
  return `${q}"`;
}

/**
 * Writes items as B-Human's OutText does: each item preceded by one space. Used for idDebugResponse, idText and
 * the text part of idAnnotation.
 */
export function formatTextItems(items: readonly TextItem[]): string {
  let s = '';
  for (const item of items) s += ` ${typeof item === 'string' ? quoteTextItem(item) : String(item)}`;
  return s;
}

/** formatTextItems as UTF-8 bytes (a message payload). */
export function encodeTextItems(items: readonly TextItem[]): Uint8Array {
  return encoder.encode(formatTextItems(items));
}

/**
 * Splits OutText output back into its items (quotes removed, escapes resolved). Unquoted tokens are taken
 * verbatim, because OutText escapes only inside quotes. Throws StreamError at an unterminated quote; `baseOffset`
 * is added to the (character) position.
 */
export function parseTextItems(text: string, baseOffset = 0): string[] {
  const items: string[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    while (i < n && isSeparator(text[i]!)) i++;
    if (i >= n) break;
    if (text[i] === '"') {
      const start = i++;
      let item = '';
      let closed = false;
      while (i < n) {
        const c = text[i++]!;
        if (c === '"') {
          closed = true;
          break;
        }
        if (c === '\\' && i < n) {
          const e = text[i++]!;
          item += e === 'n' ? '\n' : e === 'r' ? '\r' : e === 't' ? '\t' : e;
        } else item += c;
      }
      if (!closed) throw new StreamError('unterminated quoted text item', baseOffset + start);
      items.push(item);
    } else {
      const start = i;
      while (i < n && !isSeparator(text[i]!)) i++;
      items.push(text.slice(start, i));
    }
  }
  return items;
}

/** parseTextItems over a UTF-8 payload. */
export function decodeTextItems(payload: Uint8Array, baseOffset = 0): string[] {
  return parseTextItems(decoder.decode(payload), baseOffset);
}

/** Decodes a UTF-8 payload as a string (invalid sequences become U+FFFD rather than failing). */
export function decodeUtf8(payload: Uint8Array): string {
  return decoder.decode(payload);
}
