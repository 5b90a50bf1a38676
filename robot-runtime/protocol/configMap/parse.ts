import type { ConfigArray, ConfigEntry, ConfigNode, ConfigPos, ConfigRecord } from './ConfigNode';
import { ConfigError } from './ConfigError';
import { ConfigLexer, type Token, type TokenKind } from './lexer';
import { showText } from './quoting';

/** Options for the config-map parser. */
export interface ParseConfigOptions {
  /** Use the JSON-like variant (`{"k": v, …}`). Default: whether `file` ends with `.json`, as B-Human decides. */
  json?: boolean;
}

/** Records and arrays nest at most this deep, so hostile input cannot exhaust the stack. */
export const MAX_CONFIG_DEPTH = 200;

function describe(token: Token): string {
  if (token.kind === 'eof') return 'end of file';
  if (token.kind === 'literal') return `${token.quoted ? 'string' : 'literal'} '${showText(token.text)}'`;
  return `'${token.text}'`;
}

/** Recursive-descent parser over ConfigLexer; one token of lookahead, the first error ends parsing. */
class ConfigParser {
  private readonly lexer: ConfigLexer;
  private token: Token;
  private depth = 0;

  constructor(
    text: string,
    private readonly file: string,
    private readonly json: boolean,
  ) {
    this.lexer = new ConfigLexer(text, file, json);
    this.token = this.lexer.next();
  }

  /** The current token's kind, read through a method so TypeScript does not keep narrowing across calls. */
  private kind(): TokenKind {
    return this.token.kind;
  }

  private fail(expected: string, token = this.token): never {
    throw ConfigError.at(this.file, token.pos, `expected ${expected}, found ${describe(token)}`);
  }

  private expect(kind: TokenKind, expected: string): Token {
    const token = this.token;
    if (token.kind !== kind) this.fail(expected);
    this.token = this.lexer.next();
    return token;
  }

  private enter(pos: ConfigPos): void {
    if (++this.depth > MAX_CONFIG_DEPTH)
      throw ConfigError.at(this.file, pos, `records and arrays nest deeper than ${MAX_CONFIG_DEPTH} levels`);
  }

  /** The whole file: a record body (cfg) or one braced record (JSON), then the end of input. */
  parseFile(): ConfigRecord {
    const root = this.json ? this.jsonRecord() : this.recordBody({ row: 1, col: 1 }, 'a key or end of file');
    this.expect('eof', this.json ? 'end of file' : 'a key or end of file');
    return root;
  }

  /** A single value (the console's `set` data), optionally followed by `;`. */
  parseSingleValue(): ConfigNode {
    const value = this.value();
    if (this.token.kind === ';') this.token = this.lexer.next();
    this.expect('eof', 'end of input');
    return value;
  }

  /** `{ key = value; }` entries up to (not including) whatever ends the record. */
  private recordBody(pos: ConfigPos, endExpected: string): ConfigRecord {
    const entries: ConfigEntry[] = [];
    const seen = new Map<string, ConfigPos>();
    while (this.token.kind === 'literal') {
      const entry = this.entry(seen);
      entries.push(entry);
      this.expect(';', `';' after the value of '${showText(entry.key)}'`);
    }
    if (this.token.kind !== 'eof' && this.token.kind !== '}') this.fail(endExpected);
    return { kind: 'record', entries, pos };
  }

  /** `{ "key": value, … }` with an optional trailing comma. */
  private jsonRecord(): ConfigRecord {
    const open = this.expect('{', "'{'");
    this.enter(open.pos);
    const entries: ConfigEntry[] = [];
    const seen = new Map<string, ConfigPos>();
    while (this.token.kind === 'literal') {
      entries.push(this.entry(seen));
      if (this.kind() !== '}') this.expect(',', "',' or '}'");
    }
    this.expect('}', "a key or '}'");
    this.depth--;
    return { kind: 'record', entries, pos: open.pos };
  }

  private entry(seen: Map<string, ConfigPos>): ConfigEntry {
    const keyToken = this.token;
    const first = seen.get(keyToken.text);
    if (first)
      throw ConfigError.at(
        this.file,
        keyToken.pos,
        `duplicate key '${showText(keyToken.text)}' (first defined at ${first.row}:${first.col})`,
      );
    seen.set(keyToken.text, keyToken.pos);
    this.token = this.lexer.next();
    const key = showText(keyToken.text);
    this.expect('=', this.json ? `':' after key '${key}'` : `'=' after key '${key}'`);
    return { key: keyToken.text, keyPos: keyToken.pos, value: this.value() };
  }

  private value(): ConfigNode {
    const token = this.token;
    switch (token.kind) {
      case 'literal':
        this.token = this.lexer.next();
        return { kind: 'literal', text: token.text, quoted: token.quoted, pos: token.pos };
      case '{':
        if (this.json) return this.jsonRecord();
        return this.bracedRecord();
      case '[':
        return this.array();
      default:
        return this.fail('a value');
    }
  }

  private bracedRecord(): ConfigRecord {
    const open = this.expect('{', "'{'");
    this.enter(open.pos);
    const record = this.recordBody(open.pos, "a key or '}'");
    this.expect('}', "a key or '}'");
    this.depth--;
    return record;
  }

  private array(): ConfigArray {
    const open = this.expect('[', "'['");
    this.enter(open.pos);
    const elements: ConfigNode[] = [];
    for (;;) {
      const kind = this.token.kind;
      if (kind === 'literal' || kind === '{' || (this.json && kind === '[')) elements.push(this.value());
      else break;
      if (this.kind() !== ']') this.expect(',', "',' or ']'");
    }
    this.expect(']', this.json ? "a value or ']'" : "a literal, '{' or ']'");
    this.depth--;
    return { kind: 'array', elements, pos: open.pos };
  }
}

function guarded<T>(file: string, run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (e instanceof ConfigError) throw e;
    // Only ConfigError may escape a parser; anything else is a bug, still reported with the file it concerns.
    throw new ConfigError(file, 1, 1, `internal parser error: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/**
 * Parses a config map into its generic tree. Throws ConfigError (and only ConfigError) at the first problem:
 * syntax errors, unterminated strings or comments, duplicate keys, excessive nesting.
 */
export function parseConfig(text: string, file = '<input>', options: ParseConfigOptions = {}): ConfigRecord {
  const json = options.json ?? file.toLowerCase().endsWith('.json');
  return guarded(file, () => new ConfigParser(text, file, json).parseFile());
}

/**
 * Parses one value (literal, `{ record }` or `[ array ]`), optionally followed by `;`, as typed after the key in
 * the console's `set` command. Throws ConfigError.
 */
export function parseConfigValue(text: string, file = '<input>', options: ParseConfigOptions = {}): ConfigNode {
  return guarded(file, () => new ConfigParser(text, file, options.json ?? false).parseSingleValue());
}
