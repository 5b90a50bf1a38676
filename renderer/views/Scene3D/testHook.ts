/**
 * @file A read-only hook for end-to-end tests and the benchmark: the open 3-D scene's counters on
 * `window.__pitchsideScene3D` (robot models, rendered frames), so a test can count robots without reading pixels
 * and the benchmark can switch to continuous rendering.
 */
import type { SceneRenderer } from '../../render3d/SceneRenderer';

/** What the hook exposes. */
export interface Scene3DTestHook {
  robotCount(): number;
  robotNames(): string[];
  frames(): number;
  drawings(): number;
  setContinuous(on: boolean): void;
}

/** Publishes `renderer` on the window; returns the function that withdraws it. */
export function exposeScene(renderer: SceneRenderer): () => void {
  const hook: Scene3DTestHook = {
    robotCount: () => renderer.stats.robots,
    robotNames: () => renderer.robotNames(),
    frames: () => renderer.stats.frames,
    drawings: () => renderer.stats.drawings,
    setContinuous: (on) => renderer.setContinuous(on),
  };
  const w = window as unknown as { __pitchsideScene3D?: Scene3DTestHook };
  w.__pitchsideScene3D = hook;
  return () => {
    if (w.__pitchsideScene3D === hook) delete w.__pitchsideScene3D;
  };
}
