/**
 * A TypeInfo type name taken apart by its outermost modifier. Modifiers nest inner-first, as the descriptors
 * write them: `short[3]*` is a dynamic array of `short[3]`, and `float[2][4]` is four `float[2]`. (B-Human
 * notes that for nested C arrays this is the reverse of C++ declaration order; the stream order is what counts.)
 */
export type ParsedTypeName =
  | { readonly kind: 'named'; readonly name: string }
  /** `T[n]`: exactly n elements, no count. */
  | { readonly kind: 'fixed'; readonly element: string; readonly length: number }
  /** `T*`: std::vector, std::list or std::optional; a uint32 count then the elements. */
  | { readonly kind: 'dynamic'; readonly element: string };

/** Splits off the outermost `[n]` or `*` of `typeName`, or returns it as a plain name. */
export function parseTypeName(typeName: string): ParsedTypeName {
  if (typeName.endsWith('*')) return { kind: 'dynamic', element: typeName.slice(0, -1) };
  if (typeName.endsWith(']')) {
    const open = typeName.lastIndexOf('[');
    const digits = typeName.slice(open + 1, -1);
    if (open > 0 && /^\d+$/.test(digits))
      return { kind: 'fixed', element: typeName.slice(0, open), length: Number(digits) };
  }
  return { kind: 'named', name: typeName };
}

/**
 * How deeply type names may nest (a class whose attribute is a class …, or `T[1][1]…`) when a TypeInfo is compiled
 * into codecs or descriptors. Real types nest a dozen levels; received type info may chain thousands, which would
 * overflow the stack of every recursive walker.
 */
export const MAX_TYPE_NESTING = 256;

/** Type info whose names nest deeper than MAX_TYPE_NESTING; `chain` is where: the outermost names down to the limit. */
export class TypeNestingError extends Error {
  constructor(readonly chain: readonly string[]) {
    const shown = chain.length > 6 ? [...chain.slice(0, 3), '…', ...chain.slice(-2)] : chain;
    super(`type '${chain[0]}' nests deeper than ${MAX_TYPE_NESTING} levels (${shown.join(' → ')})`);
    this.name = 'TypeNestingError';
  }
}

/** Tracks the chain of type names a recursive walk is inside; `enter` throws TypeNestingError past the limit. */
export class NestingGuard {
  private readonly chain: string[] = [];

  enter(typeName: string): void {
    this.chain.push(typeName);
    if (this.chain.length > MAX_TYPE_NESTING) {
      const chain = [...this.chain];
      this.chain.length = 0; // the walk unwinds through the throw; a guard is reused by later walks
      throw new TypeNestingError(chain);
    }
  }

  leave(): void {
    this.chain.pop();
  }
}
