import { describe, expect, it } from 'vitest';
import { toCsv } from '../../components/plot/csv';
import { chartData } from './plotSeries';

describe('plot series', () => {
  it('aligns layers at their newest point and scales x', () => {
    const d = chartData({
      kind: 'plot',
      view: 'v',
      minValue: 0,
      maxValue: 1,
      xScale: 2,
      series: [
        { plotId: 'a', description: 'a', color: '#ff0000', values: [1, 2, 3] },
        { plotId: 'b', description: 'b', color: '#0000ff', values: [9] },
      ],
    });
    expect([...d.x]).toEqual([0, 2, 4]);
    expect(d.ys).toEqual([
      [1, 2, 3],
      [null, null, 9],
    ]);
    expect(toCsv('x', d.x, [{ label: 'a "1"', values: [1, 2, 3] }])).toBe('"x","a ""1"""\n0,1\n2,2\n4,3\n');
  });

  it("puts a log variant's layers after the original's, labelled and dashed, aligned at the newest point", () => {
    const item = (values: number[]) => ({
      kind: 'plot' as const,
      view: 'v',
      minValue: 0,
      maxValue: 1,
      series: [{ plotId: 'a', description: 'pose x', color: '#ff0000', values }],
    });
    const d = chartData(item([1, 2, 3]), item([5, 6]));
    expect(d.labels).toEqual(['pose x', 'pose x (variant)']);
    expect(d.colors).toEqual(['#ff0000', '#ff0000']);
    expect(d.dashed).toEqual([false, true]);
    expect(d.ys).toEqual([
      [1, 2, 3],
      [null, 5, 6],
    ]);
  });
});
