/**
 * @file The one tokenizer of console lines, shared by the host's consoles and the simulator's commands and start
 * scripts. It splits a line the way the console's config text stream does (formats §1.1): whitespace-separated
 * tokens, `"…"` quoting with `\n \r \t \\ \"` escapes, and `#`, `//` and `/* … *\/` comments. Tokens keep their
 * source span, because `set <key> <data>` needs the raw text of its data (quotes included) and the `value = <data>;`
 * rule asks whether an *unquoted* token contains `=`. A line is parsed once, where it enters (typed, read from a
 * script, generated): the parsed {@link ConsoleLine} is what the controller, the robot consoles and the simulator
 * pass on, never its text joined again.
 */

/** One token of a console line. */
export interface Token {
  /** The token's text: quotes removed and escapes resolved for quoted tokens. */
  readonly text: string;
  /** True when the token was written in double quotes. */
  readonly quoted: boolean;
  /** Offset of the token's first character (its opening quote) in the line. */
  readonly start: number;
  /** Offset just past the token (past the closing quote). */
  readonly end: number;
}

/** A tokenized line: its tokens and the part of the line before any trailing comment. */
export interface TokenizedLine {
  readonly tokens: readonly Token[];
  /** The line with a trailing comment cut off (block comments inside the line are kept in the raw text). */
  readonly content: string;
}

/** A console line parsed once: its text as typed and its tokens. */
export interface ConsoleLine extends TokenizedLine {
  /** The line as typed (error messages quote it). */
  readonly text: string;
}

/** Parses a line once; an already parsed line is returned as it is. */
export function parseLine(line: string | ConsoleLine): ConsoleLine {
  return typeof line === 'string' ? { text: line, ...tokenizeLine(line) } : line;
}

const ESCAPES: Readonly<Record<string, string>> = { n: '\n', r: '\r', t: '\t', '\\': '\\', '"': '"' };

function isSpace(ch: string | undefined): boolean {
  return ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r' || ch === '\v' || ch === '\f';
}

/**
 * Tokenizes one console line. Comments start only where a token could start (so `a#b` is one token, while
 * `a #b` ends at the comment), which keeps names like `module:X` and hex colours intact. An unterminated quote
 * takes the rest of the line rather than failing: a console line is typed by hand and should do what it says.
 */
export function tokenizeLine(line: string): TokenizedLine {
  const tokens: Token[] = [];
  let i = 0;
  const n = line.length;
  let contentEnd = n;
  while (i < n) {
    const ch = line[i]!;
    if (isSpace(ch)) {
      i++;
      continue;
    }
    if (ch === '#' || (ch === '/' && line[i + 1] === '/')) {
      contentEnd = i;
      break;
    }
    if (ch === '/' && line[i + 1] === '*') {
      const close = line.indexOf('*/', i + 2);
      if (close < 0) {
        contentEnd = i;
        break;
      }
      i = close + 2;
      continue;
    }
    const start = i;
    if (ch === '"') {
      let text = '';
      i++;
      while (i < n && line[i] !== '"') {
        if (line[i] === '\\' && i + 1 < n) {
          const escaped = line[i + 1]!;
          text += ESCAPES[escaped] ?? escaped;
          i += 2;
        } else text += line[i++];
      }
      if (i < n) i++; // closing quote
      tokens.push({ text, quoted: true, start, end: i });
      continue;
    }
    while (i < n && !isSpace(line[i])) i++;
    tokens.push({ text: line.slice(start, i), quoted: false, start, end: i });
  }
  return { tokens, content: line.slice(0, contentEnd) };
}

/**
 * Sequential access to a command's tokens, as each command parses its own arguments. `rawRest()` returns the
 * unprocessed source text after the consumed tokens, for commands whose data is itself a syntax (`set`).
 */
export class CommandArgs {
  private index = 0;

  constructor(
    readonly tokens: readonly Token[],
    /** The line's content (comments removed), against which token offsets are taken. */
    readonly content: string,
  ) {}

  /** Reads the tokens of `line` (parsing it first when it is text). */
  static fromLine(line: string | ConsoleLine): CommandArgs {
    const { tokens, content } = parseLine(line);
    return new CommandArgs(tokens, content);
  }

  /** The token texts not yet consumed (consumes them). */
  words(): string[] {
    return this.rest().map((t) => t.text);
  }

  /** The next token's text without consuming it. */
  peek(): string | undefined {
    return this.tokens[this.index]?.text;
  }

  /** Consumes and returns the next token's text (undefined at the end). */
  next(): string | undefined {
    return this.tokens[this.index++]?.text;
  }

  /** Consumes the next token if its text equals `text`. */
  accept(text: string): boolean {
    if (this.peek() !== text) return false;
    this.index++;
    return true;
  }

  /** True when every token has been consumed. */
  get done(): boolean {
    return this.index >= this.tokens.length;
  }

  /** How many tokens are left. */
  get remainingCount(): number {
    return Math.max(0, this.tokens.length - this.index);
  }

  /** The tokens not yet consumed (consumes them). */
  rest(): Token[] {
    const rest = this.tokens.slice(this.index);
    this.index = this.tokens.length;
    return rest;
  }

  /** The source text from the next token to the end of the content, trimmed (consumes every token). */
  rawRest(): string {
    const first = this.tokens[this.index];
    this.index = this.tokens.length;
    return first ? this.content.slice(first.start).trim() : '';
  }

  /** A fresh reader over the unconsumed tokens (for `for … <cmd>` handing the rest to another command). */
  remaining(): CommandArgs {
    return new CommandArgs(this.tokens.slice(this.index), this.content);
  }
}
