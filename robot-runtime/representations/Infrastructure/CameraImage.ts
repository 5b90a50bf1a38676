import { defineRepresentation } from '../../core/representation';
import { field, t, type ValueOf } from '../../core/streamable';

/**
 * A camera image as the NAO delivers it: YUYV, two pixels in four bytes (Y0 U Y1 V), so a row holds
 * `width` pixels in `width * 2` bytes.
 */
export const CameraImage = defineRepresentation(
  'CameraImage',
  {
    width: field(t.uint16, 'Image width (pixels).', 640),
    height: field(t.uint16, 'Image height (pixels).', 480),
    timestamp: field(t.uint32, 'Time (ms) at which the image was taken.'),
    image: field(t.bytes(), 'YUYV pixel data, width * height * 2 bytes, row by row.'),
  },
  { doc: 'A raw camera image in the NAO camera format (YUYV).' },
);
export type CameraImage = ValueOf<typeof CameraImage>;

/** Y, U and V of the pixel at (x, y) of a YUYV image. */
export function yuvAt(image: CameraImage, x: number, y: number): { y: number; u: number; v: number } {
  const base = (y * image.width + (x & ~1)) * 2;
  return { y: image.image[base + ((x & 1) << 1)]!, u: image.image[base + 1]!, v: image.image[base + 3]! };
}
