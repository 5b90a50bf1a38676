/**
 * CameraImage and JPEGImage bytes written by hand in B-Human's layout, read through a robot's TypeInfo (which
 * lists only their attributes, as B-Human registers them) and through the declared codec.
 */
import { describe, expect, it } from 'vitest';
import { genericCodec, typeInfoFromBytes, typeInfoToBytes, type TypeInfo } from '../../typeInfo';
import { BHUMAN_PRIMITIVES } from '../../typeInfo/TypeInfo';
import { InBinary } from '../InBinary';
import { OutBinary } from '../OutBinary';
import { StreamError } from '../StreamError';
import { HAND_WRITTEN_STREAMS } from './handWritten';

const UINT = 'unsigned int';
/** What a B-Human robot announces for the two image types. */
const bhumanInfo: TypeInfo = typeInfoFromBytes(
  typeInfoToBytes({
    primitives: [...BHUMAN_PRIMITIVES],
    classes: new Map([
      ['CameraImage', ['width', 'height', 'timestamp'].map((name) => ({ name, type: UINT }))],
      ['JPEGImage', ['width', 'height', 'timestamp', 'size'].map((name) => ({ name, type: UINT }))],
    ]),
    enums: new Map(),
  }),
);

function cameraImageBytes(pairs: number, rows: number, timestamp: number): Uint8Array {
  const out = new OutBinary();
  out.uint32(pairs);
  out.uint32(rows);
  out.uint32(timestamp >>> 0);
  for (let i = 0; i < pairs * (timestamp & 0x80000000 ? rows * 2 : rows) * 4; i++) out.uint8(i & 0xff);
  return out.toBytes();
}

describe("B-Human's hand-written image streams", () => {
  it('reads a CameraImage through the TypeInfo with nothing left over: width in pairs, pixels after the attributes', () => {
    const bytes = cameraImageBytes(4, 3, 1234);
    const inp = new InBinary(bytes);
    const value = genericCodec(bhumanInfo, 'CameraImage').read(inp) as unknown as {
      width: number;
      height: number;
      timestamp: number;
      image: Uint8Array;
    };
    expect(inp.atEnd).toBe(true);
    expect([value.width, value.height, value.timestamp, value.image.length]).toEqual([4, 3, 1234, 48]);
    expect(value.image[47]).toBe(47);
    // And written back the same.
    const out = new OutBinary();
    HAND_WRITTEN_STREAMS.get('CameraImage')!.codec.write(out, value);
    expect([...out.toBytes()]).toEqual([...bytes]);
  });

  it('doubles the height when bit 31 of the timestamp is set', () => {
    const bytes = cameraImageBytes(2, 2, 0x80000000 | 77);
    const value = genericCodec(bhumanInfo, 'CameraImage').read(new InBinary(bytes)) as unknown as {
      height: number;
      timestamp: number;
      image: Uint8Array;
    };
    expect([value.height, value.timestamp, value.image.length]).toEqual([4, 77, 32]);
  });

  it('refuses a size larger than the data before allocating it', () => {
    const out = new OutBinary();
    out.uint32(0xffff);
    out.uint32(0xffff);
    out.uint32(0);
    expect(() => genericCodec(bhumanInfo, 'CameraImage').read(new InBinary(out.toBytes()))).toThrow(StreamError);
  });

  it('reads a JPEGImage: timestamp with bit 31, size, then the JPEG data', () => {
    const out = new OutBinary();
    out.uint32(320);
    out.uint32(240);
    out.uint32((0x80000000 | 4321) >>> 0);
    out.uint32(5);
    out.bytes(Uint8Array.of(0xff, 0xd8, 1, 2, 3));
    const bytes = out.toBytes();
    const inp = new InBinary(bytes);
    const value = genericCodec(bhumanInfo, 'JPEGImage').read(inp) as unknown as {
      width: number;
      timestamp: number;
      size: number;
      image: Uint8Array;
    };
    expect(inp.atEnd).toBe(true);
    expect([value.width, value.timestamp, value.size, [...value.image]]).toEqual([320, 4321, 5, [0xff, 0xd8, 1, 2, 3]]);
    const again = new OutBinary();
    HAND_WRITTEN_STREAMS.get('JPEGImage')!.codec.write(again, value);
    expect([...again.toBytes()]).toEqual([...bytes]);
  });

  it('treats a class of the same name with other attributes as an ordinary class', () => {
    const other: TypeInfo = {
      primitives: [...BHUMAN_PRIMITIVES],
      classes: new Map([['CameraImage', [{ name: 'width', type: 'unsigned short' }]]]),
      enums: new Map(),
    };
    expect(genericCodec(other, 'CameraImage').read(new InBinary(Uint8Array.of(7, 0)))).toEqual({ width: 7 });
  });
});
