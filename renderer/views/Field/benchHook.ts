/**
 * @file The field view's benchmark hook: while a field view is open, `window.__pitchsideFieldBench.measure()`
 * paints synthetic frames of N primitives through the view's own renderer and compares with a blank canvas of
 * the same size in the same page (the display-rate baseline). Used by `npm run bench` (app/host/bench); it
 * touches nothing until called.
 */
import type { BenchHooks, FieldBenchResult } from '@app/ipc/benchHooks';
import { syntheticShapes } from './benchShapes';
import type { FieldRenderer } from './FieldRenderer';
import { rafLoop, timePerStep } from '../../lib/frameTiming';

/** Distinct synthetic frames cycled through (new data every frame without generating it in the loop). */
const FRAMES = 4;

/** Installs the hook for `renderer`; returns the uninstaller. */
export function installFieldBench(renderer: FieldRenderer, canvas: HTMLCanvasElement): () => void {
  const hook: BenchHooks['__pitchsideFieldBench'] = {
    async measure(ms: number, primitives: number): Promise<FieldBenchResult> {
      const frames = Array.from({ length: FRAMES }, (_, i) => [
        { name: 'bench', shapes: syntheticShapes(primitives, i) },
      ]);
      const ctx = canvas.getContext('2d')!;
      const flush = (): void => void ctx.getImageData(0, 0, 1, 1);
      const blank = (): void => {
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.fillStyle = '#1b3d1d';
        ctx.fillRect(0, 0, canvas.width, canvas.height);
      };
      renderer.freeze(true);
      try {
        let i = 0;
        const field = (): void => {
          renderer.setDrawings(frames[i++ % FRAMES]!);
          renderer.paintNow();
        };
        const blankFps = await rafLoop(ms, blank);
        const fieldFps = await rafLoop(ms, field);
        const blankMs = timePerStep(20, blank, flush);
        const paintMs = timePerStep(20, field, flush);
        return { fieldFps, blankFps, paintMs, blankMs, width: canvas.width, height: canvas.height };
      } finally {
        renderer.freeze(false);
      }
    },
  };
  const g = globalThis as { __pitchsideFieldBench?: BenchHooks['__pitchsideFieldBench'] };
  g.__pitchsideFieldBench = hook;
  return () => {
    if (g.__pitchsideFieldBench === hook) delete g.__pitchsideFieldBench;
  };
}
