/**
 * A value that cannot be written as its declared type (wrong JS type, wrong fixed-array length, unknown enum
 * constant). `path` names where inside the written value the problem is, outermost first, so a failed `set`
 * from the IDE can say which field was wrong.
 */
export class ValueError extends Error {
  readonly path: string[] = [];

  constructor(readonly problem: string) {
    super(problem);
    this.name = 'ValueError';
  }

  /** Records that the problem lies inside `segment` (a field name or `[index]`) and refreshes the message. */
  within(segment: string): this {
    this.path.unshift(segment);
    this.message = `${formatPath(this.path)}: ${this.problem}`;
    return this;
  }
}

function formatPath(path: readonly string[]): string {
  let s = '';
  for (const p of path) s += p.startsWith('[') || s === '' ? p : `.${p}`;
  return s;
}

/** Describes a JS value's type briefly for error messages. */
export function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return `an array of ${v.length}`;
  if (v instanceof Uint8Array) return `a Uint8Array of ${v.length}`;
  if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 20 ? `${v.slice(0, 20)}…` : v)}`;
  if (typeof v === 'object') return 'an object';
  return `${typeof v} ${String(v)}`;
}
