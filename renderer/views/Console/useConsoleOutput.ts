/**
 * @file The console's output lines: what the host prints (every robot and the console itself), cleared by `cls`.
 * Bounded, because a chatty robot (`msg on`) can print for hours.
 */
import { useCallback, useEffect, useState } from 'react';
import type { ConsoleOutput } from '@app/ipc/messages';
import { useDataSource } from '../../data/DataSourceContext';

/** Lines kept; older ones are dropped. */
const MAX_LINES = 5000;

/** One output entry. */
export interface OutputLine extends ConsoleOutput {
  readonly id: number;
  /** Locally generated lines (hints, the echoed command) as opposed to host output. */
  readonly local?: 'command' | 'hint' | 'error';
}

let nextId = 1;

/** The output lines and a function to add local ones. */
export function useConsoleOutput(initial: readonly Omit<OutputLine, 'id'>[]): {
  lines: readonly OutputLine[];
  add: (line: Omit<OutputLine, 'id'>) => void;
} {
  const [lines, setLines] = useState<readonly OutputLine[]>(() => initial.map((l) => ({ ...l, id: nextId++ })));
  const add = useCallback((line: Omit<OutputLine, 'id'>) => {
    setLines((old) => {
      const next = [...old, { ...line, id: nextId++ }];
      return next.length > MAX_LINES ? next.slice(next.length - MAX_LINES) : next;
    });
  }, []);
  const { console } = useDataSource();
  useEffect(() => console.onOutput(add), [console, add]);
  useEffect(() => console.onClear(() => setLines([])), [console]);
  return { lines, add };
}
