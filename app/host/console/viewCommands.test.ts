import { describe, expect, it } from 'vitest';
import { createHarness } from './testing/harness';
import { viewCommands } from './viewCommands';

describe('viewCommands', () => {
  it('recreates field and plot views with their drawings and layers on a fresh console', () => {
    const a = createHarness();
    a.run();
    for (const line of ['vf field', 'vfd field representation:BallModel', 'vp balls 200 0 6000 "mm" "" 1', 'vpd balls module:BallLocator:distance red "ball distance"']) a.run(line);
    const lines = viewCommands(a.console);
    expect(lines).toEqual(['vf field', 'vfd field representation:BallModel', 'vp balls 200 0 6000 "mm" "" 1', 'vpd balls module:BallLocator:distance ff0000 "ball distance"']);
    const b = createHarness();
    b.run();
    for (const line of lines) expect(b.run(line).filter((l) => /Error/.test(l))).toEqual([]);
    expect(b.console.model.views.fieldView('field')!.drawings).toEqual(['representation:BallModel']);
    const plot = b.console.model.plots.view('balls')!;
    expect([plot.numOfValues, plot.maxValue, plot.yUnit, plot.layers[0]!.description]).toEqual([200, 6000, 'mm', 'ball distance']);
    expect(b.console.isRequestOn('debugDrawing:representation:BallModel')).toBe(true);
    expect(viewCommands(b.console)).toEqual(lines);
  });
});
