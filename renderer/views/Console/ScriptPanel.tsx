/**
 * @file The `.con` script editor: open a script from disk (file picker, or Ctrl+O while the console is open),
 * edit it with console highlighting, run it on the host, save it back as a download (the browser cannot write
 * files; the desktop app will use a save dialog through the bridge later).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type * as Monaco from 'monaco-editor/editor/editor.api';
import { CONSOLE_LANGUAGE_ID } from './monaco/consoleLanguage';
import { CONSOLE_THEME, setupMonaco } from './monaco/monacoSetup';

/** Props of the script panel. */
export interface ScriptPanelProps {
  /** Runs the script text. */
  readonly onRun: (name: string, text: string) => void;
  /** Registers a function that opens the file picker (for Ctrl+O). */
  readonly registerOpen: (open: () => void) => () => void;
}

/** A starting script, so the panel explains itself. */
const EXAMPLE = '# A console script: one command per line.\necho Script started\nrobot ?\n';

/** The script editor. */
export function ScriptPanel({ onRun, registerOpen }: ScriptPanelProps): ReactNode {
  const host = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const editor = useRef<Monaco.editor.IStandaloneCodeEditor | undefined>(undefined);
  const [name, setName] = useState('untitled.con');

  useEffect(() => {
    const monaco = setupMonaco();
    editor.current = monaco.editor.create(host.current!, {
      value: EXAMPLE,
      language: CONSOLE_LANGUAGE_ID,
      theme: CONSOLE_THEME,
      ariaLabel: 'Console script editor: Ctrl+M makes Tab move the focus instead of indenting',
      minimap: { enabled: false },
      automaticLayout: true,
      fontSize: 13,
      scrollBeyondLastLine: false,
      quickSuggestions: false,
      wordBasedSuggestions: 'off',
    });
    return () => editor.current?.dispose();
  }, []);

  useEffect(() => registerOpen(() => input.current?.click()), [registerOpen]);

  const save = (): void => {
    const blob = new Blob([editor.current?.getValue() ?? ''], { type: 'text/plain' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  };

  return (
    <section className="script-panel" aria-label="Script editor">
      <div className="toolbar">
        <span className="script-name" title="Script name">
          {name}
        </span>
        <button type="button" onClick={() => input.current?.click()} title="Open a .con script (Ctrl+O)">
          Open…
        </button>
        <button type="button" onClick={() => onRun(name, editor.current?.getValue() ?? '')} data-testid="run-script">
          Run script
        </button>
        <button type="button" onClick={save}>
          Save
        </button>
        <input
          ref={input}
          type="file"
          accept=".con,.txt"
          hidden
          data-testid="script-file"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (!file) return;
            void file.text().then((text) => {
              setName(file.name);
              editor.current?.setValue(text);
            });
          }}
        />
      </div>
      <div className="script-editor" ref={host} />
    </section>
  );
}
