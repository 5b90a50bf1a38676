/**
 * @file Console commands open views: when a robot gains a field, plot or image view (`vf`, `vp`, `vi`, typed or
 * from a script), the view is opened through the `view.open` command. Views that already existed when the UI
 * started are not reopened (the saved layout decides about those).
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

/** The views in `next` that `previous` did not have. */
export function newViews(previous: ViewList | undefined, next: ViewList): ViewTarget[] {
  if (!previous) return [];
  const before = viewTargets(previous);
  return [...viewTargets(next)]
    .filter(([key]) => !before.has(key) && !createdByPanels.delete(key))
    .map(([, target]) => target);
}

/** Opens views as console commands create them (mount once, in the shell). */
export function useAutoOpenViews(): void {
  const source = useDataSource();
  const { commands, bridge } = useServices();
  useEffect(() => {
    let previous: ViewList | undefined;
    let live = true;
    // The first list is the baseline: what existed before this UI is not opened again.
    void bridge.invoke('pitchside:views.list', {}).then(
      (list) => {
        if (live && !previous) previous = list;
      },
      () => undefined,
    );
    const off = source.onViews((list) => {
      for (const target of newViews(previous ?? list, list))
        void commands.execute(Commands.openView, target.id, target.params);
      previous = list;
    });
    return () => {
      live = false;
      off();
    };
  }, [source, commands, bridge]);
}
