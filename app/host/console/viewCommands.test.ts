import { describe, expect, it } from 'vitest';
import { createHarness } from './testing/harness';
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
});
