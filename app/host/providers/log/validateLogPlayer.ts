/**
 * @file Checks on the log view channels' request payloads: the renderer is untrusted, so names and filters are
 * checked for type and size before the host acts on them (a filter is compiled as a regular expression).
 */
import type { LogPlayerRequestChannel, LogPlayerRequests } from '../../../ipc/logPlayer';

/** Longest robot name accepted. */
const MAX_NAME = 256;
/** Longest annotation filter accepted (annotation texts are short; so are useful patterns). */
export const MAX_FILTER = 200;

function fail(message: string): never {
  throw new Error(`Bad request: ${message}`);
}

function name(r: Record<string, unknown>, key: string): string {
  const value = r[key];
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_NAME) fail(`${key} must be a name of at most ${MAX_NAME} characters`);
  return value;
}

function flag(r: Record<string, unknown>, key: string): boolean {
  if (typeof r[key] !== 'boolean') fail(`${key} must be true or false`);
  return r[key] as boolean;
}

/** Returns the payload typed for `channel` when well-formed; throws otherwise. */
export function validateLogPlayerRequest<C extends LogPlayerRequestChannel>(channel: C, r: Record<string, unknown>): LogPlayerRequests[C]['request'] {
  switch (channel) {
    case 'pitchside:log.timeline':
      return { robot: name(r, 'robot') } as LogPlayerRequests[C]['request'];
    case 'pitchside:log.stopOnAnnotation': {
      const filter = r.filter;
      if (typeof filter !== 'string' || filter.length > MAX_FILTER) fail(`filter must be a string of at most ${MAX_FILTER} characters`);
      return { robot: name(r, 'robot'), enabled: flag(r, 'enabled'), filter, regex: flag(r, 'regex') } as LogPlayerRequests[C]['request'];
    }
    default:
      return {} as LogPlayerRequests[C]['request'];
  }
}
