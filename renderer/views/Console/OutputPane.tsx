/**
 * @file The console's output: one block per printed text, errors in red, a robot's lines marked with its name.
 * Follows the newest line unless the user scrolled up to read.
 */
import { useLayoutEffect, useRef, type ReactNode, type Ref } from 'react';
import type { OutputLine } from './useConsoleOutput';

/** Whether a text reads as an error (the console's convention: `Error…`, `Syntax Error…`). */
function isError(text: string): boolean {
  return /^(Syntax )?Error\b|^No robot selected!|^Nesting Error/.test(text);
}

/** The output pane; `paneRef` receives its element (the command line's Escape focuses it). */
export function OutputPane({
  lines,
  paneRef,
}: {
  lines: readonly OutputLine[];
  paneRef?: Ref<HTMLDivElement>;
}): ReactNode {
  const pane = useRef<HTMLDivElement | null>(null);
  const atBottom = useRef(true);

  useLayoutEffect(() => {
    const el = pane.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [lines]);

  return (
    <div
      className="console-output"
      ref={(el) => {
        pane.current = el;
        if (typeof paneRef === 'function') paneRef(el);
        else if (paneRef) paneRef.current = el;
      }}
      data-testid="console-output"
      role="log"
      aria-live="polite"
      aria-label="Console output: arrows and PageUp/PageDown scroll, Shift+Tab reaches the toolbar, Tab the command line"
      tabIndex={0}
      onScroll={(e) => {
        const el = e.currentTarget;
        atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 8;
      }}
    >
      {lines.map((line) => (
        <div
          key={line.id}
          className={`line ${line.local ?? ''} ${line.local === 'error' || isError(line.text) ? 'error' : ''}`}
        >
          {line.robot && <span className="robot">{line.robot}</span>}
          {line.local === 'command' ? `> ${line.text}` : line.text}
        </div>
      ))}
    </div>
  );
}
