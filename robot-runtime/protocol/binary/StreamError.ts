/** Malformed or truncated binary input; `offset` is the byte position where reading failed. */
export class StreamError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(`${message} (at byte ${offset})`);
    this.name = 'StreamError';
  }
}
