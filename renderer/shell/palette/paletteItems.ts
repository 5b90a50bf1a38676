/**
 * @file The entries of the command palette: every described command on the bus (with its shortcut), "View:
 * Open …" for every view of the catalog, and one entry per view a robot offers (its data keys, threads, field,
 * plot and image views: the same list as the robot's tree in the scene tree).
 */
import type { ViewList } from '@app/ipc/viewData';
import { robotViewNodes, type ViewTreeNode } from '../../components/RobotViewTree';
import { Commands, type CommandDescription, type OpenViewOptions } from '../../services/CommandBus';
import { shortcutLabel } from '../keybindings';
import type { ViewDescriptor } from '../viewCatalog';

/** One entry. */
export interface PaletteItem {
  /** Unique among the entries (remembers recently run ones). */
  readonly key: string;
  readonly title: string;
  /** A second line of text, also searched. */
  readonly detail?: string;
  readonly shortcut?: string;
  readonly command: string;
  readonly args: readonly unknown[];
  /** No handler is registered now: it still runs, and the status bar says why it did nothing. */
  readonly unavailable?: boolean;
}

/** What the palette lists. */
export interface PaletteSources {
  readonly commands: readonly CommandDescription[];
  readonly isHandled: (id: string) => boolean;
  readonly catalog: readonly ViewDescriptor[];
  readonly views: ViewList;
}

/** A panel opened from the palette takes the focus. */
const FOCUS: OpenViewOptions = { focus: true };

function leaves(nodes: readonly ViewTreeNode[]): ViewTreeNode[] {
  return nodes.flatMap((n) => [...(n.open ? [n] : []), ...leaves(n.children ?? [])]);
}

/** The palette's entries, in the order shown for an empty query. */
export function paletteItems(sources: PaletteSources): PaletteItem[] {
  const views: PaletteItem[] = sources.catalog.map((v) => ({
    key: `view:${v.id}`,
    title: `View: Open ${v.title}`,
    detail: v.description,
    command: Commands.openView,
    args: [v.id, undefined, FOCUS],
  }));
  const commands: PaletteItem[] = sources.commands.map((d) => ({
    key: `command:${d.id}`,
    title: d.title,
    shortcut: shortcutLabel(d.id),
    command: d.id,
    args: [],
    unavailable: !sources.isHandled(d.id),
  }));
  const robotViews: PaletteItem[] = sources.views.robots.flatMap((r) =>
    leaves(robotViewNodes(r)).map((node) => {
      const { id, params } = node.open!;
      const descriptor = sources.catalog.find((v) => v.id === id);
      const title = descriptor?.titleFor?.(params) ?? `${r.robot}.${node.label}`;
      return {
        key: `view:${id}:${JSON.stringify(params)}`,
        title: `View: Open ${title}`,
        detail: descriptor?.title,
        command: Commands.openView,
        args: [id, params, FOCUS],
      };
    }),
  );
  return [...views, ...commands, ...robotViews];
}
