/**
 * @file What views one robot offers: its `vf`/`vi`/`vp` views, a data view per `debugData:` key (formats §4.3) and
 * a timing view and module graph per thread. The renderer builds its tree from this and opens the views that a
 * console command just created.
 */
import type { RobotConsole } from '../console/RobotConsole';
import type { RobotViews } from '../../ipc/viewData';

/** Prefix of debug data requests in console spelling. */
const DEBUG_DATA_PREFIX = 'debugData:';

/** The views of `robot`. */
export function robotViews(robot: RobotConsole): RobotViews {
  const model = robot.model;
  return {
    robot: robot.name,
    fieldViews: model.views.fieldViews().map((v) => v.name),
    fieldViewDrawings: Object.fromEntries(model.views.fieldViews().map((v) => [v.name, [...v.drawings]])),
    imageViews: model.views
      .imageViews()
      .map((v) => ({ name: v.name, thread: v.thread, image: v.image, drawings: [...v.drawings] })),
    plotViews: model.plots.allViews().map((v) => v.name),
    dataKeys: model.requests
      .withPrefix(DEBUG_DATA_PREFIX)
      .map(({ key, request }) => ({ key, threads: [...request.threads] })),
    threads: model.threads,
    startViews: robot.startViews,
  };
}
