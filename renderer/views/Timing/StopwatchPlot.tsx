/**
 * @file One stopwatch over time (the last measurements of the selected row), in milliseconds.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { TimeSeriesChart } from '../../components/plot/TimeSeriesChart';
import { useStreamListener } from '../../data/hooks';

/** The plot of `name` in `thread` of `robot`. */
export function StopwatchPlot({ robot, thread, name }: { robot: string; thread: string; name: string }): ReactNode {
  const hostRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<TimeSeriesChart | undefined>(undefined);
  useEffect(() => {
    if (!hostRef.current) return undefined;
    const chart = new TimeSeriesChart(hostRef.current, { xUnit: 'frames', yUnit: 'ms' });
    chart.setSeries([{ label: name, color: '#4fc1ff' }], { xUnit: 'frames', yUnit: 'ms' });
    chartRef.current = chart;
    return () => chart.destroy();
  }, [name]);
  useStreamListener(robot, 'stopwatch', `${thread}/${name}`, (item) => {
    const x = item.values.map((_, i) => i - item.values.length + 1);
    chartRef.current?.setData(x, [item.values]);
  });
  return (
    <div
      ref={hostRef}
      tabIndex={0}
      data-testid="stopwatch-plot"
      style={{ height: 180, flex: 'none', borderTop: '1px solid #333' }}
      aria-label={`${name} over time (ms)`}
    />
  );
}
