import { describe, expect, it } from 'vitest';
import { createHarness } from './testing/harness';
import type { ScriptedRobotSpec } from './testing/ScriptedRobot';
import { sampleRobotSpec } from './testing/sampleRobot';
import { restoreViews, snapshotViews, viewCommands } from './viewCommands';

describe('viewCommands', () => {
  it('gives a fresh console the field and plot views with their drawings and layers', () => {
    const a = createHarness();
    a.run();
    for (const line of [
      'vf field',
      'vfd field representation:BallModel',
      'vp balls 200 0 6000 "mm" "" 1',
      'vpd balls module:BallLocator:distance red "ball distance"',
    ])
      a.run(line);
    const lines = viewCommands(a.console);
    expect(lines).toEqual([
      'vf field',
      'vfd field representation:BallModel',
      'vp balls 200 0 6000 "mm" "" 1',
      'vpd balls module:BallLocator:distance ff0000 "ball distance"',
    ]);
    const b = createHarness();
    // The views exist at once, before the new robot was polled; their drawings and layers follow.
    restoreViews(b.console, snapshotViews(a.console));
    expect(b.console.model.views.fieldView('field')).toBeDefined();
    expect(b.console.model.plots.view('balls')!.numOfValues).toBe(200);
    expect(b.run().filter((l) => /Error/.test(l))).toEqual([]);
    expect(b.console.model.views.fieldView('field')!.drawings).toEqual(['representation:BallModel']);
    const plot = b.console.model.plots.view('balls')!;
    expect([plot.numOfValues, plot.maxValue, plot.yUnit, plot.layers[0]!.description]).toEqual([
      200,
      6000,
      'mm',
      'ball distance',
    ]);
    expect(b.console.isRequestOn('debugDrawing:representation:BallModel')).toBe(true);
    expect(viewCommands(b.console)).toEqual(lines);
  });

  it('restores after a start script without doubling origin drawings', () => {
    // The sample robot with an origin drawing, as the runtime's RobotPose declares one.
    const spec = (): ScriptedRobotSpec => {
      const s = sampleRobotSpec();
      s.requests.Cognition!.push('debug drawing:origin:RobotPose');
      s.drawingManagers!.Cognition!.drawings.push({ id: 2, typeId: 1, name: 'origin:RobotPose' });
      return s;
    };
    const script = ['vf worldState', 'vfd worldState fieldLines', 'vfd worldState origin:RobotPose'];
    const a = createHarness(spec());
    a.run();
    for (const line of [...script, 'vfd worldState representation:BallModel'])
      expect(a.run(line).filter((l) => /Error/.test(l))).toEqual([]);
    const b = createHarness(spec());
    // The new console's start script queues its lines first; the snapshot's come after them.
    for (const line of script) b.console.execute(line);
    restoreViews(b.console, snapshotViews(a.console));
    expect(b.run().filter((l) => /Error/.test(l))).toEqual([]);
    expect(b.console.model.views.fieldView('worldState')!.drawings).toEqual([
      'fieldLines',
      'origin:RobotPose',
      'representation:BallModel',
    ]);
  });
});
