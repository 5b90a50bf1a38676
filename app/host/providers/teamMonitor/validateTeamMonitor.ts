/**
 * @file Checks on the team monitor channels' request payloads: the renderer is untrusted, so a team number and a
 * format are checked before the host opens a socket for them.
 */
import type { TeamMessageFormat, TeamMonitorRequestChannel, TeamMonitorRequests } from '@app/ipc/teamMonitor';

const FORMATS: ReadonlySet<TeamMessageFormat> = new Set(['bhuman', 'standard']);

function fail(message: string): never {
  throw new Error(`Bad request: ${message}`);
}

/** Whether `value` is a team number whose port 10000 + team exists (SPL team numbers are one byte). */
export function isTeamNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 255;
}

/** Returns the payload typed for `channel` when well-formed; throws otherwise. */
export function validateTeamMonitorRequest<C extends TeamMonitorRequestChannel>(
  channel: C,
  r: Record<string, unknown>,
): TeamMonitorRequests[C]['request'] {
  switch (channel) {
    case 'pitchside:teamMonitor.listen': {
      if (!isTeamNumber(r.team)) fail('team must be an integer from 0 to 255');
      if (typeof r.on !== 'boolean') fail('on must be true or false');
      const format = r.format as TeamMessageFormat | undefined;
      if (format !== undefined && !FORMATS.has(format)) fail(`unknown format ${String(r.format)}`);
      return {
        team: r.team,
        on: r.on,
        ...(format !== undefined ? { format } : {}),
      } as TeamMonitorRequests[C]['request'];
    }
    default:
      return {} as TeamMonitorRequests[C]['request'];
  }
}
