/**
 * `$name`, `$(name)` and `${name}` placeholders in attribute values, resolved through a chain of scopes (the
 * element's own `<Set>`s, then its ancestors'). Undefined placeholders stay verbatim, as in SimRobot, so the
 * attribute parser reports them with their location. Values defined from other values can double at every level
 * (`<Set name="a" value="$a$a"/>` nested 40 deep is a terabyte), so every substitution is measured before it is
 * built and charged to an {@link ExpansionBudget}.
 */

/** One element's `<Set>` definitions, linked to the enclosing element's scope. */
export class PlaceholderScope {
  private values: Map<string, string> | undefined;

  constructor(readonly parent: PlaceholderScope | undefined) {}

  /** Defines a value; within one element the first definition of a name is kept (so referencing elements win). */
  define(name: string, value: string): void {
    this.values ??= new Map();
    if (!this.values.has(name)) this.values.set(name, value);
  }

  /** Looks a name up here, then in the ancestors; each scope visited is charged to `budget`. */
  lookup(name: string, budget?: ExpansionBudget): string | undefined {
    const own = this.values?.get(name);
    if (own !== undefined) return own;
    let visited = 1;
    let found: string | undefined;
    for (let s = this.parent; s && found === undefined; s = s.parent) {
      found = s.values?.get(name);
      visited++;
    }
    budget?.step(visited);
    return found;
  }
}

/** Thrown when a substitution would exceed its budget; the caller adds the location. */
export class ExpansionError extends Error {}

/** Bounds on the text placeholders may produce while one scene is instantiated. */
export class ExpansionBudget {
  constructor(
    /** Longest value one substitution may produce (characters). */
    readonly maxValue = 64 * 1024,
    /** Characters all substitutions of the scene may produce together. */
    private remaining = 16 * 1024 * 1024,
    /** Scopes all placeholder lookups of the scene may visit together (each costs a map lookup). */
    private steps = 20_000_000,
  ) {}

  /** Charges `n` scope visits; throws ExpansionError when the bound is crossed. */
  step(n: number): void {
    this.steps -= n;
    if (this.steps < 0) throw new ExpansionError('placeholders take too many lookups to resolve');
  }

  /** Charges `length` characters; throws ExpansionError when a bound is crossed. */
  charge(length: number): void {
    if (length > this.maxValue)
      throw new ExpansionError(`placeholders expand to more than ${this.maxValue} characters`);
    this.remaining -= length;
    if (this.remaining < 0) throw new ExpansionError('placeholders expand to too much text in total');
  }
}

const PLACEHOLDER = /\$(?:\(([A-Za-z0-9_]+)\)|\{([A-Za-z0-9_]+)\}|([A-Za-z0-9_]+))/g;

/**
 * Replaces every defined placeholder in `text` (one pass: substituted values are not rescanned). The result's
 * length is known, and charged to `budget`, before the string is built.
 */
export function substitute(text: string, scope: PlaceholderScope, budget?: ExpansionBudget): string {
  if (!text.includes('$')) return text;
  const parts: string[] = [];
  let length = 0;
  let last = 0;
  PLACEHOLDER.lastIndex = 0;
  for (let m = PLACEHOLDER.exec(text); m; m = PLACEHOLDER.exec(text)) {
    const value = scope.lookup((m[1] ?? m[2] ?? m[3])!, budget);
    if (value === undefined) continue;
    parts.push(text.slice(last, m.index), value);
    length += m.index - last + value.length;
    last = m.index + m[0].length;
    if (budget && length > budget.maxValue) budget.charge(length);
  }
  if (parts.length === 0) return text;
  parts.push(text.slice(last));
  length += text.length - last;
  budget?.charge(length);
  return parts.join('');
}
