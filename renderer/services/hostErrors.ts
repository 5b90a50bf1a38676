/**
 * @file Reading errors of bridge requests. A host session without a feature (no simulation, no team monitor)
 * rejects that feature's requests as an unhandled channel: views treat that as "not in this session" and say
 * how to get it, rather than printing the host's internal message.
 */

/** The message of a rejected request. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Whether `error` says that this host session does not offer the requested feature at all. */
export function isNotInSession(error: unknown): boolean {
  return /^Unhandled channel /.test(errorText(error));
}
