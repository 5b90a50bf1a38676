import { describe, expect, it } from 'vitest';
import { ErrorHistogram } from '@app/simulator/simulation/errorHistogram';
import type { RobotSummary } from '@app/simulator/simulation/Simulation';
import { fallRates, fallSummary, medianLocalizationError, statisticsTable } from './robotStatistics';

const errors = (...mm: number[]): ErrorHistogram => {
  const h = new ErrorHistogram();
  for (const e of mm) h.add(e);
  return h;
};

const robot = (name: string, falls: number, fallsAfterContact: number, localization = errors(120)): RobotSummary => ({
  name,
  team: 0,
  playerNumber: 1,
  distanceWalked: 12_500,
  kicks: 2,
  kickHits: 1,
  meanKickDistance: undefined,
  falls,
  fallsAfterContact,
  getUps: falls,
  ballSeenSeconds: 30,
  meanLocalizationError: 120,
  localizationErrors: localization,
  messagesSent: 40,
});

describe('robot statistics of a headless game', () => {
  it('counts falls per robot per simulated hour, apart by whether a contact came first', () => {
    // Two robots, 10 simulated minutes: 3 falls alone and 1 after a contact in all.
    const rows = [robot('robot1', 3, 1, errors(40, 60)), robot('robot2', 1, 0, errors(2000, 3000, 4000))];
    expect(fallRates(rows, 600)).toEqual({ alone: 9, contact: 3 });
    expect(fallRates([], 600)).toEqual({ alone: 0, contact: 0 });
    expect(fallSummary(rows, 600)).toBe(
      'falls: 4 (1 after a contact with another robot), get-ups: 4, walked 25 m; per robot per hour: ' +
        '9.0 falls without contact, 3.0 with; localization error median 2005 mm',
    );
  });

  it("takes the median localization error over every robot's frames, not over the robots' means", () => {
    // One robot lost for its few frames, two well localized for many: the median is theirs.
    const rows = [robot('robot1', 0, 0, errors(5000)), robot('robot2', 0, 0, errors(20, 30, 30))];
    expect(medianLocalizationError(rows)).toBe(35);
    expect(medianLocalizationError([robot('robot1', 0, 0, errors())])).toBeUndefined();
  });

  it('prints one right-aligned row per robot under the header', () => {
    const lines = statisticsTable([robot('robot1', 3, 1)]).split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^ *robot +team +no +walked m +kicks/);
    expect(lines[1]!.split(/\s+/)).toEqual([
      'robot1',
      '1',
      '1',
      '12.5',
      '2',
      '1',
      '-',
      '3',
      '1',
      '2',
      '3',
      '30.0',
      '120',
      '40',
    ]);
  });
});
