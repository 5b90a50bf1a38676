/**
 * @file Where a penalty mark may be: small bright blobs on the green, about as wide and as high in the image as
 * a mark lying flat on the ground at that row. A flat mark is far lower in the image than a ball of the same
 * width once it is more than a metre or so away, so the ball spot finder, which asks for runs about a ball's
 * height, misses it; and merely accepting lower runs there lets every piece of line in (lines are as low as
 * marks). What sets a mark apart from a line is that it ends on every side within its own size: vertical scan
 * lines find non-green runs no higher than a mark there, the bright pixels connected to the run's brightest are
 * followed, and the blob is kept only when it ends within a window about its size around the run and its box
 * fits the mark's projected width and height.
 */
import type { YuyvImage } from '@robot-runtime/representations/Infrastructure/CameraImage';
import { isGreen, lumaAt } from './ballSpots';

/** A box of pixels, edges included. */
export interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** A penalty-mark candidate (pixels). */
export interface PenaltyMarkSpot extends Box {
  /** Centre of the blob's box. */
  x: number;
  y: number;
  /** The width a mark there would have; its patch is sized by it. */
  width: number;
}

/** The size a penalty mark has in the image when its centre lies in a row (0 above the horizon). */
export interface MarkSizePerRow {
  /** Extent across the image (pixels) of the mark's side lying across the view. */
  width: Float32Array;
  /** Extent down the image (pixels) of the mark's side lying along the view. */
  height: Float32Array;
}

/** How penalty-mark candidates are found. */
export interface PenaltyMarkSpotOptions {
  /** Pixels between vertical scan lines in a 640-pixel-wide image (scaled for other widths). */
  scanStep: number;
  /** A pixel is field green when U and V both lie this far below neutral 128 or more (summed). */
  greenChroma: number;
  /**
   * Marks narrower than this in the image (pixels) are not searched for: the scan lines may step over them, and
   * far away a mark is a sliver a broken line's piece looks just like.
   */
  minPenaltyMarkWidth: number;
  /**
   * Blobs fewer rows high than this are no candidates: a mark that flat is a sliver a piece of a far line looks
   * just like (the network is as sure of both).
   */
  minPenaltyMarkHeight: number;
  /** Most penalty-mark candidates per image. */
  maxPenaltyMarkSpots: number;
}

/**
 * How much brighter than the green around it (brightness levels) a mark's brightest pixel is at least: well
 * below what white lines show on the carpet even in the dimmest images varied as a hall varies them (about 100
 * levels), to leave room for blur, and well above the brightness noise of a patch of green.
 */
const MIN_CONTRAST = 24;

/**
 * The penalty-mark candidates of one image, at most `maxPenaltyMarkSpots`, nearest (lowest in the image) first.
 * `size` gives the mark's expected extent per row.
 */
export function findPenaltyMarkSpots(
  img: YuyvImage,
  size: MarkSizePerRow,
  options: PenaltyMarkSpotOptions,
): PenaltyMarkSpot[] {
  const { width, height, image: d } = img;
  const chroma = options.greenChroma;
  const green = (x: number, y: number): boolean => isGreen(d, width, x, y, chroma);
  const luma = (x: number, y: number): number => lumaAt(d, width, x, y);
  // Two thirds of the narrowest mark searched for: every mark is crossed at least once, away from its ends.
  const step = Math.max(2, Math.floor((2 * options.minPenaltyMarkWidth) / 3));
  const found: PenaltyMarkSpot[] = [];
  /** Boxes already searched (kept or not), so that the other scan lines through them skip them. */
  const searched: Box[] = [];
  let top = 0;
  while (top < height && size.width[top]! < options.minPenaltyMarkWidth) top++;
  // Scratch space of the flood fill: the pixels of the window visited, and the stack.
  let visited = new Uint8Array(0);
  let stack = new Int32Array(0);

  /**
   * The box of the pixels connected to (x, y) (also diagonally, so that a slanted line's steps stay joined) that
   * are not green and at least `threshold` bright, within `reachX`, `reachY` of it; undefined when they reach the
   * window's edge or the image's border: then they belong to something larger than a mark, or to one that cannot
   * be told from a cut line. Brightness keeps the chroma noise of a dim image out, which makes single pixel pairs
   * look not green all over the field and would link a mark to whatever lies near it.
   */
  const blobAt = (x: number, y: number, reachX: number, reachY: number, threshold: number): Box | undefined => {
    const x0 = x - reachX,
      y0 = y - reachY,
      w = 2 * reachX + 1,
      h = 2 * reachY + 1;
    if (visited.length < w * h) {
      visited = new Uint8Array(w * h);
      stack = new Int32Array(w * h);
    } else visited.fill(0, 0, w * h);
    const box = { left: x, right: x, top: y, bottom: y };
    let n = 0;
    stack[n++] = (y - y0) * w + (x - x0);
    visited[(y - y0) * w + (x - x0)] = 1;
    while (n > 0) {
      const k = stack[--n]!;
      const px = x0 + (k % w),
        py = y0 + Math.floor(k / w);
      if (px <= x0 || px >= x0 + w - 1 || py <= y0 || py >= y0 + h - 1) return undefined;
      if (px <= 0 || px >= width - 1 || py <= 0 || py >= height - 1) return undefined;
      if (px < box.left) box.left = px;
      if (px > box.right) box.right = px;
      if (py < box.top) box.top = py;
      if (py > box.bottom) box.bottom = py;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const j = k + dy * w + dx;
          if (visited[j] || luma(px + dx, py + dy) < threshold || green(px + dx, py + dy)) continue;
          visited[j] = 1;
          stack[n++] = j;
        }
      }
    }
    return box;
  };

  const rowBytes = width * 2;
  for (let x = step >> 1; x < width; x += step) {
    let runStart = -1;
    // The pixel pair's U and V, read directly: this loop sees every scanned pixel.
    const chromaAt = (x & ~1) * 2 + 1;
    for (let y = top, i = top * rowBytes + chromaAt; y <= height; y++, i += rowBytes) {
      if (y < height) {
        const u = d[i]!,
          v = d[i + 2]!;
        if (!(u < 128 && v < 128 && 256 - u - v >= chroma)) {
          if (runStart < 0) runStart = y;
          continue;
        }
      }
      if (runStart < 0) continue;
      const runTop = runStart,
        bottom = y - 1;
      runStart = -1;
      const row = (runTop + bottom) >> 1;
      const w = size.width[row]!,
        h = size.height[row]!;
      // Taller than a mark lying there: a ball, a robot, a line seen lengthwise.
      if (w < options.minPenaltyMarkWidth || bottom - runTop + 1 > 1.5 * h + 2) continue;
      // A mark is white on green: halfway between the green around the run and its brightest pixel.
      let seed = runTop;
      for (let r = runTop + 1; r <= bottom; r++) if (luma(x, r) > luma(x, seed)) seed = r;
      const around = (luma(x, Math.max(0, runTop - 1)) + luma(x, Math.min(height - 1, bottom + 1))) / 2;
      if (luma(x, seed) - around < MIN_CONTRAST) continue;
      if (searched.some((b) => x >= b.left && x <= b.right && row >= b.top && row <= b.bottom)) continue;
      const reachX = Math.ceil(1.2 * w) + 2,
        reachY = Math.ceil(1.2 * h) + 2;
      const box = blobAt(x, seed, reachX, reachY, (luma(x, seed) + around) / 2);
      searched.push(box ?? { left: x - reachX, right: x + reachX, top: runTop, bottom });
      if (!box) continue;
      const cy = (box.top + box.bottom + 1) / 2;
      const centreRow = Math.min(height - 1, Math.floor(cy));
      const ew = size.width[centreRow]!,
        eh = size.height[centreRow]!;
      const bw = box.right - box.left + 1,
        bh = box.bottom - box.top + 1;
      if (
        bw < 0.5 * ew ||
        bw > 1.6 * ew + 2 ||
        bh < Math.max(options.minPenaltyMarkHeight, 0.3 * eh) ||
        bh > 1.6 * eh + 2
      )
        continue;
      found.push({ x: (box.left + box.right + 1) / 2, y: cy, width: ew, ...box });
    }
  }
  // Nearest (lowest in the image) first: the surest when the budget is tight.
  return found.sort((a, b) => b.y - a.y).slice(0, Math.max(0, options.maxPenaltyMarkSpots));
}
