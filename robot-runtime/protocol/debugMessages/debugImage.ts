import { OutBinary } from '../binary/OutBinary';
import { StreamError } from '../binary/StreamError';
import { expectEnd, payloadReader } from './payload';

/** Pixel types of debug images (wire order). */
export enum PixelType {
  RGB = 0,
  BGRA = 1,
  YUYV = 2,
  YUV = 3,
  Grayscale = 4,
  Hue = 5,
  Binary = 6,
  Edge2 = 7,
  Edge2MonoAvg = 8,
  Edge2MonoAbsAvg = 9,
}

/** An image for `debug images:<id>`; `width` is in pixels (YUYV packs two pixels per 4 bytes). */
export interface DebugImage {
  pixelType: PixelType;
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** Payload of idDebugImage. */
export interface DebugImageMessage {
  id: string;
  image: DebugImage;
}

/** Bytes per stored pixel of each type (YUYV stores a pixel pair in 4 bytes). */
const BYTES_PER_UNIT: Record<PixelType, number> = {
  [PixelType.RGB]: 4,
  [PixelType.BGRA]: 4,
  [PixelType.YUYV]: 4,
  [PixelType.YUV]: 4,
  [PixelType.Grayscale]: 1,
  [PixelType.Hue]: 1,
  [PixelType.Binary]: 1,
  [PixelType.Edge2]: 2,
  [PixelType.Edge2MonoAvg]: 2,
  [PixelType.Edge2MonoAbsAvg]: 2,
};

/**
 * The width stored on the wire for an image `width` pixels wide: YUYV images store the number of pixel pairs.
 * (formats §2.3: "YUYV 4 (= 2 pixels, so width is halved)").
 */
function storedWidth(pixelType: PixelType, width: number): number {
  return pixelType === PixelType.YUYV ? Math.ceil(width / 2) : width;
}

/** Byte size of an image's pixel data. */
export function debugImageByteSize(pixelType: PixelType, width: number, height: number): number {
  return storedWidth(pixelType, width) * height * BYTES_PER_UNIT[pixelType];
}

/**
 * Encodes `string id, uint8 pixelType, uint16 width, uint16 height, pixels`. The wire width of YUYV images is in
 * pixel pairs. Throws RangeError when the pixel data does not match the size (a sender bug, not input).
 */
export function encodeDebugImage(message: DebugImageMessage): Uint8Array {
  const { pixelType, width, height, pixels } = message.image;
  const size = debugImageByteSize(pixelType, width, height);
  if (pixels.length !== size)
    throw new RangeError(`debug image ${message.id}: ${pixels.length} bytes of pixels, expected ${size}`);
  const out = new OutBinary(9 + message.id.length + size);
  out.string(message.id);
  out.uint8(pixelType);
  out.uint16(storedWidth(pixelType, width));
  out.uint16(height);
  out.bytes(pixels);
  return out.toBytes();
}

/** Decodes an idDebugImage payload (pixels are a view into `payload`); throws StreamError on malformed input. */
export function decodeDebugImage(payload: Uint8Array, baseOffset = 0): DebugImageMessage {
  const inp = payloadReader(payload, baseOffset);
  const id = inp.string();
  const typeAt = inp.offset;
  const pixelType = inp.uint8() as PixelType;
  if (!(pixelType in BYTES_PER_UNIT))
    throw new StreamError(`unknown pixel type ${pixelType as number}`, baseOffset + typeAt);
  const wireWidth = inp.uint16();
  const height = inp.uint16();
  const pixels = inp.bytesView(wireWidth * height * BYTES_PER_UNIT[pixelType]);
  expectEnd(inp, 'debug image');
  const width = pixelType === PixelType.YUYV ? wireWidth * 2 : wireWidth;
  return { id, image: { pixelType, width, height, pixels } };
}
