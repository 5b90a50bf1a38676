/**
 * @file The module graph view (formats §4.2, §4.4): the modules and representations of one thread of a robot,
 * laid out by dagre, zoomable and exportable as SVG. It follows module requests (`mr`): a new module table
 * re-lays the graph. Keyboard, while the graph has the focus: PageUp/+ and PageDown/− zoom, Home shows it at
 * 100 %, F fits it into the panel, the arrow keys scroll.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { EmptyState, NoRobot, UnknownThread } from '../../components/EmptyState';
import { downloadText } from '../../components/download';
import { useThreadChoice } from '../../components/ThreadPicker';
import { keyboardSurface } from '../../components/keyboard/focusables';
import '../../components/views.css';
import { useStreamLatest, useViewList, useViewRobot } from '../../data/hooks';
import type { ViewProps } from '../../services/viewContract';
import { GraphSvg } from './GraphSvg';
import { layoutGraph } from './layoutGraph';
import { buildModuleGraph } from './moduleGraph';

const ZOOM_STEP = 1.2;
/** Smallest zoom a graph opens with: 9 pt labels stay readable. */
const MIN_OPEN_ZOOM = 0.75;

/** The module graph view. */
export function ModuleGraphView({ params }: ViewProps): ReactNode {
  const robot = useViewRobot(params.robot);
  const views = useViewList();
  const threads = views.robots.find((r) => r.robot === robot)?.threads ?? [];
  const { thread, picker } = useThreadChoice(params.thread, threads);
  const [zoom, setZoom] = useState(1);
  const svgRef = useRef<SVGSVGElement>(null);
  const data = useStreamLatest(robot, 'modules', undefined).get('');
  const layout = useMemo(
    () => (data && thread ? layoutGraph(buildModuleGraph(data, thread)) : undefined),
    [data, thread],
  );
  const bodyRef = useRef<HTMLDivElement>(null);
  /** The zoom at which the whole graph fits the panel. */
  const fitZoom = (): number | undefined => {
    const box = bodyRef.current?.getBoundingClientRect();
    return box && layout && layout.width > 0
      ? Math.min(1, box.width / layout.width, box.height / layout.height)
      : undefined;
  };
  const fit = (): void => {
    const z = fitZoom();
    if (z !== undefined) setZoom(z);
  };
  // A new graph opens fitted, but never below a readable size (the panel scrolls instead).
  const openFitted = (): void => {
    const z = fitZoom();
    if (z !== undefined) setZoom(Math.max(MIN_OPEN_ZOOM, z));
  };
  useEffect(openFitted, [layout]);

  if (robot === undefined) return <NoRobot />;
  if (params.thread !== undefined && threads.length > 0 && !threads.includes(params.thread))
    return <UnknownThread robot={robot} thread={params.thread} threads={threads} />;
  const zoomKeys = (e: KeyboardEvent): void => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'PageUp' || e.key === '+') setZoom((z) => Math.min(8, z * ZOOM_STEP));
    else if (e.key === 'PageDown' || e.key === '-') setZoom((z) => Math.max(0.1, z / ZOOM_STEP));
    else if (e.key === 'Home') setZoom(1);
    else if (e.key === 'f' || e.key === 'F') fit();
    else return; // the arrow keys scroll the focused body natively
    e.preventDefault();
  };
  const exportSvg = (): void => {
    if (!svgRef.current) return;
    const text = `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(svgRef.current)}`;
    downloadText(`${robot}.modules.${thread}.svg`, text, 'image/svg+xml');
  };

  return (
    <div className="robot-view" data-testid="module-graph-view">
      <div className="view-toolbar">
        {picker}
        <button type="button" onClick={() => setZoom((z) => Math.min(8, z * ZOOM_STEP))} title="Zoom in (PageUp or +)">
          +
        </button>
        <button
          type="button"
          onClick={() => setZoom((z) => Math.max(0.1, z / ZOOM_STEP))}
          title="Zoom out (PageDown or −)"
        >
          −
        </button>
        <button type="button" onClick={() => setZoom(1)} title="Actual size (Home)">
          100%
        </button>
        <button type="button" onClick={fit} title="Fit to the panel (F)">
          Fit
        </button>
        <button type="button" onClick={exportSvg} disabled={!layout} data-testid="export-svg">
          Export SVG
        </button>
        <span className="spacer" />
        <span className="status">
          {layout
            ? `${layout.nodes.filter((n) => n.kind === 'module').length} modules, ${layout.nodes.length} nodes`
            : ''}
        </span>
      </div>
      <div
        className="view-body"
        ref={bodyRef}
        {...keyboardSurface(
          `Module graph of ${robot}${thread ? ` ${thread}` : ''}: PageUp/+ and PageDown/− zoom, Home 100 %, F fits, arrows scroll`,
        )}
        onKeyDown={zoomKeys}
      >
        {!data && (
          <EmptyState>Waiting for the module table of {robot} (it arrives when the robot is polled).</EmptyState>
        )}
        {data && thread === undefined && <EmptyState>{robot} has no threads.</EmptyState>}
        {layout && layout.nodes.length === 0 && <EmptyState>No module provides anything in {thread}.</EmptyState>}
        {layout && layout.nodes.length > 0 && <GraphSvg ref={svgRef} layout={layout} zoom={zoom} />}
      </div>
    </div>
  );
}
