import { describe, expect, it } from 'vitest';
import type { MonitoredRobotInfo } from '@app/ipc/teamMonitor';
import { formatAge, formatBytes, moveSelection, penaltyText, recentViolations, robotState } from './format';

const robot: MonitoredRobotInfo = {
  key: 'simulation:5/3',
  source: 'simulation',
  team: 5,
  player: 3,
  name: 'robot3',
  address: 'sim:robot3',
  format: 'bhuman',
  messages: 4,
  bytes: 84,
  lastSize: 21,
  rate: 0.4,
  sinceHeard: 300,
  violations: [
    { kind: 'rate', age: 60_000, detail: 'old' },
    { kind: 'size', age: 2000, detail: 'newer' },
    { kind: 'malformed', age: 1000, detail: 'newest' },
  ],
};

describe('team monitor formatting', () => {
  it('writes ages, sizes and states', () => {
    expect(formatAge(undefined)).toBe('—');
    expect(formatAge(undefined, 'never')).toBe('never');
    expect(formatAge(420)).toBe('0.4 s');
    expect(formatAge(12_400)).toBe('12 s');
    expect(formatAge(125_000)).toBe('2:05');
    expect(formatBytes(820)).toBe('820 B');
    expect(formatBytes(12_400)).toBe('12.4 kB');
    expect(robotState({ ...robot, upright: true })).toBe('upright');
    expect(robotState({ ...robot, upright: false })).toBe('fallen');
    expect(robotState(robot)).toBe('unknown');
    expect(penaltyText(robot)).toBe('not sent');
    expect(penaltyText({ ...robot, penalized: false })).toBe('none');
    expect(penaltyText({ ...robot, penalized: true })).toBe('penalized');
    expect(penaltyText({ ...robot, penalized: true, penalty: 'playerPushing' })).toBe('playerPushing');
  });

  it('highlights only recent violations, newest first', () => {
    expect(recentViolations(robot).map((v) => v.detail)).toEqual(['newest', 'newer']);
  });

  it('moves a list selection with clamping', () => {
    expect(moveSelection(-1, 1, 3)).toBe(0);
    expect(moveSelection(-1, -1, 3)).toBe(2);
    expect(moveSelection(1, 1, 3)).toBe(2);
    expect(moveSelection(2, 1, 3)).toBe(2);
    expect(moveSelection(2, -3, 3)).toBe(0);
    expect(moveSelection(0, 1, 0)).toBe(-1);
  });
});
