/**
 * What a running simulation needs from its physics, whichever kind the scene asks for (docs/simulation.md):
 * `capsules` (PhysicsWorld: Rapier, upright capsules moved by walk commands; fast, for whole-team behaviour) or
 * `articulated` (ArticulatedWorld: MuJoCo, every robot a torso and hinges driven by motors from its
 * JointRequest). A scene chooses with `<Set name="simulation" value="articulated|capsules"/>` in its `<Scene>`
 * (a placeholder definition, so SimRobot reads the file unchanged); without it a scene is articulated, as
 * every scene is in SimRobot's 3-D simulator.
 */
import type { Pose2, Vec3 } from '@robot-runtime/math/types';
import { SceneError } from '../scene/SceneError';
import type { SceneModel } from '../scene/SceneModel';
import type { WorldState } from './WorldState';

/** The two kinds of simulation. */
export type SimulationKind = 'articulated' | 'capsules';

/** The physics of a loaded scene. Units: mm, rad, s. */
export interface SimulatedWorld {
  /** Simulated time (ms). */
  readonly time: number;
  step(): void;
  getState(): WorldState;
  /** Places a robot standing at rest (field frame). */
  moveRobot(robot: string, pose: Pose2): void;
  /** Places the ball (z defaults to resting on the ground) with an optional velocity (mm/s). */
  moveBall(position: { x: number; y: number; z?: number }, velocity?: Vec3): void;
  dispose(): void;
}

/** Which kind of simulation the scene asks for. */
export function simulationKindOf(scene: SceneModel): SimulationKind {
  const value = scene.graph.sets.simulation;
  if (value === undefined || value === 'articulated') return 'articulated';
  if (value === 'capsules') return 'capsules';
  const g = scene.graph;
  throw new SceneError(g.file, g.line, g.path, `Set 'simulation' must be 'articulated' or 'capsules', got '${value}'`);
}
