/**
 * @file How the team monitor's cards write ages, rates and sizes, and which violations count as recent enough
 * to highlight a robot (pure, tested).
 */
import type { MonitoredRobotInfo, TeamRuleViolation } from '@app/ipc/teamMonitor';

/** Violations younger than this (ms) highlight their robot. */
export const RECENT_VIOLATION_MS = 30_000;

/** An age in ms as "0.4 s", "12 s" or "2:05"; `missing` when undefined. */
export function formatAge(ms: number | undefined, missing = '—'): string {
  if (ms === undefined || !Number.isFinite(ms)) return missing;
  const s = Math.max(0, ms) / 1000;
  if (s < 10) return `${s.toFixed(1)} s`;
  if (s < 60) return `${Math.round(s)} s`;
  const whole = Math.round(s);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** A byte count as "820 B" or "12.4 kB". */
export function formatBytes(bytes: number): string {
  return bytes < 10_000 ? `${bytes} B` : `${(bytes / 1000).toFixed(1)} kB`;
}

/** Messages per second, e.g. "0.70/s". */
export function formatRate(rate: number): string {
  return `${rate.toFixed(2)}/s`;
}

/** The violations of `robot` recent enough to highlight it, newest first. */
export function recentViolations(robot: MonitoredRobotInfo, windowMs = RECENT_VIOLATION_MS): TeamRuleViolation[] {
  return robot.violations.filter((v) => v.age <= windowMs).reverse();
}

/** The robot's posture as it reports it: upright, fallen, or (standard message, which has no posture) unknown. */
export function robotState(robot: MonitoredRobotInfo): string {
  if (robot.upright === false) return 'fallen';
  if (robot.upright) return 'upright';
  return 'unknown';
}

/** The robot's penalty: the GameController's name when known (simulation), else what its message says. */
export function penaltyText(robot: MonitoredRobotInfo): string {
  if (robot.penalty !== undefined) return robot.penalty;
  if (robot.penalized === undefined) return 'not sent';
  return robot.penalized ? 'penalized' : 'none';
}

/** The index after moving `delta` in a list of `count` (clamped), from `current` (−1: nothing selected). */
export function moveSelection(current: number, delta: number, count: number): number {
  if (count === 0) return -1;
  if (current < 0) return delta < 0 ? count - 1 : 0;
  return Math.max(0, Math.min(count - 1, current + delta));
}

/** Props of one robot's entry in the monitor (its disc on the field, its card): the robot and its selection. */
export interface RobotEntryProps {
  robot: MonitoredRobotInfo;
  selected: boolean;
  onSelect: (key: string) => void;
}
