/**
 * @file Parser of `teamMessage.def` files (formats §8.1): records of members, each member a type with optional
 * type arguments `<…>`, parameters `(…)` and an array bound `[…]`. Comments are `//` and `/* … *\/`.
 */
import { TeamMessageError } from './TeamMessageError';

/** A bound on an array's element count (inclusive). */
export interface DefCount {
  readonly min: number;
  readonly max: number;
}

/** A type as written: name, type arguments, parameters (a bare parameter is `true`) and an optional array bound. */
export interface DefType {
  readonly name: string;
  readonly args: readonly DefType[];
  readonly params: Readonly<Record<string, string | true>>;
  readonly count?: DefCount;
  readonly line: number;
}

/** One transmitted member of a record. */
export interface DefMember {
  readonly name: string;
  readonly type: DefType;
  readonly line: number;
}

/** A record declaration: the members of one streamable class that go on the wire. */
export interface DefRecord {
  readonly name: string;
  readonly members: readonly DefMember[];
  readonly line: number;
}

/** Largest text accepted (a definition is a few kB; anything bigger is not one). */
const MAX_TEXT = 1 << 20;
/** Largest array bound accepted (a team message has at most 1024 bits). */
const MAX_COUNT = 1024;

const IDENT = /[A-Za-z_][A-Za-z0-9_]*/y;
const VALUE = /[A-Za-z0-9_:.-]+/y;
const NUMBER = /[0-9]+/y;

/** Parses a definition; throws TeamMessageError with the line of the first problem. */
export function parseDef(text: string): DefRecord[] {
  if (text.length > MAX_TEXT)
    throw new TeamMessageError(`teamMessage.def: text of ${text.length} characters is too long`);
  return new DefParser(text).file();
}

class DefParser {
  private pos = 0;
  private linePos = 0;
  private lineNumber = 1;

  constructor(private readonly text: string) {}

  file(): DefRecord[] {
    const records: DefRecord[] = [];
    const names = new Set<string>();
    while (this.skip()) {
      const line = this.line();
      const name = this.ident('record name');
      if (names.has(name)) this.fail(`record ${name} is declared twice`);
      names.add(name);
      this.expect('{');
      const members: DefMember[] = [];
      const memberNames = new Set<string>();
      while (this.peek() !== '}') {
        if (!this.skip()) this.fail(`record ${name} is not closed`);
        const memberLine = this.line();
        const member = this.ident('member name');
        if (memberNames.has(member)) this.fail(`member ${name}.${member} is declared twice`);
        memberNames.add(member);
        this.expect(':');
        members.push({ name: member, type: this.type(), line: memberLine });
      }
      this.expect('}');
      if (!members.length) this.fail(`record ${name} has no members`, line);
      records.push({ name, members, line });
    }
    return records;
  }

  private type(): DefType {
    const line = this.line();
    const name = this.ident('type name');
    const args: DefType[] = [];
    const params: Record<string, string | true> = {};
    if (this.peek() === '<') {
      this.expect('<');
      do args.push(this.type());
      while (this.accept(','));
      this.expect('>');
    }
    if (this.peek() === '(') {
      this.expect('(');
      do {
        const key = this.ident('parameter name');
        if (key in params) this.fail(`parameter ${key} is given twice`);
        params[key] = this.accept('=') ? this.match(VALUE, 'parameter value') : true;
      } while (this.accept(','));
      this.expect(')');
    }
    let count: DefCount | undefined;
    if (this.peek() === '[') {
      this.expect('[');
      if (this.accept(':')) count = { min: 0, max: this.number() };
      else {
        const n = this.number();
        if (this.accept(':')) {
          const m = this.number();
          if (m <= n) this.fail(`array bound [${n}:${m}] needs an upper bound above the lower`);
          count = { min: n, max: m };
        } else count = { min: n, max: n };
      }
      this.expect(']');
    }
    return { name, args, params, count, line };
  }

  private number(): number {
    const n = Number(this.match(NUMBER, 'a count'));
    if (n > MAX_COUNT) this.fail(`array bound ${n} exceeds ${MAX_COUNT}`);
    return n;
  }

  private ident(what: string): string {
    return this.match(IDENT, what);
  }

  private match(re: RegExp, what: string): string {
    this.skip();
    re.lastIndex = this.pos;
    const m = re.exec(this.text);
    if (!m) this.fail(`expected ${what}`);
    this.pos += m[0].length;
    return m[0];
  }

  private accept(c: string): boolean {
    if (this.peek() !== c) return false;
    this.pos++;
    return true;
  }

  private expect(c: string): void {
    if (!this.accept(c)) this.fail(`expected '${c}'`);
  }

  private peek(): string | undefined {
    this.skip();
    return this.text[this.pos];
  }

  /** Skips white space and comments; false at the end of the text. */
  private skip(): boolean {
    for (;;) {
      const c = this.text[this.pos];
      if (c === undefined) return false;
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r') this.pos++;
      else if (this.text.startsWith('//', this.pos)) {
        const end = this.text.indexOf('\n', this.pos);
        this.pos = end < 0 ? this.text.length : end + 1;
      } else if (this.text.startsWith('/*', this.pos)) {
        const end = this.text.indexOf('*/', this.pos + 2);
        if (end < 0) this.fail('comment is not closed');
        this.pos = end + 2;
      } else return true;
    }
  }

  /** The current line; counted incrementally because the position only moves forward. */
  private line(): number {
    for (; this.linePos < this.pos; this.linePos++) if (this.text.charCodeAt(this.linePos) === 10) this.lineNumber++;
    return this.lineNumber;
  }

  private fail(message: string, line = this.line()): never {
    throw new TeamMessageError(`teamMessage.def:${line}: ${message}`);
  }
}
