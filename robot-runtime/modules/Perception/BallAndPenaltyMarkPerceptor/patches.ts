/**
 * @file Image patches as the ball network sees them (B-Human's conventions, so their networks run unchanged):
 * a square of the brightness image around a spot, its side 3.5 ball radii rounded up to the next multiple of 4
 * (4 more when it already is one), sampled nearest-neighbour to 32 × 32; pixels outside the image are 128. Then
 * the brightness is stretched: the value at the 2 % brightest rank becomes 255, brighter pixels are clipped to
 * it, nothing is subtracted at the dark end. Values stay 0..255 as floats.
 */
import type { YuyvImage } from '@robot-runtime/representations/Infrastructure/CameraImage';

/** Side (pixels) of the patch cut around a ball of `radius` pixels. */
export function patchSide(radius: number, areaFactor: number): number {
  const side = Math.trunc(radius * areaFactor);
  return side + 4 - (side % 4);
}

/**
 * Writes the `size` × `size` patch of side `side` centred on (cx, cy) into `out` (row-major, one channel) and
 * normalises it; `histogram` is scratch space of 256 counters.
 */
export function extractPatch(
  img: YuyvImage,
  cx: number,
  cy: number,
  side: number,
  size: number,
  outlierRatio: number,
  out: Float32Array,
  histogram = new Uint32Array(256),
): void {
  const { width, height, image: d } = img;
  const scale = side / size;
  const x0 = cx - side / 2,
    y0 = cy - side / 2;
  histogram.fill(0);
  for (let j = 0; j < size; j++) {
    const y = Math.floor(y0 + (j + 0.5) * scale);
    for (let i = 0; i < size; i++) {
      const x = Math.floor(x0 + (i + 0.5) * scale);
      const value =
        x < 0 || y < 0 || x >= width || y >= height ? 128 : d[((y * width + (x & ~1)) << 1) + ((x & 1) << 1)]!;
      out[j * size + i] = value;
      histogram[value]!++;
    }
  }
  // The brightness at the outlier rank from the top becomes full scale.
  let rank = Math.floor(outlierRatio * size * size);
  let max = 255;
  while (max > 0 && rank >= histogram[max]!) rank -= histogram[max--]!;
  if (max <= 0) return;
  const factor = 255 / max;
  for (let k = 0; k < size * size; k++) out[k] = Math.min(max, out[k]!) * factor;
}
