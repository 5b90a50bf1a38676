/**
 * @file Ids and parameters of the robot views, shared by the console routing, the tree and the views: one place
 * decides that `vf field` on robot1 is view `field` with `{robot: robot1, name: field}`.
 */

/** Catalog ids of the robot views (the shell's catalog uses the same strings). */
export const ViewIds = {
  field: 'field',
  plot: 'plot',
  image: 'image',
  timing: 'timing',
  data: 'data',
  modules: 'modules',
  joints: 'joints',
} as const;

/** Parameters of a view panel. */
export type ViewParams = Readonly<Record<string, string>>;

/** A view to open: catalog id and parameters. */
export interface ViewTarget {
  readonly id: string;
  readonly params: ViewParams;
}

/** `<robot>.field.<name>` (formats §4.2). */
export function fieldView(robot: string, name: string): ViewTarget {
  return { id: ViewIds.field, params: { robot, name } };
}

/** `<robot>.plot.<name>`. */
export function plotView(robot: string, name: string): ViewTarget {
  return { id: ViewIds.plot, params: { robot, name } };
}

/** `<robot>.image.<name>` (rendered by the Image view). */
export function imageView(robot: string, name: string): ViewTarget {
  return { id: ViewIds.image, params: { robot, name } };
}

/** `<robot>.timing.<thread>`. */
export function timingView(robot: string, thread: string): ViewTarget {
  return { id: ViewIds.timing, params: { robot, thread } };
}

/** `<robot>.data.<key>` (threads providing it are shown side by side). */
export function dataView(robot: string, key: string): ViewTarget {
  return { id: ViewIds.data, params: { robot, key } };
}

/** `<robot>.modules.<thread>`. */
export function moduleGraphView(robot: string, thread: string): ViewTarget {
  return { id: ViewIds.modules, params: { robot, thread } };
}

/** `<robot>.jointData`. */
export function jointView(robot: string): ViewTarget {
  return { id: ViewIds.joints, params: { robot } };
}

/** A panel title in SimRobot's path style (`robot1.field.worldState`, thread names lower-cased first). */
export function viewTitle(id: string, params: ViewParams, fallback: string): string {
  const { robot, name, thread, key } = params;
  if (robot === undefined) return fallback;
  const lower = (s: string): string => s.charAt(0).toLowerCase() + s.slice(1);
  switch (id) {
    case ViewIds.field:
    case ViewIds.plot:
    case ViewIds.image:
      return name === undefined ? fallback : `${robot}.${id}.${name}`;
    case ViewIds.timing:
    case ViewIds.modules:
      return thread === undefined ? fallback : `${robot}.${id}.${lower(thread)}`;
    case ViewIds.data:
      return key === undefined ? fallback : `${robot}.data.${key.split(':').join('.')}`;
    case ViewIds.joints:
      return `${robot}.jointData`;
    default:
      return fallback;
  }
}
