/**
 * @file The console's output lines: what the console showed before this page connected (the host keeps it, so a
 * reload keeps the output), then what the host prints (every robot and the console itself), cleared by `cls`.
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

const bounded = (lines: readonly OutputLine[]): readonly OutputLine[] =>
  lines.length > MAX_LINES ? lines.slice(lines.length - MAX_LINES) : lines;

/**
 * The page's lines with the host's kept ones put in after the page's own hints: live lines that arrived meanwhile
 * and are kept too (same number) are not doubled.
 */
export function mergeTranscript(
  lines: readonly OutputLine[],
  hints: number,
  kept: readonly ConsoleOutput[],
): readonly OutputLine[] {
  const seqs = new Set(kept.map((l) => l.seq));
  const earlier = kept.map((l): OutputLine => ({
    ...l,
    id: nextId++,
    ...(l.kind === 'command' ? { local: 'command' as const } : {}),
  }));
  const later = lines.slice(hints).filter((l) => l.seq === undefined || !seqs.has(l.seq));
  return bounded([...lines.slice(0, hints), ...earlier, ...later]);
}

/** The output lines and a function to add local ones. */
export function useConsoleOutput(initial: readonly Omit<OutputLine, 'id'>[]): {
  lines: readonly OutputLine[];
  add: (line: Omit<OutputLine, 'id'>) => void;
} {
  const [lines, setLines] = useState<readonly OutputLine[]>(() => initial.map((l) => ({ ...l, id: nextId++ })));
  const add = useCallback((line: Omit<OutputLine, 'id'>) => {
    setLines((old) => bounded([...old, { ...line, id: nextId++ }]));
  }, []);
  const { console } = useDataSource();
  const hints = initial.length;
  useEffect(() => {
    let live = true;
    let cleared = false;
    const unlisten = [
      console.onOutput(add),
      console.onClear(() => {
        cleared = true;
        setLines([]);
      }),
    ];
    // Listening first, then asking: a line printed in between arrives both ways and is merged by its number.
    console.transcript().then(
      (kept) => live && !cleared && setLines((old) => mergeTranscript(old, hints, kept)),
      () => undefined,
    );
    return () => {
      live = false;
      unlisten.forEach((u) => u());
    };
  }, [console, add, hints]);
  return { lines, add };
}
