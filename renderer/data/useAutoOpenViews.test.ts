import { describe, expect, it } from 'vitest';
import type { RobotViews } from '../../app/ipc/viewData';
import { claimConsoleView, newViews } from './useAutoOpenViews';

const robot = (r: Partial<RobotViews>): RobotViews => ({
  robot: 'r1',
  fieldViews: [],
  imageViews: [],
  plotViews: [],
  dataKeys: [],
  threads: [],
  ...r,
});

describe('views opened by console commands', () => {
  it('opens the views that appeared since the last list, and all of the first one', () => {
    const before = { robots: [robot({ fieldViews: ['old'] })] };
    const after = {
      robots: [
        robot({
          fieldViews: ['old', 'worldState'],
          plotViews: ['speed'],
          imageViews: [{ name: 'upper', thread: 'Upper', image: 'CameraImage' }],
        }),
      ],
    };
    expect(newViews(before, after)).toEqual([
      { id: 'field', params: { robot: 'r1', name: 'worldState' } },
      { id: 'plot', params: { robot: 'r1', name: 'speed' } },
      { id: 'image', params: { robot: 'r1', name: 'upper' } },
    ]);
    // The views the consoles had when the UI started open too (the dock skips those its layout already shows).
    expect(newViews(undefined, after).map((t) => t.params.name)).toEqual(['old', 'worldState', 'speed', 'upper']);
    // A panel that created its own console view does not get a twin.
    claimConsoleView('r1', 'plot', 'speed');
    expect(newViews(before, after).map((t) => t.id)).toEqual(['field', 'image']);
  });

  it("opens the start script's views behind the view in front, typed ones in front", () => {
    const list = {
      robots: [robot({ fieldViews: ['worldState', 'mine'], startViews: ['field.worldState'] })],
    };
    expect(newViews(undefined, list)).toEqual([
      { id: 'field', params: { robot: 'r1', name: 'worldState' }, background: true },
      { id: 'field', params: { robot: 'r1', name: 'mine' } },
    ]);
  });
});
