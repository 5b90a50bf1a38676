/**
 * @file Where a ball or a penalty mark may be: spots on the ground that are not field green and have about the
 * size a ball has at that image row. Vertical scan lines find runs of non-green pixels below the horizon; a run
 * about a ball's height gives a spot at its middle, a longer one (a ball in front of a robot's feet or a goal
 * post, or a line seen lengthwise) one ball radius above its bottom, where a ball touching the ground would be.
 * A horizontal scan through the spot centres it; a spot whose row is much wider than a ball (a line across the
 * view) is kept only when its run holds dark pixels, as the ball's black print does and lines do not. Of spots
 * closer than a ball radius to each other, the one from the longest vertical run (closest to the ball's centre)
 * is kept.
 */
import type { YuyvImage } from '@robot-runtime/representations/Infrastructure/CameraImage';

/** A candidate: its centre and the radius a ball there would have (pixels). */
export interface BallSpot {
  x: number;
  y: number;
  radius: number;
}

/** How spots are found. */
export interface SpotOptions {
  /** Pixels between vertical scan lines in a 640-pixel-wide image (scaled for other widths). */
  scanStep: number;
  /** A pixel is field green when U and V both lie this far below neutral 128 or more (summed). */
  greenChroma: number;
  /** Smallest ball radius (pixels) searched for. */
  minRadius: number;
  /** Most spots per image. */
  maxSpots: number;
}

/** Whether the pixel at column x, row y is field green. */
export function isGreen(d: Uint8Array, width: number, x: number, y: number, chroma: number): boolean {
  const base = (y * width + (x & ~1)) << 1;
  const u = d[base + 1]!,
    v = d[base + 3]!;
  return u < 128 && v < 128 && 256 - u - v >= chroma;
}

/** Brightness of the pixel at column x, row y. */
export function lumaAt(d: Uint8Array, width: number, x: number, y: number): number {
  return d[((y * width + (x & ~1)) << 1) + ((x & 1) << 1)]!;
}

/**
 * The spots of one image. `radiusAt[row]` is the radius (pixels) a ball has whose centre appears in that row
 * (0 above the horizon).
 */
export function findBallSpots(img: YuyvImage, radiusAt: Float32Array, options: SpotOptions): BallSpot[] {
  const { width, height, image: d } = img;
  const step = Math.max(2, Math.round((options.scanStep * width) / 640));
  const spots: BallSpot[] = [];
  /** Length of the vertical run each spot came from. */
  const runs: number[] = [];
  let top = 0;
  while (top < height && radiusAt[top]! < options.minRadius) top++;
  const add = (x: number, y: number, r: number, bottom: number, runTop: number): void => {
    if (r < options.minRadius || spots.length >= options.maxSpots) return;
    // Centre horizontally on the non-green run through the spot.
    let left = x,
      right = x;
    const reach = Math.ceil(2.5 * r);
    while (left > 0 && x - left < reach && !isGreen(d, width, left - 1, y, options.greenChroma)) left--;
    while (right < width - 1 && right - x < reach && !isGreen(d, width, right + 1, y, options.greenChroma)) right++;
    const w = right - left + 1;
    let cx = x;
    if (x - left < reach && right - x < reach) {
      if (w < 0.6 * r) return; // thinner than half a ball: a line seen lengthwise
      cx = left === 0 ? right + 1 - r : right === width - 1 ? left + r : (left + right + 1) / 2;
    } else {
      // Wider than a ball: only a run holding dark pixels (the ball's print) can be a ball before something.
      let max = 0,
        min = 255;
      for (let row = runTop; row <= bottom; row++) {
        const l = lumaAt(d, width, x, row);
        if (l > max) max = l;
        if (l < min) min = l;
      }
      if (min > 0.45 * max) return;
    }
    // Near an earlier spot: the one whose vertical run is longer went closer through the ball's centre.
    const length = bottom - runTop + 1;
    const i = spots.findIndex((s) => Math.hypot(s.x - cx, s.y - y) < Math.max(r, s.radius));
    if (i >= 0) {
      if (length > runs[i]!) {
        spots[i] = { x: cx, y, radius: r };
        runs[i] = length;
      }
      return;
    }
    spots.push({ x: cx, y, radius: r });
    runs.push(length);
  };
  for (let x = step >> 1; x < width; x += step) {
    let runStart = -1;
    for (let y = top; y <= height; y++) {
      const green = y === height || isGreen(d, width, x, y, options.greenChroma);
      if (!green) {
        if (runStart < 0) runStart = y;
        continue;
      }
      if (runStart < 0) continue;
      const bottom = y - 1;
      const mid = (runStart + bottom) >> 1;
      const length = bottom - runStart + 1;
      const r = radiusAt[mid]!;
      if (length <= 2.6 * r) {
        // A run cut by the image's bottom border may be a ball cut there: its centre lies r above its top.
        const cy = bottom === height - 1 && length < 1.6 * r ? Math.round(runStart + radiusAt[runStart]!) : mid;
        if (length >= 0.5 * r || bottom === height - 1)
          add(x, Math.min(height - 1, cy), radiusAt[cy] ?? r, bottom, runStart);
      } else {
        const rb = radiusAt[bottom]!;
        const cy = Math.max(0, Math.round(bottom - rb));
        add(x, cy, radiusAt[cy]!, bottom, Math.max(runStart, Math.round(bottom - 2 * rb)));
      }
      runStart = -1;
    }
  }
  return spots;
}

/**
 * The radius a ball of `ballRadius` (mm) has in the image, per row, for a ball centre seen at the image's middle
 * column: `project(row)` gives the camera's distance (mm) to the point at ball height seen there, or undefined
 * above the horizon.
 */
export function ballRadiusPerRow(
  height: number,
  focalLength: number,
  ballRadius: number,
  distanceAt: (row: number) => number | undefined,
): Float32Array {
  const out = new Float32Array(height);
  for (let row = 0; row < height; row++) {
    const distance = distanceAt(row + 0.5);
    out[row] = distance && distance > ballRadius ? (focalLength * ballRadius) / distance : 0;
  }
  return out;
}
