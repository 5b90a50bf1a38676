import type { ConfigPos } from './ConfigNode';
import { ConfigError } from './ConfigError';
import { isConfigSpace } from './quoting';

/** Token kinds: the punctuation itself, a literal, or the end of input. */
export type TokenKind = '=' | ',' | ';' | '[' | ']' | '{' | '}' | 'literal' | 'eof';

/** One token with the position of its first character. */
export interface Token {
  kind: TokenKind;
  /** Unescaped text of a literal (without quotes); the punctuation for other kinds. */
  text: string;
  quoted: boolean;
  pos: ConfigPos;
}

const PUNCTUATION = new Set(['=', ',', ';', '[', ']', '{', '}']);
const CFG_STOPS = new Set(['=', ',', ';', ']', '}']);
const JSON_STOPS = new Set(['=', ',', ';', ']', '}', ':']);
const CFG_ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t' };
const JSON_ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };

/**
 * Splits config-map text into tokens. A bare literal runs to the next `= , ; ] }`, so it may contain spaces,
 * brackets, quotes or `//` inside words. Every loop advances, so lexing is linear in the input and cannot hang.
 */
export class ConfigLexer {
  private i = 0;
  private row = 1;
  private lineStart = 0;
  private readonly stops: Set<string>;

  constructor(
    private readonly text: string,
    private readonly file: string,
    private readonly json: boolean,
  ) {
    this.stops = json ? JSON_STOPS : CFG_STOPS;
    if (text.charCodeAt(0) === 0xfeff) this.i = this.lineStart = 1; // a BOM is not content, and not a column
  }

  /** The position of the next unread character. */
  private pos(): ConfigPos {
    return { row: this.row, col: this.i - this.lineStart + 1 };
  }

  private advance(): void {
    if (this.text[this.i] === '\n') {
      this.row++;
      this.lineStart = this.i + 1;
    }
    this.i++;
  }

  private fail(pos: ConfigPos, reason: string): never {
    throw ConfigError.at(this.file, pos, reason);
  }

  /** Skips whitespace and comments; throws on an unterminated block comment. */
  private skipTrivia(): void {
    const s = this.text;
    for (;;) {
      while (this.i < s.length && isConfigSpace(s[this.i])) this.advance();
      if (s[this.i] !== '/') return;
      const next = s[this.i + 1];
      if (next === '/') {
        while (this.i < s.length && s[this.i] !== '\n') this.advance();
      } else if (next === '*') {
        const start = this.pos();
        this.advance();
        this.advance();
        while (this.i < s.length && !(s[this.i] === '*' && s[this.i + 1] === '/')) this.advance();
        if (this.i >= s.length) this.fail(start, "unterminated comment: '/*' has no matching '*/'");
        this.advance();
        this.advance();
      } else return;
    }
  }

  /** Reads the next token. */
  next(): Token {
    this.skipTrivia();
    const s = this.text;
    const pos = this.pos();
    if (this.i >= s.length) return { kind: 'eof', text: '', quoted: false, pos };
    const c = s[this.i]!;
    if (this.json && c === ':') {
      this.advance();
      return { kind: '=', text: ':', quoted: false, pos };
    }
    if (PUNCTUATION.has(c)) {
      this.advance();
      return { kind: c as TokenKind, text: c, quoted: false, pos };
    }
    if (c === '"') return { kind: 'literal', text: this.quoted(pos), quoted: true, pos };
    const start = this.i;
    while (this.i < s.length && !this.stops.has(s[this.i]!) && !this.commentEndsLiteral(start)) this.advance();
    let end = this.i;
    while (end > start && isConfigSpace(s[end - 1])) end--;
    return { kind: 'literal', text: s.slice(start, end), quoted: false, pos };
  }

  /**
   * A comment after whitespace ends a bare literal (`x = 5 // note` reads `5`), while `//` inside a word stays
   * text (`url = http://host;`). B-Human only sees comments where a token starts; this is the one place where we
   * accept more, because "comments wherever whitespace may be" is what people write.
   * In JSON mode a bare literal (number, true, null) also ends at whitespace, a quote or an opening bracket.
   */
  private commentEndsLiteral(start: number): boolean {
    const s = this.text;
    const c = s[this.i];
    if (this.json && (isConfigSpace(c) || c === '"' || c === '{' || c === '[')) return true;
    return (
      c === '/' && (s[this.i + 1] === '/' || s[this.i + 1] === '*') && this.i > start && isConfigSpace(s[this.i - 1])
    );
  }

  private quoted(pos: ConfigPos): string {
    const s = this.text;
    const escapes = this.json ? JSON_ESCAPES : CFG_ESCAPES;
    this.advance();
    let out = '';
    let runStart = this.i;
    while (this.i < s.length && s[this.i] !== '"') {
      if (s[this.i] !== '\\') {
        this.advance();
        continue;
      }
      out += s.slice(runStart, this.i);
      this.advance();
      if (this.i >= s.length) break;
      const e = s[this.i]!;
      if (this.json && e === 'u' && /^[0-9a-fA-F]{4}$/.test(s.slice(this.i + 1, this.i + 5))) {
        out += String.fromCharCode(parseInt(s.slice(this.i + 1, this.i + 5), 16));
        for (let k = 0; k < 5; k++) this.advance();
      } else {
        out += escapes[e] ?? e; // any other escaped character stands for itself (\" and \\ included)
        this.advance();
      }
      runStart = this.i;
    }
    if (this.i >= s.length) this.fail(pos, "unterminated string: missing closing '\"'");
    out += s.slice(runStart, this.i);
    this.advance();
    return out;
  }
}
