/**
 * The articulated simulation's physics engine: MuJoCo, Google DeepMind's official WebAssembly build
 * (single-threaded). Loaded once per process (about 0.3 s); `initMujoco` shares that load between all callers.
 */
import loadMujoco, { type MainModule } from '@mujoco/mujoco';

let ready: Promise<MainModule> | undefined;
let loaded: MainModule | undefined;

/** Loads the MuJoCo module (once per process). */
export function initMujoco(): Promise<MainModule> {
  ready ??= loadMujoco().then((m) => (loaded = m));
  return ready;
}

/** The module once {@link initMujoco} has resolved (for code that rebuilds a world synchronously). */
export function loadedMujoco(): MainModule {
  if (!loaded) throw new Error('MuJoCo is not loaded yet: await initMujoco() first');
  return loaded;
}

export type { MainModule as Mujoco, MjData, MjModel } from '@mujoco/mujoco';
