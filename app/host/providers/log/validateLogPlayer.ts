/**
 * @file Checks on the log view channels' request payloads: the renderer is untrusted, so names and filters are
 * checked for type and size before the host acts on them (a filter is compiled as a regular expression).
 */
import type { LogPlayerRequestChannel, LogPlayerRequests, PlaybackAction } from '@app/ipc/logPlayer';

/** Longest robot name accepted. */
const MAX_NAME = 256;
/** Longest annotation filter accepted (annotation texts are short; so are useful patterns). */
export const MAX_FILTER = 200;

function fail(message: string): never {
  throw new Error(`Bad request: ${message}`);
}

function name(r: Record<string, unknown>, key: string): string {
  const value = r[key];
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_NAME)
    fail(`${key} must be a name of at most ${MAX_NAME} characters`);
  return value;
}

function flag(r: Record<string, unknown>, key: string): boolean {
  if (typeof r[key] !== 'boolean') fail(`${key} must be true or false`);
  return r[key] as boolean;
}

/** Largest frame number or step accepted (far beyond any log; keeps arithmetic exact). */
const MAX_FRAME = 2 ** 31;

function frameNumber(r: Record<string, unknown>, key: string, min: number): number {
  const value = r[key];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > MAX_FRAME)
    fail(`${key} must be an integer from ${min} to ${MAX_FRAME}`);
  return value;
}

function playbackAction(value: unknown): PlaybackAction {
  if (typeof value !== 'object' || value === null) fail('action must be an object');
  const a = value as Record<string, unknown>;
  switch (a.kind) {
    case 'play':
    case 'pause':
    case 'stop':
    case 'repeat':
      return { kind: a.kind };
    case 'seek':
      return { kind: 'seek', frame: frameNumber(a, 'frame', 0) };
    case 'step':
      return { kind: 'step', frames: frameNumber(a, 'frames', -MAX_FRAME) };
    case 'stepImage':
      if (a.direction !== 1 && a.direction !== -1) fail('direction must be 1 or -1');
      return { kind: 'stepImage', direction: a.direction };
    case 'speed':
      if (a.speed !== 'max' && (typeof a.speed !== 'number' || !Number.isFinite(a.speed) || a.speed <= 0))
        fail("speed must be a positive number or 'max'");
      return { kind: 'speed', speed: a.speed };
    case 'loop':
      return { kind: 'loop', loop: flag(a, 'loop') };
    default:
      return fail(`unknown playback action ${String(a.kind)}`);
  }
}

/** Returns the payload typed for `channel` when well-formed; throws otherwise. */
export function validateLogPlayerRequest<C extends LogPlayerRequestChannel>(
  channel: C,
  r: Record<string, unknown>,
): LogPlayerRequests[C]['request'] {
  switch (channel) {
    case 'pitchside:log.timeline':
      return { robot: name(r, 'robot') } as LogPlayerRequests[C]['request'];
    case 'pitchside:log.stopOnAnnotation': {
      const filter = r.filter;
      if (typeof filter !== 'string' || filter.length > MAX_FILTER)
        fail(`filter must be a string of at most ${MAX_FILTER} characters`);
      return {
        robot: name(r, 'robot'),
        enabled: flag(r, 'enabled'),
        filter,
        regex: flag(r, 'regex'),
      } as LogPlayerRequests[C]['request'];
    }
    case 'pitchside:log.control':
      return { robot: name(r, 'robot'), action: playbackAction(r.action) } as LogPlayerRequests[C]['request'];
    default:
      return {} as LogPlayerRequests[C]['request'];
  }
}
