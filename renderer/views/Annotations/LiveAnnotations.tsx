/**
 * @file The annotation view of a running robot (B-Human shows a robot's annotations live, per thread): every
 * ANNOTATION its threads make while the view is open (the view switches the robot's `annotation` request on),
 * newest last, with a thread choice and the same filter as for a replayed log.
 */
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { annotationFilter } from '@robot-runtime/protocol/log/annotationFilter';
import { EmptyState } from '../../components/EmptyState';
import { useListCursor } from '../../components/keyboard/useListCursor';
import { AnnotationFilterBar } from './AnnotationFilterBar';
import { useStreamLatest } from '../../data/hooks';
import { AnnotationCells, AnnotationTable } from './annotationRow';

/** Live annotations of `robot`, optionally of one thread from the start. */
export function LiveAnnotations({ robot, initialThread }: { robot: string; initialThread?: string }): ReactNode {
  const perThread = useStreamLatest(robot, 'annotations', undefined);
  const [thread, setThread] = useState(initialThread ?? '');
  const [filterText, setFilterText] = useState('');
  const [regex, setRegex] = useState(false);
  const filter = useMemo(() => annotationFilter(filterText, regex), [filterText, regex]);
  const table = useRef<HTMLTableElement>(null);
  const threads = [...perThread.keys()].sort();
  const all = threads.flatMap((t) => perThread.get(t)!.entries.map((a) => ({ ...a, thread: t })));
  const shown = all
    .filter((a) => (thread === '' || a.thread === thread) && filter.matches(a))
    .map((a) => ({ a, key: `${a.thread}/${a.number}` }));
  const cursor = useListCursor(shown.map((r) => r.key));

  return (
    <div className="robot-view annotations" data-testid="annotations" data-live="">
      <div className="view-toolbar">
        <AnnotationFilterBar
          {...{ threads, thread, setThread, filterText, setFilterText, regex, setRegex, table }}
          filterError={filter.error}
          shownCount={shown.length}
        />
        <span className="spacer" />
        <span className="status" data-testid="annotations-status">
          {shown.length} of {all.length} · {robot} (live)
        </span>
      </div>
      <div className="view-body">
        {all.length === 0 ? (
          <EmptyState testId="annotations-none">
            No annotations from {robot} yet. Robot code makes them with <code>ANNOTATION(name, text)</code>; they appear
            here as they are made.
          </EmptyState>
        ) : (
          <AnnotationTable first="Number" ref={table} {...cursor.gridProps('Annotations: Up/Down choose')}>
            {shown.map(({ a, key }) => (
              <tr
                key={key}
                id={cursor.rowId(key)}
                aria-selected={cursor.cursor === key}
                {...(cursor.cursor === key ? { 'data-cursor': '' } : {})}
                onClick={() => cursor.setCursor(key)}
              >
                <AnnotationCells at={a.number} annotation={a} />
              </tr>
            ))}
          </AnnotationTable>
        )}
      </div>
    </div>
  );
}
