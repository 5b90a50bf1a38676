/**
 * @file `sv fast`: the current ball and robot poses as a start script of `mvo` lines (formats §1.3), so that a
 * situation set up by hand (dragging robots, `mv`, `mvb`) can be replayed with `call`, e.g. as the `.con` file of
 * `test situation`. Field frame, mm and degrees, as `mvo` reads them.
 */
import type { WorldState } from '../physics/WorldState';
import type { SceneModel } from '../scene/SceneModel';

/** Height written for robots whose torso height the simulation does not model (capsules): a standing NAO's. */
const STANDING_TORSO_Z = 320;

const mm = (v: number): string => String(Math.round(v));
const degrees = (rad: number): string => String(Math.round(((rad * 180) / Math.PI) * 10) / 10);

/** The `mvo` lines that put every robot and the ball where they are in `state`. */
export function savedPosesScript(scene: SceneModel, state: WorldState): string {
  const lines = [`# Poses saved at ${(state.time / 1000).toFixed(3)} s of ${scene.name} (sv fast)`];
  for (const def of [...scene.robots, ...scene.extras]) {
    const robot = state.robots.find((r) => r.name === def.name);
    if (!robot) continue;
    const { x, y } = robot.pose.translation;
    const z = robot.torso?.z ?? STANDING_TORSO_Z;
    lines.push(`mvo ${def.objectPath} ${mm(x)} ${mm(y)} ${mm(z)} 0 0 ${degrees(robot.pose.rotation)}`);
  }
  if (scene.ball && state.ball) {
    const { x, y, z } = state.ball.position;
    lines.push(`mvo ${scene.ball.objectPath} ${mm(x)} ${mm(y)} ${mm(z)}`);
  }
  return `${lines.join('\n')}\n`;
}
