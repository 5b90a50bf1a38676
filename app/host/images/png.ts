/**
 * @file Camera images as PNG for exports that want compressed images (the HumanoidDataset): YUYV to RGB with
 * full-range BT.601 (the inverse of the simulator's camera model, as the image view converts), then a plain
 * 8-bit RGB PNG deflated with node:zlib. PNG keeps the pixels exact and needs no library.
 */
import zlib from 'node:zlib';
import { YUV_TO_RGB, toByte } from '@robot-runtime/math/colorSpace';

const { rv, gu, gv, bu } = YUV_TO_RGB;

/** RGB bytes (3 per pixel, rows top to bottom) of a YUYV image; `si` writes them into BMP files too. */
export function yuyvToRgb(yuyv: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height * 3);
  let o = 0;
  for (let row = 0; row < height; row++) {
    for (let x = 0; x < width; x++) {
      const pair = (row * width + (x & ~1)) * 2;
      const y = yuyv[pair + (x & 1) * 2]!;
      const cu = yuyv[pair + 1]! - 128;
      const cv = yuyv[pair + 3]! - 128;
      out[o++] = toByte(y + rv * cv);
      out[o++] = toByte(y + gu * cu + gv * cv);
      out[o++] = toByte(y + bu * cu);
    }
  }
  return out;
}

/** PNG rows (filter byte 0 + RGB) of a YUYV image. */
function yuyvRows(yuyv: Uint8Array, width: number, height: number): Buffer {
  const rgb = yuyvToRgb(yuyv, width, height);
  const stride = width * 3 + 1;
  const out = Buffer.alloc(stride * height);
  for (let row = 0; row < height; row++)
    out.set(rgb.subarray(row * width * 3, (row + 1) * width * 3), row * stride + 1);
  return out;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** A PNG of `rows` (each: filter byte + `channels` bytes per pixel). */
function png(rows: Buffer, width: number, height: number, colourType: 2 | 6): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = colourType;
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows, { level: 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG of a YUYV image of `width` × `height` pixels (`yuyv` holds width × height × 2 bytes). */
export function yuyvToPng(yuyv: Uint8Array, width: number, height: number): Uint8Array {
  return png(yuyvRows(yuyv, width, height), width, height, 2);
}

/** A PNG of RGBA pixels (`rgba` holds width × height × 4 bytes), e.g. for an application icon. */
export function rgbaToPng(rgba: Uint8Array, width: number, height: number): Uint8Array {
  const stride = width * 4 + 1;
  const rows = Buffer.alloc(stride * height);
  for (let row = 0; row < height; row++)
    rows.set(rgba.subarray(row * width * 4, (row + 1) * width * 4), row * stride + 1);
  return png(rows, width, height, 6);
}
