/**
 * @file What the simulated robots of a headless game did, as `npm run sim` prints it at the end and the motion
 * bench counts it: the per-robot table, the falls per robot per simulated hour and the median localization error,
 * from the simulation's ground truth.
 */
import { ErrorHistogram } from '@app/simulator/simulation/errorHistogram';
import type { RobotSummary } from '@app/simulator/simulation/Simulation';

const fmt = (v: number | undefined, digits = 0): string => (v === undefined ? '-' : v.toFixed(digits));

/**
 * The per-robot table printed at the end. Walked distance, falls and get-ups are the simulation's ground truth;
 * falls are split into those shortly after a contact with another robot and those the robot caused alone.
 */
export function statisticsTable(rows: readonly RobotSummary[]): string {
  const header = [
    'robot',
    'team',
    'no',
    'walked m',
    'kicks',
    'hits',
    'kick m',
    'falls',
    'contact',
    'alone',
    'get-ups',
    'ball seen s',
    'loc err mm',
    'msgs',
  ];
  const lines = rows.map((r) => [
    r.name,
    String(r.team + 1),
    String(r.playerNumber),
    fmt(r.distanceWalked / 1000, 1),
    String(r.kicks),
    String(r.kickHits),
    fmt(r.meanKickDistance === undefined ? undefined : r.meanKickDistance / 1000, 1),
    String(r.falls),
    String(r.fallsAfterContact),
    String(r.falls - r.fallsAfterContact),
    String(r.getUps),
    fmt(r.ballSeenSeconds, 1),
    fmt(r.meanLocalizationError),
    String(r.messagesSent),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const row = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i]!)).join('  ');
  return [row(header), ...lines.map(row)].join('\n');
}

/** Falls per robot per simulated hour, without and with a contact with another robot before the fall. */
export function fallRates(rows: readonly RobotSummary[], simSeconds: number): { alone: number; contact: number } {
  const perHour = (n: number): number => (rows.length && simSeconds > 0 ? (n / rows.length) * (3600 / simSeconds) : 0);
  const contact = rows.reduce((n, r) => n + r.fallsAfterContact, 0);
  return { alone: perHour(rows.reduce((n, r) => n + r.falls, 0) - contact), contact: perHour(contact) };
}

/** The median of every robot's localization error (mm) over all its Cognition frames; undefined without any. */
export function medianLocalizationError(rows: readonly RobotSummary[]): number | undefined {
  return ErrorHistogram.merged(rows.map((r) => r.localizationErrors)).median();
}

/** The summary line under the table. */
export function fallSummary(rows: readonly RobotSummary[], simSeconds: number): string {
  const { alone, contact } = fallRates(rows, simSeconds);
  const median = medianLocalizationError(rows);
  const total = (key: 'falls' | 'fallsAfterContact' | 'getUps' | 'distanceWalked'): number =>
    rows.reduce((n, r) => n + r[key], 0);
  return (
    `falls: ${total('falls')} (${total('fallsAfterContact')} after a contact with another robot), ` +
    `get-ups: ${total('getUps')}, walked ${(total('distanceWalked') / 1000).toFixed(0)} m; per robot per hour: ` +
    `${alone.toFixed(1)} falls without contact, ${contact.toFixed(1)} with; ` +
    `localization error median ${median === undefined ? '-' : `${median.toFixed(0)} mm`}`
  );
}
