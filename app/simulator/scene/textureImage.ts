/**
 * Texture images of a scene's Surfaces (`diffuseTexture`): the file's bytes, for the 3-D view to decode, and its
 * pixels decoded here for the software camera. PNG only (SimRobot's scenes use PNG): 8-bit grey, grey+alpha, RGB or
 * RGBA, not interlaced, decoded with node:zlib. A missing, oversized or undecodable file gives no texture (the
 * surface is then drawn in its diffuse colour), never an error: a texture is decoration.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';

/** Largest texture file read (bytes). */
const MAX_FILE_BYTES = 8 * 1024 * 1024;
/** Largest texture decoded (pixels). */
const MAX_PIXELS = 4096 * 4096;

/** A decoded texture: RGB bytes row by row, top row first. */
export interface TextureImage {
  /** The file as it is (PNG). */
  png: Uint8Array;
  width: number;
  height: number;
  /** 3 bytes per pixel. */
  rgb: Uint8Array;
}

const cache = new Map<string, TextureImage | undefined>();

/** The texture in `file` (cached per path), or undefined when it cannot be read or decoded. */
export function textureImage(file: string): TextureImage | undefined {
  if (cache.has(file)) return cache.get(file);
  let image: TextureImage | undefined;
  try {
    const stat = fs.statSync(file);
    if (stat.isFile() && stat.size <= MAX_FILE_BYTES) {
      const png = new Uint8Array(fs.readFileSync(file));
      const decoded = decodePng(png);
      if (decoded) image = { png, ...decoded };
    }
  } catch {
    image = undefined;
  }
  cache.set(file, image);
  return image;
}

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];
/** Channels per colour type (0 grey, 2 RGB, 4 grey+alpha, 6 RGBA). */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

/** Decodes a PNG into RGB; undefined for anything this decoder does not read. */
export function decodePng(png: Uint8Array): { width: number; height: number; rgb: Uint8Array } | undefined {
  if (png.length < 8 || SIGNATURE.some((b, i) => png[i] !== b)) return undefined;
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  let width = 0,
    height = 0,
    channels = 0;
  const data: Uint8Array[] = [];
  for (let at = 8; at + 8 <= png.length;) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    const body = png.subarray(at + 8, at + 8 + length);
    if (body.length !== length) return undefined;
    if (type === 'IHDR') {
      width = view.getUint32(at + 8);
      height = view.getUint32(at + 12);
      const depth = body[8],
        colorType = body[9]!,
        interlace = body[12];
      channels = CHANNELS[colorType] ?? 0;
      if (depth !== 8 || channels === 0 || interlace !== 0) return undefined;
      if (width === 0 || height === 0 || width * height > MAX_PIXELS) return undefined;
    } else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  if (channels === 0 || data.length === 0) return undefined;
  const stride = width * channels;
  let raw: Uint8Array;
  try {
    raw = zlib.inflateSync(Buffer.concat(data), { maxOutputLength: (stride + 1) * height });
  } catch {
    return undefined;
  }
  if (raw.length < (stride + 1) * height) return undefined;
  const pixels = unfilter(raw, stride, height, channels);
  if (!pixels) return undefined;
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const p = i * channels;
    const grey = channels < 3;
    rgb[i * 3] = pixels[p]!;
    rgb[i * 3 + 1] = pixels[grey ? p : p + 1]!;
    rgb[i * 3 + 2] = pixels[grey ? p : p + 2]!;
  }
  return { width, height, rgb };
}

/** Undoes PNG's per-row filters (None, Sub, Up, Average, Paeth). */
function unfilter(raw: Uint8Array, stride: number, height: number, bpp: number): Uint8Array | undefined {
  const out = new Uint8Array(stride * height);
  for (let row = 0; row < height; row++) {
    const filter = raw[row * (stride + 1)]!;
    const src = row * (stride + 1) + 1;
    const dst = row * stride;
    for (let i = 0; i < stride; i++) {
      const x = raw[src + i]!;
      const a = i >= bpp ? out[dst + i - bpp]! : 0;
      const b = row > 0 ? out[dst - stride + i]! : 0;
      const c = row > 0 && i >= bpp ? out[dst - stride + i - bpp]! : 0;
      let value: number;
      if (filter === 0) value = x;
      else if (filter === 1) value = x + a;
      else if (filter === 2) value = x + b;
      else if (filter === 3) value = x + ((a + b) >> 1);
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a),
          pb = Math.abs(p - b),
          pc = Math.abs(p - c);
        value = x + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
      } else return undefined;
      out[dst + i] = value & 255;
    }
  }
  return out;
}
