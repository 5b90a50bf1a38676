/**
 * @file Global shortcuts: SimRobot's (formats §4.1: F5 run/pause, F8 step, Shift+F5 reset, Ctrl+O open) plus the
 * keyboard paths of the shell (command palette, moving between panels, closing one, the menu bar). Each maps
 * to a command id on the bus; the mapping is data so menus and the palette can show it and a test can check it.
 *
 * Browsers keep Ctrl+W, Ctrl+F4, Ctrl+T and Ctrl+N for themselves (a page never sees them), so closing a panel
 * is Alt+W, which every browser and Electron pass on.
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

/** The global shortcuts. A command may have several; menus show them in this order. */
export const KEYBINDINGS: readonly Keybinding[] = [
  { chord: { key: 'F5' }, command: Commands.runPause, label: 'F5' },
  { chord: { key: 'F5', shift: true }, command: Commands.reset, label: 'Shift+F5' },
  { chord: { key: 'F8' }, command: Commands.step, label: 'F8' },
  { chord: { key: 'o', ctrl: true }, command: Commands.open, label: 'Ctrl+O' },
  { chord: { key: 'p', ctrl: true, shift: true }, command: Commands.showPalette, label: 'Ctrl+Shift+P' },
  { chord: { key: 'F1' }, command: Commands.showPalette, label: 'F1' },
  { chord: { key: 'F6' }, command: Commands.focusNextPanel, label: 'F6' },
  { chord: { key: 'F6', shift: true }, command: Commands.focusPreviousPanel, label: 'Shift+F6' },
  { chord: { key: 'w', alt: true }, command: Commands.closePanel, label: 'Alt+W' },
  { chord: { key: 'F10' }, command: Commands.focusMenuBar, label: 'F10' },
];

/** The parts of a keyboard event the lookup reads. */
export interface KeyEventLike {
  readonly key: string;
  /** The physical key (`KeyW`); read for Alt+letter, where macOS's Option changes `key` to another character. */
  readonly code?: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
}

function keyMatches(chord: KeyChord, event: KeyEventLike): boolean {
  if (chord.key.toLowerCase() === event.key.toLowerCase()) return true;
  return !!chord.alt && /^[a-z]$/i.test(chord.key) && event.code === `Key${chord.key.toUpperCase()}`;
}

/** The binding an event triggers (Cmd counts as Ctrl, as on macOS), or undefined. */
export function bindingFor(event: KeyEventLike): Keybinding | undefined {
  const ctrl = event.ctrlKey || event.metaKey;
  return KEYBINDINGS.find(
    (b) =>
      keyMatches(b.chord, event) &&
      !!b.chord.ctrl === ctrl &&
      !!b.chord.shift === event.shiftKey &&
      !!b.chord.alt === event.altKey,
  );
}

/** The labels of `command`'s shortcuts joined by " / " (menus and the palette show them), or undefined. */
export function shortcutLabel(command: string): string | undefined {
  const labels = KEYBINDINGS.filter((b) => b.command === command).map((b) => b.label);
  return labels.length > 0 ? labels.join(' / ') : undefined;
}
