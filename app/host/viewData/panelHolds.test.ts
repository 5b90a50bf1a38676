import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHarness, type Harness } from '../console/testing/harness';
import { isSuspended } from '../console/commands/viewSuspension';
import { StreamSubscriptions } from '../session/StreamSubscriptions';
import { PanelHolds, RELEASE_DELAY_MS } from './PanelHolds';

/** Requests sent since `from` (name=on|off). */
function requestsSince(h: Harness, from: number): string[] {
  return h.robot.requestLog().slice(from);
}

describe('closing the last panel of a view switches its debug requests off', () => {
  let h: Harness;
  let holds: PanelHolds;
  let tabA: StreamSubscriptions;
  let tabB: StreamSubscriptions;

  beforeEach(() => {
    vi.useFakeTimers();
    h = createHarness();
    h.run(); // polls the scripted robot
    holds = new PanelHolds();
    tabA = new StreamSubscriptions(() => undefined, holds);
    tabB = new StreamSubscriptions(() => undefined, holds);
  });
  afterEach(() => {
    tabA.close();
    tabB.close();
    vi.useRealTimers();
  });

  it('suspends a field view when its last panel (over all tabs) closes and resumes it when one opens', () => {
    h.run('vf worldState');
    h.run('vfd worldState representation:BallModel');
    const a = tabA.subscribe(h.console, { robot: 'robot1', stream: 'drawings', key: 'worldState' });
    const b = tabB.subscribe(h.console, { robot: 'robot1', stream: 'drawings', key: 'worldState' });
    let mark = h.robot.requestLog().length;

    tabA.unsubscribe(a);
    vi.advanceTimersByTime(RELEASE_DELAY_MS * 2);
    expect(requestsSince(h, mark)).toEqual([]); // the other tab still shows it

    tabB.unsubscribe(b);
    vi.advanceTimersByTime(RELEASE_DELAY_MS / 2);
    expect(requestsSince(h, mark)).toEqual([]); // not yet: a panel moved in the layout comes back at once
    vi.advanceTimersByTime(RELEASE_DELAY_MS);
    expect(requestsSince(h, mark)).toEqual(['debug drawing:representation:BallModel=off']);
    expect(isSuspended(h.console, 'field', 'worldState')).toBe(true);
    expect(h.console.model.views.fieldView('worldState')!.drawings).toEqual([]);

    mark = h.robot.requestLog().length;
    tabA.subscribe(h.console, { robot: 'robot1', stream: 'drawings', key: 'worldState' });
    expect(requestsSince(h, mark)).toEqual(['debug drawing:representation:BallModel=on']);
    expect(h.console.model.views.fieldView('worldState')!.drawings).toEqual(['representation:BallModel']);
    expect(isSuspended(h.console, 'field', 'worldState')).toBe(false);
  });

  it('keeps a drawing that another open view shows', () => {
    h.run('vf a');
    h.run('vf b');
    h.run('vfd a representation:BallModel');
    h.run('vfd b representation:BallModel');
    const a = tabA.subscribe(h.console, { robot: 'robot1', stream: 'drawings', key: 'a' });
    tabA.subscribe(h.console, { robot: 'robot1', stream: 'drawings', key: 'b' });
    const mark = h.robot.requestLog().length;
    tabA.unsubscribe(a);
    vi.advanceTimersByTime(RELEASE_DELAY_MS * 2);
    expect(requestsSince(h, mark)).toEqual([]);
  });

  it("switches a plot view's layers off and on", () => {
    h.run('vp speed 100 0 10');
    h.run('vpd speed speed red');
    const id = tabA.subscribe(h.console, { robot: 'robot1', stream: 'plot', key: 'speed' });
    let mark = h.robot.requestLog().length;
    tabA.unsubscribe(id);
    vi.advanceTimersByTime(RELEASE_DELAY_MS * 2);
    expect(requestsSince(h, mark)).toEqual(['plot:speed=off@Motion']);
    mark = h.robot.requestLog().length;
    tabA.subscribe(h.console, { robot: 'robot1', stream: 'plot', key: 'speed' });
    expect(requestsSince(h, mark)).toEqual(['plot:speed=on@Motion']);
  });

  it('keeps a plot view on when a field view of the same name loses its panel', () => {
    h.run('vf speed');
    h.run('vfd speed representation:BallModel');
    h.run('vp speed 100 0 10');
    h.run('vpd speed speed red');
    const field = tabA.subscribe(h.console, { robot: 'robot1', stream: 'drawings', key: 'speed' });
    tabA.subscribe(h.console, { robot: 'robot1', stream: 'plot', key: 'speed' });
    const mark = h.robot.requestLog().length;
    tabA.unsubscribe(field);
    vi.advanceTimersByTime(RELEASE_DELAY_MS * 2);
    expect(requestsSince(h, mark)).toEqual(['debug drawing:representation:BallModel=off']);
    expect(isSuspended(h.console, 'plot', 'speed')).toBe(false);
  });

  it('switches a representation a panel asked for off when the panel closes, but not one typed with dr', () => {
    let mark = h.robot.requestLog().length;
    const id = tabA.subscribe(h.console, { robot: 'robot1', stream: 'value', key: 'BallModel' });
    expect(requestsSince(h, mark)).toEqual(['representation:BallModel=on']);
    tabA.unsubscribe(id);
    vi.advanceTimersByTime(RELEASE_DELAY_MS * 2);
    expect(requestsSince(h, mark)).toEqual(['representation:BallModel=on', 'representation:BallModel=off']);

    h.run('dr representation:BallModel on');
    mark = h.robot.requestLog().length;
    const again = tabA.subscribe(h.console, { robot: 'robot1', stream: 'value', key: 'BallModel' });
    tabA.unsubscribe(again);
    vi.advanceTimersByTime(RELEASE_DELAY_MS * 2);
    expect(requestsSince(h, mark).filter((r) => r.endsWith('=off'))).toEqual([]);
  });
});
