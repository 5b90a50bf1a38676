/**
 * @file The console's command line: a one-line Monaco editor with console highlighting. Enter runs the line
 * (Shift+Enter adds a line), Ctrl+Up/Ctrl+Down walk the history, Tab/Shift+Tab complete (formats §1.1), Escape
 * moves the focus to the output (Tab completes here, so it cannot be the way out). Keys are caught in
 * `onKeyDown` and stopped there, before Monaco's own bindings see them. When several names fit, a strip above the
 * line lists them (the one the line holds marked) until the next edit, so Tab never cycles blindly.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { CompletionSet } from '@app/ipc/messages';
import { TabCompleter } from './completion';
import type { CommandHistory } from './history';
import { CONSOLE_LANGUAGE_ID } from './monaco/consoleLanguage';
import { CONSOLE_THEME, setupMonaco } from './monaco/monacoSetup';

/** Props of the command line. */
export interface CommandInputProps {
  readonly history: CommandHistory;
  readonly onRun: (line: string) => void;
  /** Current completion names (fetched from the host). */
  readonly completions: () => Promise<CompletionSet>;
  /** Escape: leave the command line (the console focuses its output). */
  readonly onEscape: () => void;
}

const LINE_HEIGHT = 20;
const MAX_LINES = 6;
/** Candidates listed at most: a name set can hold hundreds (debug requests); the strip says how many more. */
const MAX_SHOWN = 60;

/** The names that fit the word being completed, and which one the line holds. */
interface Candidates {
  readonly names: readonly string[];
  readonly selected?: number;
}

/** The command line. */
export function CommandInput({ history, onRun, completions, onEscape }: CommandInputProps): ReactNode {
  const host = useRef<HTMLDivElement>(null);
  const [candidates, setCandidates] = useState<Candidates | undefined>(undefined);
  const props = useRef({ history, onRun, completions, onEscape });
  useEffect(() => {
    props.current = { history, onRun, completions, onEscape };
  });

  useEffect(() => {
    const monaco = setupMonaco();
    const editor = monaco.editor.create(host.current!, {
      value: '',
      language: CONSOLE_LANGUAGE_ID,
      theme: CONSOLE_THEME,
      placeholder: 'Type a command (help lists them), Enter runs, Tab completes, Ctrl+Up/Down browse history',
      ariaLabel:
        'Console command line: Enter runs, Tab completes, Ctrl+Up/Down browse the history, Shift+Enter adds a line, Escape moves to the output',
      lineNumbers: 'off',
      glyphMargin: false,
      folding: false,
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      overviewRulerLanes: 0,
      hideCursorInOverviewRuler: true,
      renderLineHighlight: 'none',
      scrollbar: { vertical: 'hidden', horizontal: 'auto', alwaysConsumeMouseWheel: false },
      lineHeight: LINE_HEIGHT,
      fontSize: 13,
      quickSuggestions: false,
      suggestOnTriggerCharacters: false,
      wordBasedSuggestions: 'off',
      contextmenu: false,
      automaticLayout: true,
      padding: { top: 4, bottom: 4 },
    });
    const completer = new TabCompleter();
    const setLine = (line: string, cursor = line.length): void => {
      editor.setValue(line);
      const position = editor.getModel()!.getPositionAt(cursor);
      editor.setPosition(position);
    };
    const offset = (): number => editor.getModel()!.getOffsetAt(editor.getPosition()!);
    const { KeyCode } = monaco;
    editor.onKeyDown((e) => {
      const stop = (): void => {
        e.preventDefault();
        e.stopPropagation();
      };
      if (e.keyCode === KeyCode.Enter && !e.shiftKey && !e.ctrlKey && !e.altKey && !e.metaKey) {
        stop();
        const line = editor.getValue();
        props.current.history.add(line);
        setLine('');
        props.current.onRun(line);
      } else if ((e.keyCode === KeyCode.UpArrow || e.keyCode === KeyCode.DownArrow) && (e.ctrlKey || e.metaKey)) {
        stop();
        const entry =
          e.keyCode === KeyCode.UpArrow
            ? props.current.history.older(editor.getValue())
            : props.current.history.newer();
        if (entry !== undefined) setLine(entry);
      } else if (e.keyCode === KeyCode.Escape && !e.shiftKey && !e.ctrlKey && !e.altKey && !e.metaKey) {
        stop();
        props.current.onEscape();
      } else if (e.keyCode === KeyCode.Tab) {
        stop();
        const line = editor.getValue();
        const cursor = offset();
        void props.current.completions().then((set) => {
          if (editor.getValue() !== line) return; // typed on meanwhile
          const result = completer.complete(line, cursor, set, e.shiftKey);
          if (result) setLine(result.line, result.cursor);
          setCandidates(result?.candidates ? { names: result.candidates, selected: result.selected } : undefined);
        });
      } else if (![KeyCode.Shift, KeyCode.Ctrl, KeyCode.Alt, KeyCode.Meta].includes(e.keyCode)) {
        completer.reset();
        setCandidates(undefined);
      }
    });
    // Grow with Shift+Enter lines up to MAX_LINES, then scroll.
    const resize = (): void => {
      const lines = Math.min(MAX_LINES, editor.getModel()!.getLineCount());
      host.current!.style.height = `${lines * LINE_HEIGHT + 8}px`;
    };
    editor.onDidChangeModelContent(resize);
    resize();
    editor.focus();
    return () => editor.dispose();
  }, []);

  return (
    <>
      {candidates && <CandidateStrip candidates={candidates} />}
      <div className="console-input" ref={host} data-testid="console-input" data-main-focus />
    </>
  );
}

/** The names Tab found, the one the line holds marked. */
function CandidateStrip({ candidates }: { candidates: Candidates }): ReactNode {
  const { names, selected } = candidates;
  // Keep the selected name in the window shown.
  const start = selected === undefined || selected < MAX_SHOWN ? 0 : selected - MAX_SHOWN + 1;
  const shown = names.slice(start, start + MAX_SHOWN);
  const more = names.length - start - shown.length;
  return (
    <div className="console-candidates" data-testid="console-candidates" role="listbox" aria-label="Completions">
      <span className="count">{names.length} fit:</span>
      {start > 0 && <span className="more">… {start} before</span>}
      {shown.map((name, i) => (
        <span
          key={name}
          role="option"
          aria-selected={start + i === selected}
          className={start + i === selected ? 'candidate selected' : 'candidate'}
        >
          {name}
        </span>
      ))}
      {more > 0 && <span className="more">… {more} more</span>}
    </div>
  );
}
