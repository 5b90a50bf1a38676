/**
 * @file The Console view (formats §4.2 `Console`): output pane, command line, and a `.con` script editor that
 * opens on demand. Lines go to the host's console engine through the data source; everything printed comes back as
 * output events, so what a script or another window prints shows here too.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { CompletionSet } from '@app/ipc/messages';
import { Commands } from '../../services/CommandBus';
import { useDataSource } from '../../data/DataSourceContext';
import { useServices } from '../../services/ServicesContext';
import type { ViewProps } from '../../services/viewContract';
import { CommandInput } from './CommandInput';
import { CommandHistory } from './history';
import { OutputPane } from './OutputPane';
import { ScriptPanel } from './ScriptPanel';
import { useConsoleOutput } from './useConsoleOutput';
import './Console.css';

/** How long fetched completion names are reused (ms): polling changes them rarely, Tab is pressed often. */
const COMPLETION_TTL_MS = 1000;

/** The console view. */
export function ConsoleView(_props: ViewProps): ReactNode {
  const { commands, session } = useServices();
  const source = useDataSource();
  const history = useMemo(() => new CommandHistory(), []);
  const [scriptOpen, setScriptOpen] = useState(false);
  const opener = useRef<(() => void) | undefined>(undefined);
  /** Ctrl+O came while the script panel was closed: its file picker opens as soon as the panel exists. */
  const openPending = useRef(false);
  const output = useRef<HTMLDivElement>(null);
  const cache = useRef<{ at: number; set: Promise<CompletionSet> } | undefined>(undefined);
  const { lines, add } = useConsoleOutput([
    {
      text: 'Pitchside console. Type "help" for the commands; Tab completes, Ctrl+Up/Down browse the history.',
      local: 'hint',
    },
    ...(session.notice ? [{ text: session.notice, local: 'hint' as const }] : []),
  ]);

  const report = useCallback(
    (error: unknown) =>
      add({ text: `Error: ${error instanceof Error ? error.message : String(error)}`, local: 'error' }),
    [add],
  );

  const run = useCallback(
    (line: string) => {
      if (line.trim() === '') return;
      add({ text: line, local: 'command' });
      cache.current = undefined; // the line may change what exists (sc, robot, vf …)
      source.console.run(line).catch(report);
    },
    [add, source, report],
  );

  const runScript = useCallback(
    (name: string, text: string) => {
      add({ text: `run script ${name}`, local: 'command' });
      source.console.runScript(name, text).catch(report);
    },
    [add, source, report],
  );

  const completions = useCallback(() => {
    const now = Date.now();
    if (!cache.current || now - cache.current.at > COMPLETION_TTL_MS)
      cache.current = { at: now, set: source.console.completions() };
    return cache.current.set;
  }, [source]);

  // Ctrl+O opens a script while the console is open.
  useEffect(
    () =>
      commands.register(Commands.open, () => {
        setScriptOpen(true);
        if (opener.current) opener.current();
        else openPending.current = true;
      }),
    [commands],
  );
  const registerOpen = useCallback((open: () => void) => {
    opener.current = open;
    if (openPending.current) {
      openPending.current = false;
      open();
    }
    return () => {
      if (opener.current === open) opener.current = undefined;
    };
  }, []);

  return (
    <div className="console-view">
      <div className="toolbar">
        <button
          type="button"
          onClick={() => setScriptOpen(!scriptOpen)}
          aria-pressed={scriptOpen}
          data-testid="toggle-script"
          title="Show or hide the .con script editor (Ctrl+O opens a script)"
        >
          {scriptOpen ? 'Hide script' : 'Script…'}
        </button>
        <button type="button" onClick={() => run('cls')}>
          Clear
        </button>
      </div>
      <OutputPane lines={lines} paneRef={output} />
      {scriptOpen && <ScriptPanel onRun={runScript} registerOpen={registerOpen} />}
      <CommandInput history={history} onRun={run} completions={completions} onEscape={() => output.current?.focus()} />
    </div>
  );
}
