/**
 * @file The menu bar's menus as data: every item runs a command on the bus, so menus, shortcuts and the
 * command palette share one implementation of each action.
 */
import { Commands, type OpenViewOptions } from '../../services/CommandBus';
import { VIEW_CATALOG } from '../viewCatalog';

/** One menu item. */
export interface MenuItem {
  readonly label: string;
  readonly command: string;
  readonly args?: readonly unknown[];
  /** Draws a line above the item. */
  readonly separatorBefore?: boolean;
}

/** One menu. */
export interface Menu {
  readonly title: string;
  readonly items: readonly MenuItem[];
}

/** A view opened from the menu takes the focus. */
const FOCUS: OpenViewOptions = { focus: true };

/** The menus, left to right. */
export const MENUS: readonly Menu[] = [
  { title: 'File', items: [{ label: 'Open .con script…', command: Commands.open }] },
  {
    title: 'View',
    items: [
      { label: 'Command Palette…', command: Commands.showPalette },
      { label: 'Next panel', command: Commands.focusNextPanel },
      { label: 'Previous panel', command: Commands.focusPreviousPanel },
      { label: 'Close panel', command: Commands.closePanel },
      ...VIEW_CATALOG.map((v, i) => ({
        label: v.title,
        command: Commands.openView,
        args: [v.id, undefined, FOCUS],
        separatorBefore: i === 0,
      })),
      { label: 'Reset layout', command: Commands.resetLayout, separatorBefore: true },
    ],
  },
  {
    title: 'Simulation',
    items: [
      { label: 'Run / Pause', command: Commands.runPause },
      { label: 'Step', command: Commands.step },
      { label: 'Reset', command: Commands.reset },
    ],
  },
];
