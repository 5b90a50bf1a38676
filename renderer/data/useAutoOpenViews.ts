/**
 * @file Console commands open views: when a robot has a field, plot or image view (`vf`, `vp`, `vi`, typed or
 * from the scene's start script), the view is opened through the `view.open` command, as SimRobot opens the
 * views a script creates. The views the consoles already had when the UI started (the start script ran before
 * the page loaded) are opened too; the dock opens them once the saved layout is restored and skips those it
 * already shows, so a reload, a reset or a saved layout never doubles a panel.
 */
import { useEffect } from 'react';
import type { ViewList } from '../../app/ipc/viewData';
import { Commands } from '../services/CommandBus';
import { useServices } from '../services/ServicesContext';
import { useDataSource } from './DataSourceContext';
import { fieldView, imageView, plotView, type ViewTarget } from './viewIds';

/** Console views a panel created for itself (opened from the menu): not opened a second time. */
const createdByPanels = new Set<string>();

/** Call before a panel runs `vf`/`vp` for itself, so the view it creates does not open another panel. */
export function claimConsoleView(robot: string, kind: 'field' | 'plot' | 'image', name: string): void {
  createdByPanels.add(`${robot}.${kind}.${name}`);
}

/** Every field, plot and image view of a list, by a stable key. */
export function viewTargets(list: ViewList): Map<string, ViewTarget> {
  const targets = new Map<string, ViewTarget>();
  for (const r of list.robots) {
    for (const name of r.fieldViews) targets.set(`${r.robot}.field.${name}`, fieldView(r.robot, name));
    for (const name of r.plotViews) targets.set(`${r.robot}.plot.${name}`, plotView(r.robot, name));
    for (const v of r.imageViews) targets.set(`${r.robot}.image.${v.name}`, imageView(r.robot, v.name));
  }
  return targets;
}

/** A view to open, and whether behind the view in front (a start script's). */
export type OpenTarget = ViewTarget & { readonly background?: boolean };

/** The start scripts' views of a list (formats §1.2), by the keys of `viewTargets`. */
export function startViewKeys(list: ViewList): Set<string> {
  return new Set(list.robots.flatMap((r) => (r.startViews ?? []).map((key) => `${r.robot}.${key}`)));
}

/** The views in `next` that `previous` did not have (all of them when there is no previous list). */
export function newViews(previous: ViewList | undefined, next: ViewList): OpenTarget[] {
  const before = previous ? viewTargets(previous) : new Map<string, ViewTarget>();
  const start = startViewKeys(next);
  return [...viewTargets(next)]
    .filter(([key]) => !before.has(key) && !createdByPanels.delete(key))
    .map(([key, target]) => (start.has(key) ? { ...target, background: true } : target));
}

/** Opens views as console commands create them, and those that existed at start (mount once, in the shell). */
export function useAutoOpenViews(): void {
  const source = useDataSource();
  const { commands, bridge } = useServices();
  useEffect(() => {
    let previous: ViewList | undefined;
    let live = true;
    const open = (targets: readonly OpenTarget[]): void => {
      for (const target of targets)
        void commands.execute(
          Commands.openView,
          target.id,
          target.params,
          target.background ? { background: true } : undefined,
        );
    };
    const update = (list: ViewList): void => {
      open(newViews(previous, list));
      previous = list;
    };
    void bridge.invoke('pitchside:views.list', {}).then(
      (list) => {
        if (live && !previous) update(list);
      },
      () => undefined,
    );
    const off = source.onViews(update);
    const unregister = commands.register(Commands.openConsoleViews, async () => {
      // View → Reset layout: the views come back behind the default panels, as on a fresh start.
      open(
        [...viewTargets(await bridge.invoke('pitchside:views.list', {})).values()].map((t) => ({
          ...t,
          background: true,
        })),
      );
    });
    return () => {
      live = false;
      off();
      unregister();
    };
  }, [source, commands, bridge]);
}
