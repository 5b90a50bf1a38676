/**
 * @file The 3-D drawings every robot sends (formats §5.2), collected for the scene view: for each thread's 3-D
 * drawing manager, the drawings with shapes in the thread's latest frame, tagged with their declared type (which
 * says whether they hang on the field, the robot or a camera). IMAGE3D shapes stay on the host: their payload is
 * a whole camera image.
 */
import type { RobotConsole } from '../../console/RobotConsole';
import type { Drawing3D } from '@app/ipc/simulation';

/** The visible 3-D drawings of `consoles`. */
export function collectDrawings3D(consoles: readonly RobotConsole[]): Drawing3D[] {
  const result: Drawing3D[] = [];
  for (const console of consoles) {
    const store = console.model.drawings;
    for (const thread of store.threadsWithManager3D) {
      for (const declared of store.declared3D([thread])) {
        const shapes = store.shapes3D(thread, declared.name)?.filter((s) => s.type !== 'image');
        if (shapes && shapes.length > 0)
          result.push({ robot: console.name, thread, name: declared.name, type: declared.type, shapes });
      }
    }
  }
  return result;
}
