import { defineRepresentation, type Representation } from '../../core/representation';
import { field, t } from '../../core/streamable';
import type { CameraImageValue } from '../../protocol/binary/codecs/handWritten';

/**
 * A camera image as the NAO delivers it and as B-Human declares it: YUYV, `width` pixel pairs per row, each pair
 * four bytes (Y0 U Y1 V), so a row of 640 pixels has width 320 and 1280 bytes. TypeInfo lists width, height and
 * timestamp only; the pixels follow them in the stream (B-Human's hand-written stream operator, see
 * protocol/binary/codecs/handWritten.ts, which both sides use).
 */
const declared = defineRepresentation(
  'CameraImage',
  {
    width: field(t.uint32, 'Image width in YUYV pixel pairs (half the number of columns).'),
    height: field(t.uint32, 'Image height (rows).'),
    timestamp: field(t.uint32, 'Time (ms) at which the image was taken.'),
  },
  { doc: 'A raw camera image in the NAO camera format (YUYV pixel pairs); the pixels follow the attributes.' },
);

/** The representation; its values carry the pixels besides the declared attributes. */
export const CameraImage = Object.assign(declared, {
  defaultValue: (): CameraImageValue => ({ width: 0, height: 0, timestamp: 0, image: new Uint8Array(0) }),
}) as unknown as Representation<CameraImageValue, 'CameraImage'>;
export type CameraImage = CameraImageValue;

/** A YUYV image addressed by pixel columns (what image processing works on). */
export interface YuyvImage {
  /** Columns (pixels). */
  readonly width: number;
  readonly height: number;
  /** Y0 U Y1 V per pair of columns, row by row. */
  readonly image: Uint8Array;
}

/** The camera image addressed by pixel columns. */
export function yuyvView(image: CameraImage): YuyvImage {
  return { width: image.width * 2, height: image.height, image: image.image };
}

/** Whether the image holds all the pixels its size says (a default or damaged image does not). */
export function isComplete(image: CameraImage): boolean {
  return image.width > 0 && image.image.length === image.width * image.height * 4;
}

/** What an image perceptor reads from the camera image: its pixels once per new image, when they can be used. */
export type NewImageReader = (
  camera: CameraImage,
  info: { readonly width: number; readonly height: number },
  cameraMatrixValid: boolean,
) => YuyvImage | undefined;

/**
 * A reader that hands each new camera image to a perceptor once, addressed by pixel columns; undefined for an
 * image already read, an incomplete one, one whose size is not the camera info's, or while the camera matrix is
 * invalid (nothing could be projected onto the field).
 */
export function newImageReader(): NewImageReader {
  let lastTimestamp = -1;
  return (camera, info, cameraMatrixValid) => {
    const fresh = isComplete(camera) && camera.timestamp !== lastTimestamp;
    lastTimestamp = camera.timestamp;
    const image = yuyvView(camera);
    if (!fresh || !cameraMatrixValid || image.width !== info.width || image.height !== info.height) return undefined;
    return image;
  };
}

/** Y, U and V of the pixel at column x, row y of a camera image. */
export function yuvAt(image: CameraImage, x: number, y: number): { y: number; u: number; v: number } {
  const base = (y * image.width + (x >> 1)) * 4;
  return { y: image.image[base + ((x & 1) << 1)]!, u: image.image[base + 1]!, v: image.image[base + 3]! };
}
