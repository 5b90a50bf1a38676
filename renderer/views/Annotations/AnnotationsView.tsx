/**
 * @file The annotation view (formats §4.2 `<R>.annotations.<thread>`): the annotations of a replayed log (from its
 * index, i.e. every ANNOTATION the robot's threads recorded; a running robot's come live, see LiveAnnotations) as
 * a table Frame / Thread / Name / Annotation, with a thread choice, a filter (substring or regular expression), "Stop on annotation" (the host pauses playback on
 * the frame of a matching one) and double-click to jump there (a seek). The row of the latest annotation
 * at or before the current frame is marked while the log plays. Keyboard: the table is one Tab stop with a
 * cursor (Up/Down, PageUp/PageDown, Home/End), Enter jumps to the annotation under it; Down in the filter box
 * moves into the table.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { annotationFilter } from '@robot-runtime/protocol/log/annotationFilter';
import { EmptyState } from '../../components/EmptyState';
import { useListCursor } from '../../components/keyboard/useListCursor';
import { AnnotationFilterBar } from './AnnotationFilterBar';
import '../../components/views.css';
import { useDataSource } from '../../data/DataSourceContext';
import { useChosenPlayer, useLogPlayers, useLogTimeline } from '../../data/playback';
import { useViewRobot } from '../../data/hooks';
import { LiveAnnotations } from './LiveAnnotations';
import type { ViewProps } from '../../services/viewContract';
import './Annotations.css';
import { Toggle } from '../../components/Toggle';
import { AnnotationCells, AnnotationTable } from './annotationRow';

/** The annotation view. */
export function AnnotationsView({ params }: ViewProps): ReactNode {
  const { playback } = useDataSource();
  const players = useLogPlayers();
  const [player, choose] = useChosenPlayer(players, params.robot);
  const liveRobot = useViewRobot(params.robot);
  const timeline = useLogTimeline(player?.robot, player?.file);
  const [thread, setThread] = useState(params.thread ?? '');
  const [filterText, setFilterText] = useState('');
  const [regex, setRegex] = useState(false);
  const filter = useMemo(() => annotationFilter(filterText, regex), [filterText, regex]);
  const stop = player?.stopOnAnnotation;
  const table = useRef<HTMLTableElement>(null);

  // Stop-on-annotation uses the same filter as the list, so it stops exactly on what is listed.
  const robot = player?.robot;
  // The box follows the host, but shows a click at once (the host confirms in its next state event).
  const [stopWanted, setStopWanted] = useState<boolean | undefined>(undefined);
  const stopEnabled = stopWanted ?? stop?.enabled ?? false;
  useEffect(() => {
    if (stopWanted !== undefined && stop?.enabled === stopWanted) setStopWanted(undefined);
  }, [stop?.enabled, stopWanted]);
  useEffect(() => {
    if (robot === undefined || !stopEnabled) return;
    void playback.stopOnAnnotation(robot, { enabled: true, filter: filterText, regex }).catch(() => undefined);
  }, [playback, robot, stopEnabled, filterText, regex]);

  // Rows are keyed by their index in the whole list, which stays put while the filter changes.
  const all = timeline?.annotations ?? [];
  const shown = all
    .map((a, index) => ({ a, key: String(index) }))
    .filter(({ a }) => (thread === '' || a.thread === thread) && filter.matches(a));
  const cursor = useListCursor(
    shown.map((r) => r.key),
    {
      onActivate: (key) => {
        if (robot !== undefined)
          void playback.control(robot, { kind: 'seek', frame: all[Number(key)]!.frame }).catch(() => undefined);
      },
    },
  );

  if (players === undefined)
    return <EmptyState testId="annotations-empty">Asking the host for replayed logs…</EmptyState>;
  // Without a replayed log, the annotations a running robot makes are shown as they come.
  if (!player && liveRobot !== undefined) return <LiveAnnotations robot={liveRobot} initialThread={params.thread} />;
  if (!player) {
    return (
      <EmptyState testId="annotations-empty">
        No log is open. Open one in the console with <code>sl &lt;name&gt; &lt;file&gt;</code> (or a .con script with
        Ctrl+O); its annotations (recorded with <code>ANNOTATION(name, text)</code>) are listed here.
      </EmptyState>
    );
  }

  let active = -1;
  shown.forEach(({ a }, i) => {
    if (a.frame <= player.current) active = i;
  });
  const setStop = (enabled: boolean): void => {
    setStopWanted(enabled);
    void playback
      .stopOnAnnotation(player.robot, { enabled, filter: filterText, regex })
      .catch(() => setStopWanted(undefined));
  };

  return (
    <div className="robot-view annotations" data-testid="annotations">
      <div className="view-toolbar">
        {players.length > 1 && params.robot === undefined && (
          <select value={player.robot} onChange={(e) => choose(e.target.value)} aria-label="Replayed robot">
            {players.map((p) => (
              <option key={p.robot} value={p.robot}>
                {p.robot}
              </option>
            ))}
          </select>
        )}
        <AnnotationFilterBar
          {...{ thread, setThread, filterText, setFilterText, regex, setRegex, table }}
          threads={player.threads}
          filterError={filter.error}
          shownCount={shown.length}
        />
        <Toggle
          title="Pause the log on the frame of a listed annotation while it plays"
          checked={stopEnabled}
          onChange={setStop}
          testId="annotations-stop"
        >
          Stop on annotation
        </Toggle>
        <span className="spacer" />
        <span className="status" data-testid="annotations-status">
          {shown.length} of {all.length} · {player.robot}
        </span>
      </div>
      <div className="view-body">
        {timeline === undefined ? (
          <EmptyState testId="annotations-loading">Reading the annotations of {player.file}…</EmptyState>
        ) : all.length === 0 ? (
          <EmptyState testId="annotations-none">
            {player.file} has no annotations. Robot code records them with <code>ANNOTATION(name, text)</code>.
          </EmptyState>
        ) : (
          <AnnotationTable
            first="Frame"
            ref={table}
            {...cursor.gridProps('Annotations: Up/Down choose, Enter goes to the frame (log goto)')}
            {...(shown.length > 0 ? { 'data-main-focus': '' } : {})}
          >
            {shown.map(({ a, key }, i) => (
              <tr
                key={key}
                id={cursor.rowId(key)}
                className={i === active ? 'selected' : undefined}
                aria-selected={cursor.cursor === key}
                {...(cursor.cursor === key ? { 'data-cursor': '' } : {})}
                data-frame={a.frame}
                title="Double-click or Enter: go to this frame (log goto)"
                onClick={() => cursor.setCursor(key)}
                onDoubleClick={() =>
                  void playback.control(player.robot, { kind: 'seek', frame: a.frame }).catch(() => undefined)
                }
              >
                <AnnotationCells at={a.frame} annotation={a} />
              </tr>
            ))}
          </AnnotationTable>
        )}
        {timeline !== undefined && all.length > 0 && shown.length === 0 && (
          <EmptyState testId="annotations-no-match">No annotation matches the thread and filter above.</EmptyState>
        )}
      </div>
    </div>
  );
}
