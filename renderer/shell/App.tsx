/**
 * @file The shell's frame: menu bar, scene tree, dock area, status bar and command palette, plus the global
 * shortcuts (caught in the capture phase so an editor with focus cannot swallow F5, F6 or Ctrl+O).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useAutoOpenViews } from '../data/useAutoOpenViews';
import { Commands } from '../services/CommandBus';
import { ServicesContext, type Services } from '../services/ServicesContext';
import { dataSourceFor } from '../data/DataSourceContext';
import { registerSimulationCommands } from '../data/scene';
import { bindingFor } from './keybindings';
import { FileActions } from './files/FileActions';
import { DockArea } from './layout/DockArea';
import { MenuBar } from './MenuBar';
import { CommandPalette } from './palette/CommandPalette';
import { SceneTree } from './SceneTree';
import { registerShellCommands } from './shellCommands';
import { StatusBar } from './StatusBar';

/** Messages for commands that have no handler yet. */
const UNAVAILABLE: Readonly<Record<string, string>> = {
  'simulation.runPause': 'Run/Pause (F5): no simulator in this session yet',
  'simulation.step': 'Step (F8): no simulator in this session yet',
  'simulation.reset': 'Reset (Shift+F5): no simulator in this session yet',
};

/** The simulation status that follows the running simulation. */
const FOLLOWING_STATUS = /^(Running|Paused) at /;
/** How long a command's message stays before the following simulation status replaces it. */
const MESSAGE_HOLD_MS = 8000;

/** After another scene was opened the page starts over on it: its saved layout, its 3-D scene, its views. */
const startOver = (): void => window.location.reload();

/** Opens the views console commands create (a component so it sits inside the services context). */
function AutoOpenViews(): null {
  useAutoOpenViews();
  return null;
}

/** The application. */
export function App({
  services,
  onLinkState,
}: {
  services: Services;
  onLinkState?: (listener: (state: string) => void) => () => void;
}): ReactNode {
  const [message, setMessage] = useState<string | undefined>(undefined);
  /** When a command last showed a message (performance.now()). */
  const shownAt = useRef(-Infinity);
  const [link, setLink] = useState<string | undefined>(undefined);

  useEffect(() => onLinkState?.(setLink), [onLinkState]);
  useEffect(
    () => services.commands.onUnhandled((id) => setMessage(UNAVAILABLE[id] ?? `No handler for ${id}`)),
    [services.commands],
  );
  useEffect(() => registerShellCommands(services.commands), [services.commands]);
  useEffect(
    () =>
      services.commands.register(Commands.showMessage, (text) => {
        shownAt.current = performance.now();
        setMessage(String(text));
      }),
    [services.commands],
  );
  useEffect(
    () =>
      registerSimulationCommands(dataSourceFor(services.bridge).scene, services.commands, (text) => {
        // The running status follows the simulation several times a second; a command's result (an error opening
        // a file) must stay readable first.
        if (!FOLLOWING_STATUS.test(text) || performance.now() - shownAt.current > MESSAGE_HOLD_MS) setMessage(text);
      }),
    [services.bridge, services.commands],
  );
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      const binding = bindingFor(e);
      if (!binding) return;
      e.preventDefault(); // F5 would reload the page, Ctrl+O open the browser's file dialog
      e.stopPropagation();
      void services.commands.execute(binding.command);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [services.commands]);

  return (
    <ServicesContext.Provider value={services}>
      <div className="shell">
        <MenuBar />
        <div className="workbench">
          <SceneTree />
          <main className="dock-host">
            <DockArea />
          </main>
        </div>
        <StatusBar message={message} link={link} />
        <AutoOpenViews />
        <FileActions onSceneOpened={startOver} />
        <CommandPalette />
      </div>
    </ServicesContext.Provider>
  );
}
