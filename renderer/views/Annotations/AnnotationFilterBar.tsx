/**
 * @file The thread choice, filter box and regular-expression switch that both annotation tables (a replayed
 * log's and a running robot's) put in their toolbar, so the two filter the same way.
 */
import type { ReactNode, RefObject } from 'react';
import { filterBoxKeys } from '../../components/keyboard/focusables';
import { Toggle } from '../../components/Toggle';

/** The filter state of an annotation table and where Down in the filter box leads. */
export interface AnnotationFilterBarProps {
  threads: readonly string[];
  thread: string;
  setThread(thread: string): void;
  filterText: string;
  setFilterText(text: string): void;
  regex: boolean;
  setRegex(regex: boolean): void;
  /** Why the filter text is not a valid expression, if it is not. */
  filterError: string | undefined;
  table: RefObject<HTMLTableElement | null>;
  /** Rows the table shows (Down from the filter box moves into them). */
  shownCount: number;
}

/** The shared toolbar controls (fragments: each view places them among its own). */
export function AnnotationFilterBar(props: AnnotationFilterBarProps): ReactNode {
  return (
    <>
      <select
        value={props.thread}
        onChange={(e) => props.setThread(e.target.value)}
        aria-label="Thread"
        data-testid="annotations-thread"
      >
        <option value="">All threads</option>
        {props.threads.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
      <input
        value={props.filterText}
        onChange={(e) => props.setFilterText(e.target.value)}
        placeholder="Filter"
        aria-label="Filter"
        aria-invalid={props.filterError !== undefined}
        title={props.filterError ?? 'Down: into the list'}
        maxLength={200}
        data-testid="annotations-filter"
        {...filterBoxKeys(props.table, props.shownCount)}
      />
      <Toggle checked={props.regex} onChange={props.setRegex} testId="annotations-regex">
        Regular expression
      </Toggle>
    </>
  );
}
