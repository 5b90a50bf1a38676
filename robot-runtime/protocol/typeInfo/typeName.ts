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
    if (open > 0 && /^\d+$/.test(digits)) return { kind: 'fixed', element: typeName.slice(0, open), length: Number(digits) };
  }
  return { kind: 'named', name: typeName };
}
