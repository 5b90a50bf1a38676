/**
 * @file Frame rate measurements of the 3-D scene for the benchmark: the display rate (frames drawn per
 * animation frame, capped by the browser at the screen's rate) and the uncapped rate (back-to-back renders,
 * each forced to finish by reading one pixel back), for a given scene and for an empty one in the same page.
 */
import { SceneRenderer } from './SceneRenderer';

/** Both rates of one scene. */
export interface FrameRates {
  /** Frames per second when rendering on every animation frame. */
  readonly displayFps: number;
  /** Frames per second when rendering back to back. */
  readonly uncappedFps: number;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Measures `renderer` for about `ms` per rate. */
export async function measureFrameRates(renderer: SceneRenderer, ms: number): Promise<FrameRates> {
  renderer.setContinuous(true);
  await sleep(200); // warm up: shaders compile on the first frames
  const f0 = renderer.stats.frames;
  const t0 = performance.now();
  await sleep(ms);
  const displayFps = ((renderer.stats.frames - f0) * 1000) / (performance.now() - t0);
  renderer.setContinuous(false);
  let n = 0;
  const t1 = performance.now();
  while (performance.now() - t1 < ms) {
    renderer.renderBlocking();
    n++;
  }
  return { displayFps, uncappedFps: (n * 1000) / (performance.now() - t1) };
}

/** Measures an empty scene (lights and background only) of the same size as `like`, in the same page. */
export async function measureEmptyScene(like: HTMLElement, ms: number): Promise<FrameRates> {
  const host = document.createElement('div');
  host.style.cssText = `position:fixed;left:0;top:0;width:${like.clientWidth}px;height:${like.clientHeight}px;`;
  document.body.appendChild(host);
  const renderer = new SceneRenderer(host);
  try {
    return await measureFrameRates(renderer, ms);
  } finally {
    renderer.dispose();
    host.remove();
  }
}
