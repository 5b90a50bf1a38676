/**
 * The articulated simulation's physics engine: MuJoCo, Google DeepMind's official WebAssembly build
 * (single-threaded). Loaded once per process (about 0.3 s); `initMujoco` shares that load between all callers.
 */
import loadMujoco, { type MainModule } from '@mujoco/mujoco';

let ready: Promise<MainModule> | undefined;

/** The loaded MuJoCo module. */
export function initMujoco(): Promise<MainModule> {
  ready ??= loadMujoco();
  return ready;
}

export type { MainModule as Mujoco, MjData, MjModel } from '@mujoco/mujoco';
