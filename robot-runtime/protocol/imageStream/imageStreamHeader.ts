/**
 * @file The header of the camera image stream external robots read (the format of Bembelbots' Webots controller,
 * which teams' camera backends speak): per image 16 bytes, then the raw YUV422 (YUYV) pixels. All integers are
 * little-endian, the byte order of the x86 and ARM machines robot programs run on:
 *
 * | offset | size | field |
 * | 0 | 8 | magic: the ASCII bytes `wbimage` and a zero byte |
 * | 8 | 2 | tick: the LoLA cycle the image belongs to, modulo 65536 |
 * | 10 | 1 | camera index: 0 upper, 1 lower |
 * | 11 | 1 | bytes per pixel: 2 |
 * | 12 | 2 | width in pixels |
 * | 14 | 2 | height in pixels |
 */

/** Header length (bytes). */
export const IMAGE_HEADER_BYTES = 16;
/** The magic at the start of each header. */
export const IMAGE_MAGIC = 'wbimage\0';

/** The header fields. */
export interface ImageHeader {
  tick: number;
  camera: number;
  bytesPerPixel: number;
  width: number;
  height: number;
}

/** Writes the header of an image. */
export function encodeImageHeader(h: ImageHeader): Uint8Array {
  const out = new Uint8Array(IMAGE_HEADER_BYTES);
  for (let i = 0; i < 8; i++) out[i] = IMAGE_MAGIC.charCodeAt(i);
  const view = new DataView(out.buffer);
  view.setUint16(8, h.tick & 0xffff, true);
  out[10] = h.camera;
  out[11] = h.bytesPerPixel;
  view.setUint16(12, h.width, true);
  view.setUint16(14, h.height, true);
  return out;
}

/** Reads a header; undefined when the magic does not match. */
export function decodeImageHeader(bytes: Uint8Array): ImageHeader | undefined {
  if (bytes.length < IMAGE_HEADER_BYTES) return undefined;
  for (let i = 0; i < 8; i++) if (bytes[i] !== IMAGE_MAGIC.charCodeAt(i)) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, IMAGE_HEADER_BYTES);
  return {
    tick: view.getUint16(8, true),
    camera: bytes[10]!,
    bytesPerPixel: bytes[11]!,
    width: view.getUint16(12, true),
    height: view.getUint16(14, true),
  };
}
