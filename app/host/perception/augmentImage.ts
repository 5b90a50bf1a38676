/**
 * @file What a real hall varies, applied to a rendered YUYV image: exposure (brightness gain and offset), white
 * balance (U and V shifted), sensor noise and, now and then, horizontal motion blur. Drawn from the caller's
 * random stream, so a data set stays reproducible.
 */
import { toByte } from '@robot-runtime/math/colorSpace';
import type { SeededRandom } from '@robot-runtime/math/SeededRandom';

/** Changes `image` (YUYV, `width` columns) in place. */
export function augmentImage(image: Uint8Array, width: number, height: number, random: SeededRandom): void {
  const gain = 0.65 + 0.7 * random.next(),
    offset = -15 + 30 * random.next();
  const du = -8 + 16 * random.next(),
    dv = -8 + 16 * random.next();
  const noise = 6 * random.next();
  for (let i = 0; i < image.length; i += 2) {
    image[i] = toByte(image[i]! * gain + offset + random.gaussian(noise));
    const chroma = (i & 2) === 0 ? du : dv;
    image[i + 1] = toByte(128 + (image[i + 1]! - 128) * Math.min(gain, 1) + chroma + random.gaussian(noise / 2));
  }
  if (random.next() < 0.3) {
    // Motion blur: a moving average of the brightness along each row.
    const length = 2 + Math.floor(random.next() * 4);
    const row = new Float32Array(width);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) row[x] = image[(y * width + x) * 2]!;
      for (let x = 0; x < width; x++) {
        let sum = 0,
          n = 0;
        for (let j = 0; j < length && x + j < width; j++, n++) sum += row[x + j]!;
        image[(y * width + x) * 2] = toByte(sum / n);
      }
    }
  }
}
