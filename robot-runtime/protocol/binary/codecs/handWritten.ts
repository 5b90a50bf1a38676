/**
 * @file Types whose B-Human stream operator is written by hand: their TypeInfo lists only some attributes and
 * raw data follows them with no length prefix the TypeInfo would describe. Both the declared types (getCodec)
 * and data decoded through a robot's TypeInfo (genericCodec) use these codecs, so a B-Human robot's camera
 * images read as ours do.
 *
 * - `CameraImage`: uint32 width in YUYV pixel pairs (320 for 640 columns), uint32 height, uint32 timestamp —
 *   bit 31 set on reading means the height is doubled — then width × height × 4 bytes (Y0 U Y1 V per pair).
 * - `JPEGImage`: uint32 width, uint32 height, uint32 timestamp (written with bit 31 set), uint32 size, then
 *   `size` bytes of JPEG data.
 */
import type { Codec } from '../Codec';
import type { InBinary } from '../InBinary';
import type { OutBinary } from '../OutBinary';
import { StreamError } from '../StreamError';
import { describeValue, ValueError } from '../ValueError';

/** Bit 31 of an image's timestamp: on reading a CameraImage, the height is doubled; JPEGImage always sets it. */
const TIMESTAMP_FLAG = 0x80000000;

/** A CameraImage as B-Human streams it: the pixels follow the three attributes. */
export interface CameraImageValue {
  /** Width in YUYV pixel pairs (half the number of columns). */
  width: number;
  height: number;
  timestamp: number;
  /** Y0 U Y1 V per pixel pair, row by row: width × height × 4 bytes. */
  image: Uint8Array;
}

/** A JPEGImage as B-Human streams it. */
export interface JpegImageValue {
  width: number;
  height: number;
  timestamp: number;
  /** Bytes of JPEG data. */
  size: number;
  /** The JPEG data (`size` bytes). */
  image: Uint8Array;
}

/** A hand-streamed type: its TypeInfo attributes (name and type, as B-Human registers them) and its codec. */
export interface HandWrittenStream<V = unknown> {
  readonly attributes: readonly { readonly name: string; readonly type: string }[];
  /** Members of the value beyond the attributes (the data that follows them). */
  readonly extraMembers: readonly string[];
  readonly codec: Codec<V>;
}

function uint32Of(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 0xffffffff)
    throw new ValueError(`${what}: expected an unsigned int, got ${describeValue(value)}`);
  return value;
}

function bytesOf(value: unknown, length: number, what: string): Uint8Array {
  if (!(value instanceof Uint8Array))
    throw new ValueError(`${what}: expected a Uint8Array, got ${describeValue(value)}`);
  if (value.length !== length) throw new ValueError(`${what}: expected ${length} bytes, got ${value.length}`);
  return value;
}

function objectOf(value: unknown, typeName: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null)
    throw new ValueError(`${typeName}: expected an object, got ${describeValue(value)}`);
  return value as Record<string, unknown>;
}

/** Reads `n` bytes, failing before any allocation when the input is shorter. */
function readBytes(inp: InBinary, n: number, what: string): Uint8Array {
  if (!(n <= inp.remaining))
    throw new StreamError(`${what}: ${n} bytes of data, ${inp.remaining} left`, inp.baseOffset + inp.offset);
  return inp.byteRun(n);
}

function cameraImageHeader(inp: InBinary): { width: number; height: number; timestamp: number; bytes: number } {
  const width = inp.uint32();
  let height = inp.uint32();
  let timestamp = inp.uint32();
  if (timestamp & TIMESTAMP_FLAG) {
    height *= 2;
    timestamp = (timestamp & ~TIMESTAMP_FLAG) >>> 0;
  }
  return { width, height, timestamp, bytes: width * height * 4 };
}

const cameraImageCodec: Codec<CameraImageValue> = {
  typeName: 'CameraImage',
  fixedSize: -1,
  minSize: 12,
  read(inp) {
    const h = cameraImageHeader(inp);
    return { width: h.width, height: h.height, timestamp: h.timestamp, image: readBytes(inp, h.bytes, 'CameraImage') };
  },
  readInto(inp, target) {
    const h = cameraImageHeader(inp);
    const same = target && target.image instanceof Uint8Array && target.image.length === h.bytes;
    if (same) {
      if (!(h.bytes <= inp.remaining))
        throw new StreamError(
          `CameraImage: ${h.bytes} bytes of data, ${inp.remaining} left`,
          inp.baseOffset + inp.offset,
        );
      target.image.set(inp.bytes.subarray(inp.offset, inp.offset + h.bytes));
      inp.offset += h.bytes;
    }
    const image = same ? target.image : readBytes(inp, h.bytes, 'CameraImage');
    if (!target) return { width: h.width, height: h.height, timestamp: h.timestamp, image };
    Object.assign(target, { width: h.width, height: h.height, timestamp: h.timestamp, image });
    return target;
  },
  write(out: OutBinary, value: CameraImageValue) {
    const v = objectOf(value, 'CameraImage');
    const width = uint32Of(v.width, 'CameraImage.width');
    const height = uint32Of(v.height, 'CameraImage.height');
    const image = bytesOf(v.image, width * height * 4, 'CameraImage.image');
    out.reserve(12 + image.length);
    out.uint32(width);
    out.uint32(height);
    out.uint32(uint32Of(v.timestamp, 'CameraImage.timestamp') & ~TIMESTAMP_FLAG);
    out.bytes(image);
  },
  skip(inp) {
    const h = cameraImageHeader(inp);
    inp.need(h.bytes, 'CameraImage');
    inp.offset += h.bytes;
  },
  sizeOf: (v) => 12 + v.width * v.height * 4,
};

const jpegImageCodec: Codec<JpegImageValue> = {
  typeName: 'JPEGImage',
  fixedSize: -1,
  minSize: 16,
  read(inp) {
    const width = inp.uint32();
    const height = inp.uint32();
    const timestamp = (inp.uint32() & ~TIMESTAMP_FLAG) >>> 0;
    const size = inp.uint32();
    return { width, height, timestamp, size, image: readBytes(inp, size, 'JPEGImage') };
  },
  readInto: (inp) => jpegImageCodec.read(inp),
  write(out, value) {
    const v = objectOf(value, 'JPEGImage');
    const size = uint32Of(v.size, 'JPEGImage.size');
    const image = bytesOf(v.image, size, 'JPEGImage.image');
    out.reserve(16 + size);
    out.uint32(uint32Of(v.width, 'JPEGImage.width'));
    out.uint32(uint32Of(v.height, 'JPEGImage.height'));
    out.uint32((uint32Of(v.timestamp, 'JPEGImage.timestamp') | TIMESTAMP_FLAG) >>> 0);
    out.uint32(size);
    out.bytes(image);
  },
  skip(inp) {
    inp.need(12, 'JPEGImage');
    inp.offset += 12;
    const size = inp.uint32();
    inp.need(size, 'JPEGImage');
    inp.offset += size;
  },
  sizeOf: (v) => 16 + v.size,
};

const UINT = 'unsigned int';

/** Hand-streamed types by TypeInfo name. */
export const HAND_WRITTEN_STREAMS: ReadonlyMap<string, HandWrittenStream> = new Map<string, HandWrittenStream>([
  [
    'CameraImage',
    {
      attributes: [
        { name: 'width', type: UINT },
        { name: 'height', type: UINT },
        { name: 'timestamp', type: UINT },
      ],
      extraMembers: ['image'],
      codec: cameraImageCodec as Codec,
    },
  ],
  [
    'JPEGImage',
    {
      attributes: [
        { name: 'width', type: UINT },
        { name: 'height', type: UINT },
        { name: 'timestamp', type: UINT },
        { name: 'size', type: UINT },
      ],
      extraMembers: ['image'],
      codec: jpegImageCodec as Codec,
    },
  ],
]);

/**
 * The hand-written codec of `typeName` when `attributes` are exactly the ones B-Human registers for it (a type
 * of the same name with other attributes is an ordinary class), else undefined.
 */
export function handWrittenStream(
  typeName: string,
  attributes: readonly { name: string; type: string }[],
): Codec | undefined {
  const stream = HAND_WRITTEN_STREAMS.get(typeName);
  if (!stream || stream.attributes.length !== attributes.length) return undefined;
  return stream.attributes.every((a, i) => a.name === attributes[i]!.name && a.type === attributes[i]!.type)
    ? stream.codec
    : undefined;
}
