/**
 * @file The menu bar's menus as data: every item runs a command on the bus, so menus, shortcuts and the
 * command palette share one implementation of each action. The File menu lists the logs and scenes opened last.
 */
import type { FilePurpose } from '@app/ipc/files';
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

const NO_RECENT: Readonly<Record<FilePurpose, readonly string[]>> = { scene: [], log: [] };

/** A view opened from the menu takes the focus. */
const FOCUS: OpenViewOptions = { focus: true };

/** The file name of a path (either separator). */
const fileName = (path: string): string => path.split(/[\\/]/).pop() ?? path;

/** File → Recent: the logs and scenes opened last, each reopened through its open command. */
function recentItems(recent: Readonly<Record<FilePurpose, readonly string[]>>): MenuItem[] {
  const items = [
    ...recent.scene.map((path) => ({
      label: `Scene ${fileName(path)} (${path})`,
      command: Commands.openScene,
      args: [path],
    })),
    ...recent.log.map((path) => ({
      label: `Log ${fileName(path)} (${path})`,
      command: Commands.openLog,
      args: [path],
    })),
  ];
  return items.map((item, i) => ({ ...item, separatorBefore: i === 0 }));
}

/** The menus, left to right; `recent` are the paths File → Recent lists. */
export const menus = (recent: Readonly<Record<FilePurpose, readonly string[]>> = NO_RECENT): readonly Menu[] => [
  {
    title: 'File',
    items: [
      { label: 'Open .con script…', command: Commands.open },
      { label: 'Open log…', command: Commands.openLog },
      { label: 'Open scene…', command: Commands.openScene },
      { label: 'Export layout…', command: Commands.exportLayout, separatorBefore: true },
      { label: 'Import layout…', command: Commands.importLayout },
      ...recentItems(recent),
    ],
  },
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
