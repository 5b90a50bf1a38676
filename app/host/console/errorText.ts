/**
 * @file Texts the console prints about failures.
 */

/** The message of an error, or its string form. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** ` (did you mean X?)` for the closest known name sharing a prefix, or nothing. */
export function suggestion(known: readonly string[], name: string): string {
  const lower = name.toLowerCase();
  const close = known.filter((k) => k.toLowerCase().includes(lower) || lower.includes(k.toLowerCase()));
  return close.length > 0 && close.length <= 5 ? ` (did you mean ${close.join(', ')}?)` : '';
}
