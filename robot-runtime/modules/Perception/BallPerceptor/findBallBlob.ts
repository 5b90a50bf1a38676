/**
 * @file Finds the ball's pixels: a sparse grid (every `step`-th pixel of every `step`-th row) finds orange
 * pixels, which are grouped into blobs of neighbouring grid hits; the biggest blob's box, widened by one grid
 * step, is then read pixel by pixel for the exact extent of the orange region.
 */
import type { YuyvImage } from '@robot-runtime/representations/Infrastructure/CameraImage';

/** Colour limits of the ball's orange in YUV (orange: red-ish V, very low U, brighter than red robots). */
export interface OrangeClass {
  /** Minimum V (red chroma). */
  minV: number;
  /** Maximum U (blue chroma). */
  maxU: number;
  /** Minimum brightness. */
  minY: number;
}

/** The image addressed by pixel columns (see yuyvView). */
export type { YuyvImage };

/** The orange region found: its exact pixel box (inclusive) and how many orange pixels it has. */
export interface Blob {
  /** Leftmost column with an orange pixel. */
  left: number;
  /** Rightmost column with an orange pixel. */
  right: number;
  /** Topmost row with an orange pixel. */
  top: number;
  /** Bottom row with an orange pixel. */
  bottom: number;
  /** Number of orange pixels in the box. */
  pixels: number;
}

/** Whether pixel (x, y) is orange. */
function isOrange(d: Uint8Array, width: number, x: number, y: number, o: OrangeClass): boolean {
  const base = (y * width + (x & ~1)) << 1;
  return d[base + 3]! >= o.minV && d[base + 1]! <= o.maxU && d[base + ((x & 1) << 1)]! >= o.minY;
}

/** The largest orange region of the image, or undefined. */
export function findBallBlob(img: YuyvImage, step: number, orange: OrangeClass): Blob | undefined {
  const { width, height, image: d } = img;
  const cols = Math.ceil(width / step),
    rows = Math.ceil(height / step);
  const offset = step >> 1;
  // Grid hits, then connected components over the grid (4-neighbourhood) by flood fill.
  const hit = new Uint8Array(cols * rows);
  let any = false;
  for (let gy = 0; gy < rows; gy++) {
    const y = Math.min(height - 1, gy * step + offset);
    for (let gx = 0; gx < cols; gx++) {
      if (isOrange(d, width, Math.min(width - 1, gx * step + offset), y, orange)) {
        hit[gy * cols + gx] = 1;
        any = true;
      }
    }
  }
  if (!any) return undefined;
  let best: { x0: number; x1: number; y0: number; y1: number; n: number } | undefined;
  const stack: number[] = [];
  /** Queues grid cell `k` if it is an orange hit not yet taken. */
  const visit = (k: number): void => {
    if (hit[k] !== 1) return;
    hit[k] = 2;
    stack.push(k);
  };
  for (let i = 0; i < hit.length; i++) {
    if (hit[i] !== 1) continue;
    const box = { x0: cols, x1: -1, y0: rows, y1: -1, n: 0 };
    hit[i] = 2;
    stack.push(i);
    while (stack.length) {
      const j = stack.pop()!;
      const gx = j % cols,
        gy = (j - gx) / cols;
      box.n++;
      if (gx < box.x0) box.x0 = gx;
      if (gx > box.x1) box.x1 = gx;
      if (gy < box.y0) box.y0 = gy;
      if (gy > box.y1) box.y1 = gy;
      if (gx > 0) visit(j - 1);
      if (gx + 1 < cols) visit(j + 1);
      if (gy > 0) visit(j - cols);
      if (gy + 1 < rows) visit(j + cols);
    }
    if (!best || box.n > best.n) best = box;
  }
  // Refine at full resolution inside the blob's grid box widened by one step on each side.
  const x0 = Math.max(0, best!.x0 * step + offset - step),
    x1 = Math.min(width - 1, best!.x1 * step + offset + step);
  const y0 = Math.max(0, best!.y0 * step + offset - step),
    y1 = Math.min(height - 1, best!.y1 * step + offset + step);
  const blob: Blob = { left: width, right: -1, top: height, bottom: -1, pixels: 0 };
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      if (!isOrange(d, width, x, y, orange)) continue;
      blob.pixels++;
      if (x < blob.left) blob.left = x;
      if (x > blob.right) blob.right = x;
      if (y < blob.top) blob.top = y;
      if (y > blob.bottom) blob.bottom = y;
    }
  }
  return blob.pixels > 0 ? blob : undefined;
}
