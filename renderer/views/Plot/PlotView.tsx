/**
 * @file The plot view (`vp` / `vpd`, formats §4.2, §5.3): a robot's plot layers over time with colours and legend,
 * units, pause, zoom/pan, auto-scale and CSV export. The chart engine lives outside React; new data is applied
 * at most once per animation frame. With a `variant` parameter (a log variant's robot) the variant's layers of the
 * same plot view are drawn dashed beside the original's, so one plot overlays both runs.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { PlotData } from '@app/ipc/messages';
import { CheckMenu } from '../../components/CheckMenu';
import { MissingRobotNote } from '../../components/EmptyState';
import { downloadText } from '../../components/download';
import { keyboardSurface } from '../../components/keyboard/focusables';
import { toCsv } from '../../components/plot/csv';
import { TimeSeriesChart } from '../../components/plot/TimeSeriesChart';
import '../../components/views.css';
import { useRobotNames, useRobotSource, useStreamListener, useViewList, useViewRobot } from '../../data/hooks';
import { claimConsoleView } from '../../data/useAutoOpenViews';
import type { ViewProps } from '../../services/viewContract';
import { useDataSource } from '../../data/DataSourceContext';
import { installPlotBench } from './benchHook';
import { chartData, LAYER_COLORS } from './plotSeries';

/** The view name used when the view is opened without one. */
const DEFAULT_NAME = 'plot';
const PLOT_PREFIX = 'plot:';

/** The plot view. */
export function PlotView({ params }: ViewProps): ReactNode {
  const robot = useViewRobot(params.robot);
  const name = params.name ?? DEFAULT_NAME;
  const source = useRobotSource(robot);
  const names = useRobotNames(robot);
  const views = useViewList();
  const hostRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<TimeSeriesChart | undefined>(undefined);
  const latest = useRef<PlotData | undefined>(undefined);
  const variant = params.variant;
  const session = useDataSource();
  const latestVariant = useRef<PlotData | undefined>(undefined);
  const frame = useRef(0);
  const [paused, setPaused] = useState(false);
  const [autoScale, setAutoScale] = useState(false);
  const [info, setInfo] = useState<{ layers: string[]; points: number; min: number; max: number } | undefined>(
    undefined,
  );
  const pausedRef = useRef(paused);
  pausedRef.current = paused;
  /** Set by the benchmark: robot data is ignored meanwhile. */
  const benchRef = useRef(false);
  const autoScaleRef = useRef(autoScale);
  autoScaleRef.current = autoScale;

  const robotViews = views.robots.find((r) => r.robot === robot);
  const hasView = robotViews?.plotViews.includes(name) ?? false;
  useEffect(() => {
    // Opened from the menu: create the console's plot view (100 points, auto-scaled until vp rescales it).
    if (robot !== undefined && source !== undefined && robotViews && !hasView) {
      setAutoScale(true);
      claimConsoleView(robot, 'plot', name);
      void source.run(`vp ${name} 100 -1 1`).catch(() => undefined);
    }
  }, [source, robot, name, hasView, robotViews]);

  useEffect(() => {
    if (!hostRef.current) return undefined;
    const chart = new TimeSeriesChart(hostRef.current);
    chartRef.current = chart;
    const uninstall = installPlotBench(chart, benchRef);
    return () => {
      uninstall();
      cancelAnimationFrame(frame.current);
      chart.destroy();
      chartRef.current = undefined;
    };
  }, [robot]);

  const apply = (): void => {
    frame.current = 0;
    const item = latest.current;
    const chart = chartRef.current;
    if (!item || !chart) return;
    const data = chartData(item, variant === undefined ? undefined : latestVariant.current);
    chart.setSeries(
      data.labels.map((label, i) => ({ label, color: data.colors[i]!, dashed: data.dashed[i] })),
      { xUnit: item.xUnit, yUnit: item.yUnit },
    );
    chart.setData(data.x, data.ys);
    chart.setYRange(autoScaleRef.current ? undefined : [item.minValue, item.maxValue]);
    setInfo((old) => {
      const next = {
        layers: item.series.map((s) => s.plotId),
        points: data.x.length,
        min: item.minValue,
        max: item.maxValue,
      };
      return old &&
        old.points === next.points &&
        old.layers.join() === next.layers.join() &&
        old.min === next.min &&
        old.max === next.max
        ? old
        : next;
    });
  };
  useEffect(() => {
    if (latest.current) apply();
  }, [autoScale]);

  useStreamListener(robot, 'plot', name, (item) => {
    if (pausedRef.current || benchRef.current) return;
    latest.current = item;
    if (!frame.current) frame.current = requestAnimationFrame(apply);
  });

  useStreamListener(variant, 'plot', name, (item) => {
    if (pausedRef.current || benchRef.current) return;
    latestVariant.current = item;
    if (!frame.current) frame.current = requestAnimationFrame(apply);
  });
  // The variant's console shows the same plot view with the same layers as the original's.
  const mirrored = info ? `${info.min} ${info.max} ${latest.current?.numOfValues ?? 100}` : '';
  const layerLines = (latest.current?.series ?? [])
    .map((s) => `vpd ${name} ${s.plotId} ${s.color.replace('#', '')}`)
    .join('\n');
  useEffect(() => {
    if (variant === undefined || mirrored === '') return;
    claimConsoleView(variant, 'plot', name);
    const [min, max, count] = mirrored.split(' ');
    const lines = [`vp ${name} ${count} ${min} ${max}`, ...layerLines.split('\n').filter((l) => l !== '')];
    void (async () => {
      for (const line of lines) await session.run(variant, line).catch(() => undefined);
    })();
  }, [session, variant, name, mirrored, layerLines]);

  const layers = info?.layers ?? [];
  const plotIds = (names?.debugRequests ?? [])
    .filter((r) => r.startsWith(PLOT_PREFIX))
    .map((r) => r.slice(PLOT_PREFIX.length));
  const toggle = (id: string, on: boolean): void => {
    if (source === undefined) return;
    const color = LAYER_COLORS[layers.length % LAYER_COLORS.length]!;
    void source.run(on ? `vpd ${name} ${id} ${color}` : `vpd ${name} ${id} off`).catch(() => undefined);
  };
  const exportCsv = (): void => {
    const item = latest.current;
    if (!item) return;
    const data = chartData(item);
    const csv = toCsv(
      item.xUnit || 'x',
      data.x,
      item.series.map((s, i) => ({ label: s.description, values: data.ys[i]!.map((v) => v ?? NaN) })),
    );
    downloadText(`${robot}.plot.${name}.csv`, csv);
  };

  return (
    <div className="robot-view" data-testid="plot-view">
      <div className="view-toolbar">
        <CheckMenu
          label={`Layers (${layers.length})`}
          items={plotIds.map((id) => ({ name: id, checked: layers.includes(id) }))}
          onToggle={toggle}
          testId="plot-layers"
        />
        <button
          type="button"
          aria-pressed={paused}
          onClick={() => setPaused(!paused)}
          title="Freeze the plot (new points are dropped)"
        >
          {paused ? 'Resume' : 'Pause'}
        </button>
        <button
          type="button"
          aria-pressed={autoScale}
          onClick={() => setAutoScale(!autoScale)}
          title="Scale y to the data instead of the vp range"
        >
          Auto-scale
        </button>
        <button
          type="button"
          onClick={() => chartRef.current?.resetZoom()}
          title="Show all points (Home, double-click)"
        >
          Reset zoom
        </button>
        <button type="button" onClick={exportCsv} disabled={!latest.current} title="Save the points as CSV">
          CSV
        </button>
        <span className="spacer" />
        <span className="status" data-testid="plot-status">
          {info ? `${info.points} points · y ${autoScale ? 'auto' : `${info.min}…${info.max}`}` : ''}
        </span>
      </div>
      <div className="view-body" style={{ overflow: 'hidden' }}>
        <div
          ref={hostRef}
          {...keyboardSurface('Plot: drag to zoom, Shift+drag or arrows to pan, wheel or +/− to zoom, Home to reset')}
          data-testid="plot-chart"
          style={{ width: '100%', height: '100%', outline: 'none' }}
        />
        <MissingRobotNote robot={robot} here={robotViews !== undefined} />
        {robot !== undefined && robotViews && layers.length === 0 && (
          <div className="view-overlay-note">
            No layers: pick a plot under Layers or type <code>vpd {name} &lt;plot&gt; &lt;color&gt;</code> in the
            console.
          </div>
        )}
      </div>
    </div>
  );
}
