/**
 * @file A read-only hook for end-to-end tests and the benchmark: the open 3-D scene's counters on
 * `window.__pitchsideScene3D` (robot models, rendered frames), so a test can count robots without reading pixels
 * and the benchmark can switch to continuous rendering.
 */
import { measureEmptyScene, measureFrameRates, type FrameRates } from '../../render3d/frameRate';
import type { SceneRenderer } from '../../render3d/SceneRenderer';

/** What the hook exposes. */
export interface Scene3DTestHook {
  robotCount(): number;
  robotNames(): string[];
  frames(): number;
  drawings(): number;
  /** Shapes, instances and triangles drawn of the scene's own look (undefined until it is shown). */
  appearance(): { batches: number; instances: number; triangles: number } | undefined;
  setContinuous(on: boolean): void;
  /** Camera position and target (metres), for close-up screenshots. */
  setCamera(position: [number, number, number], target: [number, number, number]): void;
  /** Client pixel position of a robot's torso or the ball (`ball`). */
  screenPoint(name: string): { x: number; y: number } | undefined;
  /** The ball's streamed position (mm). */
  ballPosition(): { x: number; y: number } | undefined;
  /** Frame rates of this scene, then of an empty scene of the same size (the benchmark's baseline). */
  measure(ms: number): Promise<{ scene: FrameRates; empty: FrameRates }>;
}

/** Publishes `renderer` on the window; returns the function that withdraws it. */
export function exposeScene(renderer: SceneRenderer): () => void {
  const hook: Scene3DTestHook = {
    robotCount: () => renderer.stats.robots,
    robotNames: () => renderer.robotNames(),
    frames: () => renderer.stats.frames,
    drawings: () => renderer.stats.drawings,
    appearance: () => renderer.appearanceStats,
    setContinuous: (on) => renderer.setContinuous(on),
    setCamera: (position, target) => renderer.setCamera(position, target),
    screenPoint: (name) => renderer.screenPoint(name),
    ballPosition: () => renderer.ballPosition,
    measure: async (ms) => {
      const scene = await measureFrameRates(renderer, ms);
      const empty = await measureEmptyScene(renderer.element, ms);
      return { scene, empty };
    },
  };
  const w = window as unknown as { __pitchsideScene3D?: Scene3DTestHook };
  w.__pitchsideScene3D = hook;
  return () => {
    if (w.__pitchsideScene3D === hook) delete w.__pitchsideScene3D;
  };
}
