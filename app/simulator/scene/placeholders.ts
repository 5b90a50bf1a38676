/**
 * `$name`, `$(name)` and `${name}` placeholders in attribute values, resolved through a chain of scopes (the
 * element's own `<Set>`s, then its ancestors'). Undefined placeholders stay verbatim, as in SimRobot, so the
 * attribute parser reports them with their location.
 */

/** One element's `<Set>` definitions, linked to the enclosing element's scope. */
export class PlaceholderScope {
  private readonly values = new Map<string, string>();

  constructor(readonly parent: PlaceholderScope | undefined) {}

  /** Defines a value; within one element the first definition of a name is kept (so referencing elements win). */
  define(name: string, value: string): void {
    if (!this.values.has(name)) this.values.set(name, value);
  }

  /** Looks a name up here, then in the ancestors. */
  lookup(name: string): string | undefined {
    return this.values.get(name) ?? this.parent?.lookup(name);
  }
}

const PLACEHOLDER = /\$(?:\(([A-Za-z0-9_]+)\)|\{([A-Za-z0-9_]+)\}|([A-Za-z0-9_]+))/g;

/** Replaces every defined placeholder in `text` (one pass: substituted values are not rescanned). */
export function substitute(text: string, scope: PlaceholderScope): string {
  if (!text.includes('$')) return text;
  return text.replace(PLACEHOLDER, (match, a?: string, b?: string, c?: string) => scope.lookup((a ?? b ?? c)!) ?? match);
}
