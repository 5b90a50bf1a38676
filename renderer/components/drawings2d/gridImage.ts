/**
 * @file Grid shapes (GRID_MONO, GRID_RGBA, GRID_RECTANGLE_RGBA) as small bitmaps, one pixel per cell, drawn
 * scaled with smoothing off. Cached per shape object: a grid is decoded once however often it is painted.
 */
import type { WireShape2D } from '@app/ipc/viewData';

type GridShape = Extract<WireShape2D, { type: 'gridMono' | 'gridRGBA' | 'gridRectangleRGBA' }>;

const cache = new WeakMap<GridShape, HTMLCanvasElement | OffscreenCanvas>();

/** A bitmap of the grid's cells (row 0 at the grid's origin), or undefined for an empty grid. */
export function gridImage(shape: GridShape): HTMLCanvasElement | OffscreenCanvas | undefined {
  const cached = cache.get(shape);
  if (cached) return cached;
  const { cellsX: w, cellsY: h } = shape;
  if (w <= 0 || h <= 0) return undefined;
  const pixels = new Uint8ClampedArray(w * h * 4);
  for (let i = 0; i < w * h; i++) {
    if (shape.type === 'gridMono') {
      // The cell value is the opacity of the base colour.
      pixels[4 * i] = shape.baseColor.r;
      pixels[4 * i + 1] = shape.baseColor.g;
      pixels[4 * i + 2] = shape.baseColor.b;
      pixels[4 * i + 3] = ((shape.cells[i] ?? 0) * shape.baseColor.a) / 255;
    } else for (let k = 0; k < 4; k++) pixels[4 * i + k] = shape.cells[4 * i + k] ?? 0;
  }
  const canvas =
    typeof OffscreenCanvas !== 'undefined'
      ? new OffscreenCanvas(w, h)
      : Object.assign(document.createElement('canvas'), { width: w, height: h });
  const ctx = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
  if (!ctx) return undefined;
  ctx.putImageData(new ImageData(pixels, w, h), 0, 0);
  cache.set(shape, canvas);
  return canvas;
}
