/**
 * @file Global shortcuts (facts §4.1): F5 run/pause, F8 step, Shift+F5 reset, Ctrl+O open. Each maps to a
 * command id on the bus; the mapping is data so menus can show it and a test can check it.
 */
import { Commands } from '../services/CommandBus';

/** A key combination. */
export interface KeyChord {
  readonly key: string;
  readonly ctrl?: boolean;
  readonly shift?: boolean;
  readonly alt?: boolean;
}

/** A shortcut and the command it runs. */
export interface Keybinding {
  readonly chord: KeyChord;
  readonly command: string;
  /** How menus show it. */
  readonly label: string;
}

/** The global shortcuts. */
export const KEYBINDINGS: readonly Keybinding[] = [
  { chord: { key: 'F5' }, command: Commands.runPause, label: 'F5' },
  { chord: { key: 'F5', shift: true }, command: Commands.reset, label: 'Shift+F5' },
  { chord: { key: 'F8' }, command: Commands.step, label: 'F8' },
  { chord: { key: 'o', ctrl: true }, command: Commands.open, label: 'Ctrl+O' },
];

/** The parts of a keyboard event the lookup reads. */
export interface KeyEventLike {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
}

/** The binding an event triggers (Cmd counts as Ctrl, as on macOS), or undefined. */
export function bindingFor(event: KeyEventLike): Keybinding | undefined {
  const ctrl = event.ctrlKey || event.metaKey;
  return KEYBINDINGS.find(
    (b) => b.chord.key.toLowerCase() === event.key.toLowerCase() && !!b.chord.ctrl === ctrl && !!b.chord.shift === event.shiftKey && !!b.chord.alt === event.altKey,
  );
}

/** The menu label of `command`'s shortcut, or undefined. */
export function shortcutLabel(command: string): string | undefined {
  return KEYBINDINGS.find((b) => b.command === command)?.label;
}
