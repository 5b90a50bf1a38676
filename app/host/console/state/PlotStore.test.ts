import { describe, expect, it } from 'vitest';
import { defaultPlotDescription, parsePlotColor, PlotStore } from './PlotStore';

describe('PlotStore', () => {
  it('keeps as many points as the largest view needs, dropping the oldest', () => {
    const store = new PlotStore();
    store.add('Motion', 'x', 1); // no view yet: nothing is kept
    store.setView('small', { numOfValues: 2, minValue: 0, maxValue: 1, yUnit: '', xUnit: '', xScale: 1 });
    store.setView('large', { numOfValues: 4, minValue: 0, maxValue: 1, yUnit: '', xUnit: '', xScale: 1 });
    for (let i = 1; i <= 6; i++) store.add('Motion', 'x', i);
    expect(store.values('Motion', 'x')).toEqual([3, 4, 5, 6]);
    store.view('small')!.layers.push({ plotId: 'x', thread: 'Motion', color: { r: 0, g: 0, b: 0 }, description: 'x' });
    expect(store.series('small')[0]!.values).toEqual([5, 6]);
    // Growing a view keeps the history in order.
    store.setView('large', { numOfValues: 6, minValue: 0, maxValue: 1, yUnit: '', xUnit: '', xScale: 1 });
    store.add('Motion', 'x', 7);
    expect(store.values('Motion', 'x')).toEqual([3, 4, 5, 6, 7]);
    expect(store.values('Upper', 'x')).toEqual([]);
  });

  it('parses colours and derives descriptions', () => {
    expect(parsePlotColor('orange')).toEqual({ r: 255, g: 128, b: 0 });
    expect(parsePlotColor('0a0B0c')).toEqual({ r: 10, g: 11, b: 12 });
    expect(parsePlotColor('nope')).toBeUndefined();
    expect(defaultPlotDescription('speed')).toBe('speed');
    expect(defaultPlotDescription('module:X:distance')).toBe('distance');
    expect(defaultPlotDescription('a:b:c:d')).toBe('c:d');
  });
});
