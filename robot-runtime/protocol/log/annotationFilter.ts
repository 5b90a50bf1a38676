/**
 * @file The annotation filter of the annotation view (formats §4.2: a filter box with "Allow Regular Expression"),
 * shared by the view that lists annotations and the host that stops playback on them, so both agree on a match.
 */

/** What the filter looks at. */
export interface FilterableAnnotation {
  readonly name: string;
  readonly description: string;
}

/** A compiled filter. */
export interface AnnotationFilter {
  matches(annotation: FilterableAnnotation): boolean;
  /** Why a regular expression does not compile (it then matches nothing). */
  readonly error?: string;
}

/**
 * Matches `name: description` case-insensitively: as a substring, or with `regex` as a regular expression.
 * An empty filter matches everything.
 */
export function annotationFilter(filter: string, regex: boolean): AnnotationFilter {
  const text = (a: FilterableAnnotation): string => `${a.name}: ${a.description}`;
  if (filter === '') return { matches: () => true };
  if (!regex) {
    const needle = filter.toLowerCase();
    return { matches: (a) => text(a).toLowerCase().includes(needle) };
  }
  try {
    const pattern = new RegExp(filter, 'i');
    return { matches: (a) => pattern.test(text(a)) };
  } catch (e) {
    return { matches: () => false, error: e instanceof Error ? e.message : String(e) };
  }
}
