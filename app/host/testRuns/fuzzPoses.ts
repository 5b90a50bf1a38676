/**
 * @file `fuz`: disturbs the start poses of a situation run with normal noise drawn from the run's seed, so each
 * run starts a little differently and the same seed starts the same way again. Robots stand on the ground here,
 * so only x, y and the rotation about z move them; `z`, `rotx` and `roty` (and those parts of `pos`, `rot` and
 * `all`) have nothing to disturb and are reported once by the runner. The noise is added to where the robots stand
 * now, that is after the test's start script placed them with `mvo`, not to the scene's poses.
 */
import { SeededRandom } from '@robot-runtime/math/SeededRandom';
import { deg, normalizeAngle } from '@robot-runtime/math/vec2';
import type { Simulation } from '../../simulator/simulation/Simulation';
import type { Fuzz, FuzzAxis } from './testSpec';

/** The ground axes each fuzz axis disturbs. */
const GROUND_AXES: Record<FuzzAxis, readonly ('x' | 'y' | 'rotz')[]> = {
  all: ['x', 'y', 'rotz'],
  pos: ['x', 'y'],
  rot: ['rotz'],
  x: ['x'],
  y: ['y'],
  z: [],
  rotx: [],
  roty: [],
  rotz: ['rotz'],
};

/** Axes of `fuzz` that a robot standing on the ground cannot be disturbed in. */
export function ungroundedAxes(fuzz: readonly Fuzz[]): FuzzAxis[] {
  return fuzz.filter((f) => GROUND_AXES[f.axis].length === 0).map((f) => f.axis);
}

/** Moves every controlled robot of `sim` by noise of `fuzz`, drawn from `seed`; returns the largest shift (mm). */
export function fuzzPoses(sim: Simulation, fuzz: readonly Fuzz[], seed: number): number {
  if (fuzz.length === 0) return 0;
  const random = new SeededRandom(seed ^ 0x5eed);
  // The physics, not sim.worldState: that is the state after the last step, from before the script's `mvo` moves.
  const now = sim.physics.getState();
  let largest = 0;
  for (const def of sim.scene.robots) {
    const robot = now.robots.find((r) => r.name === def.name);
    if (!robot) continue;
    let { x, y } = robot.pose.translation;
    let rotation = robot.pose.rotation;
    for (const f of fuzz)
      for (const axis of GROUND_AXES[f.axis]) {
        if (axis === 'x') x += random.gaussian(f.deviation);
        else if (axis === 'y') y += random.gaussian(f.deviation);
        else rotation += deg(random.gaussian(f.deviation));
      }
    largest = Math.max(largest, Math.hypot(x - robot.pose.translation.x, y - robot.pose.translation.y));
    sim.physics.moveRobot(def.name, { rotation: normalizeAngle(rotation), translation: { x, y } });
  }
  return largest;
}
