/**
 * @file The timing view (formats §5.4): one thread's stopwatch table with Min/Max/Avg over the last 100 samples,
 * a header with the thread's frequency and frame time range, a text filter, and a plot of the selected
 * stopwatch over time. The host sends at most five tables a second; opening the view switches `timing` on.
 * Keyboard: the table is one Tab stop; Up/Down (PageUp/PageDown, Home/End) move the selection and the plot
 * follows it, Enter or Space shows or hides the plot; Down in the filter box moves into the table.
 */
import { useRef, useState, type ReactNode } from 'react';
import { EmptyState, NoRobot, UnknownThread } from '../../components/EmptyState';
import { useListCursor } from '../../components/keyboard/useListCursor';
import { filterBoxKeys } from '../../components/keyboard/focusables';
import { useThreadChoice } from '../../components/ThreadPicker';
import '../../components/views.css';
import { useStreamLatest, useViewList, useViewRobot } from '../../data/hooks';
import type { ViewProps } from '../../services/viewContract';
import { StopwatchPlot } from './StopwatchPlot';
import { ms, visibleRows } from './timingRows';
import { ViewTable } from '../../components/ViewTable';

/** The timing view. */
export function TimingView({ params }: ViewProps): ReactNode {
  const robot = useViewRobot(params.robot);
  const views = useViewList();
  const threads = views.robots.find((r) => r.robot === robot)?.threads ?? [];
  const { thread, picker } = useThreadChoice(params.thread, threads);
  const [filter, setFilter] = useState('');
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const tables = useStreamLatest(robot, 'timing', thread);
  const table = thread === undefined ? undefined : tables.get(thread);
  const rows = table ? visibleRows(table.rows, filter) : [];
  const tableRef = useRef<HTMLTableElement>(null);
  const toggle = (name: string): void => setSelected(name === selected ? undefined : name);
  const cursor = useListCursor(
    rows.map((r) => r.name),
    { onMove: setSelected, onActivate: toggle },
  );

  if (robot === undefined) return <NoRobot />;
  if (thread === undefined) return <EmptyState>{robot} has not told its threads yet (it is being polled).</EmptyState>;
  if (threads.length > 0 && !threads.includes(thread))
    return <UnknownThread robot={robot} thread={thread} threads={threads} />;

  return (
    <div className="robot-view" data-testid="timing-view">
      <div className="view-toolbar">
        {picker}
        <input
          type="search"
          placeholder="Filter stopwatches"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          aria-label="Filter (Down: into the table)"
          {...filterBoxKeys(tableRef, rows.length)}
        />
        <span className="spacer" />
        <span className="status" data-testid="timing-header">
          {table
            ? `Freq: ${table.frequency.toFixed(1)} Hz, Min: ${ms(table.minDelta)} ms, Max: ${ms(table.maxDelta)} ms`
            : ''}
        </span>
      </div>
      <div className="view-body">
        {!table || table.rows.length === 0 ? (
          <EmptyState>
            No stopwatch data from {thread} yet. The view asked {robot} for it (<code>dr timing</code>); data arrives
            while the robot runs.
          </EmptyState>
        ) : rows.length === 0 ? (
          <EmptyState>
            No stopwatch of {thread} {filter.trim() ? 'matches the filter' : 'ran in the last second'}.
          </EmptyState>
        ) : (
          <ViewTable
            testId="timing-table"
            columns={['Stopwatch', 'Min', 'Max', 'Avg']}
            ref={tableRef}
            {...cursor.gridProps('Stopwatches: Up/Down select and plot, Enter shows or hides the plot')}
            data-main-focus
          >
            {rows.map((r) => (
              <tr
                key={r.name}
                id={cursor.rowId(r.name)}
                className={r.name === selected ? 'selected' : undefined}
                aria-selected={r.name === selected}
                {...(cursor.cursor === r.name ? { 'data-cursor': '' } : {})}
                onClick={() => {
                  cursor.setCursor(r.name);
                  toggle(r.name);
                }}
              >
                <td>{r.name}</td>
                <td>{ms(r.min)}</td>
                <td>{ms(r.max)}</td>
                <td>{ms(r.avg)}</td>
              </tr>
            ))}
          </ViewTable>
        )}
      </div>
      {selected !== undefined && <StopwatchPlot robot={robot} thread={thread} name={selected} />}
    </div>
  );
}
