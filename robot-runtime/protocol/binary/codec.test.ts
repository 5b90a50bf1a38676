import { describe, expect, it } from 'vitest';
import {
  defineClass,
  defineEnum,
  field,
  Matrix2f,
  Pose2f,
  Pose3f,
  t,
  Vector2f,
  ColorRGBAType,
  type ValueOf,
} from '../types';
import { decode, decodeInto, encode, getCodec, InBinary, OutBinary, ValueError } from './index';

const Color = defineEnum('CodecTest::Color', ['red', 'green', 'blue'] as const);
const Inner = defineClass('CodecTest::Inner', {
  label: field(t.string, 'label'),
  points: field(t.vector(Vector2f), 'points'),
});
const Everything = defineClass('CodecTest::Everything', {
  b: field(t.bool, 'bool'),
  c: field(t.char, 'char'),
  i8: field(t.int8, 'int8'),
  u8: field(t.uint8, 'uint8'),
  i16: field(t.int16, 'int16'),
  u16: field(t.uint16, 'uint16'),
  i32: field(t.int32, 'int32'),
  u32: field(t.uint32, 'uint32'),
  f: field(t.float, 'float'),
  d: field(t.double, 'double'),
  s: field(t.string, 'string'),
  a: field(t.angle, 'angle'),
  color: field(Color, 'enum'),
  fixed: field(t.array(t.int16, 3), 'fixed array'),
  nested: field(t.array(t.array(t.uint8, 2), 2), 'nested fixed array'),
  list: field(t.vector(t.float), 'vector of float'),
  strings: field(t.vector(t.string), 'vector of string'),
  perColor: field(t.enumArray(Color, t.double), 'enum indexed'),
  maybe: field(t.optional(Inner), 'optional class'),
  maybeNot: field(t.optional(t.int32), 'absent optional'),
  blob: field(t.bytes(), 'bytes'),
  inner: field(Inner, 'nested class'),
  inners: field(t.vector(Inner), 'vector of classes'),
  pose: field(Pose2f, 'pose'),
  pose3: field(Pose3f, 'pose 3d'),
  m: field(Matrix2f, 'matrix'),
  colors: field(t.vector(Color), 'enum vector'),
  rgba: field(ColorRGBAType, 'color'),
});

function sample(): ValueOf<typeof Everything> {
  return {
    b: true,
    c: -5,
    i8: -128,
    u8: 255,
    i16: -32768,
    u16: 65535,
    i32: -2147483648,
    u32: 4294967295,
    f: 1.5,
    d: Math.PI,
    s: 'Grüße, 🤖',
    a: -0.25,
    color: Color.blue,
    fixed: [1, -2, 3],
    nested: [
      [1, 2],
      [3, 4],
    ],
    list: [0.5, -1, 1e10],
    strings: ['', 'a', 'bc'],
    perColor: [1, 2, 3],
    maybe: { label: 'x', points: [{ x: 1, y: 2 }] },
    maybeNot: undefined as unknown as number, // ValueOf drops the undefined of optional types
    blob: new Uint8Array([9, 8, 7]),
    inner: { label: 'in', points: [] },
    inners: [
      { label: 'a', points: [{ x: 0, y: 0 }] },
      { label: 'b', points: [] },
    ],
    pose: { rotation: 0.5, translation: { x: 100, y: -200 } },
    pose3: { rotation: [1, 0, 0, 0, 0, 1, 0, -1, 0], translation: { x: 1, y: 2, z: 3 } },
    m: [1, 2, 3, 4],
    colors: [Color.green, Color.red],
    rgba: { r: 1, g: 2, b: 3, a: 4 },
  };
}

describe('binary codec', () => {
  it('round-trips every kind', () => {
    const v = sample();
    const bytes = encode(Everything, v);
    expect(bytes.length).toBe(getCodec(Everything).sizeOf(v));
    expect(decode(Everything, bytes)).toEqual(v);
  });

  it('round-trips defaults', () => {
    const v = Everything.defaultValue();
    expect(decode(Everything, encode(Everything, v))).toEqual(v);
  });

  it('gives fixed-size classes a fixed size', () => {
    expect(getCodec(Vector2f).fixedSize).toBe(8);
    expect(getCodec(Pose3f).fixedSize).toBe(48);
    expect(getCodec(Matrix2f).fixedSize).toBe(16);
    expect(getCodec(Everything).fixedSize).toBe(-1);
  });

  it('caches one codec per descriptor', () => {
    expect(getCodec(Everything)).toBe(getCodec(Everything));
  });

  it('copies bytes on read so callers own them', () => {
    const v = sample();
    const bytes = encode(Everything, v);
    const out = decode(Everything, bytes);
    bytes.fill(0);
    expect(out.blob).toEqual(new Uint8Array([9, 8, 7]));
  });

  it('decodes into an existing object keeping identities', () => {
    const target = Everything.defaultValue();
    const inner = target.inner;
    const m = target.m;
    const fixed = target.fixed;
    const v = sample();
    const result = decodeInto(Everything, encode(Everything, v), target);
    expect(result).toBe(target);
    expect(target.inner).toBe(inner);
    expect(target.m).toBe(m);
    expect(target.fixed).toBe(fixed);
    expect(target).toEqual(v);
  });

  it('decodes fixed-size classes in place, also inside arrays and vectors', () => {
    type Value = ValueOf<typeof Everything>;
    const parts = (x: Value): unknown[] => [
      x.pose,
      x.pose.translation,
      x.pose3,
      x.pose3.rotation,
      x.inners[0]!.points,
      x.inners[0]!.points[0],
      x.nested[1],
      x.rgba,
    ];
    const target = sample();
    const kept = parts(target);
    const v = sample();
    v.pose = { rotation: -1, translation: { x: 7, y: 8 } };
    v.pose3.rotation = [0, 1, 0, -1, 0, 0, 0, 0, 1];
    v.inners[0]!.points = [
      { x: 5, y: 6 },
      { x: 7, y: 8 },
    ];
    v.nested = [
      [9, 8],
      [7, 6],
    ];
    decodeInto(Everything, encode(Everything, v), target);
    expect(target).toEqual(v);
    parts(target).forEach((part, i) => expect(part).toBe(kept[i]));
  });

  it('leaves the target untouched when decodeInto fails', () => {
    const target = sample();
    const bytes = encode(Everything, Everything.defaultValue());
    expect(() => decodeInto(Everything, bytes.subarray(0, bytes.length - 1), target)).toThrow();
    expect(target).toEqual(sample());
  });

  it('reads a 640x480 YUYV image as one copy', () => {
    const Image = defineClass('CodecTest::Image', {
      width: field(t.uint32, 'w'),
      height: field(t.uint32, 'h'),
      pixels: field(t.bytes(), 'YUYV'),
    });
    const pixels = new Uint8Array(640 * 480 * 2).map((_, i) => i & 0xff);
    const bytes = encode(Image, { width: 640, height: 480, pixels });
    expect(bytes.length).toBe(8 + 4 + pixels.length);
    expect(bytes.buffer.byteLength).toBe(bytes.length);
    const back = decode(Image, bytes);
    // A manual comparison: deep equality on 600 kB is slow in the test framework.
    expect(back.pixels.length).toBe(pixels.length);
    expect(back.pixels.every((b, i) => b === pixels[i])).toBe(true);
    expect(back.pixels.buffer).not.toBe(bytes.buffer);
  });

  it('writes several values to one stream and reads them back', () => {
    const out = new OutBinary(0);
    getCodec(Vector2f).write(out, { x: 1, y: 2 });
    getCodec(t.string).write(out, 'hi');
    const inp = new InBinary(out.toBytes());
    expect(getCodec(Vector2f).read(inp)).toEqual({ x: 1, y: 2 });
    expect(getCodec(t.string).read(inp)).toBe('hi');
    expect(inp.atEnd).toBe(true);
  });

  it('accepts typed arrays for number arrays', () => {
    const List = t.vector(t.float);
    expect(decode(List, encode(List, new Float32Array([1, 2]) as unknown as number[]))).toEqual([1, 2]);
  });

  it('names the field path of a value that does not fit', () => {
    const v = sample() as unknown as Record<string, unknown>;
    (v.inners as { points: unknown[] }[])[1]!.points = [{ x: 1, y: 'no' }];
    expect(() => encode(Everything, v as never)).toThrow(ValueError);
    expect(() => encode(Everything, v as never)).toThrow(
      'CodecTest::Everything.inners[1].points[0].y: expected a number',
    );
    const w = sample();
    w.fixed = [1, 2];
    expect(() => encode(Everything, w)).toThrow(
      'CodecTest::Everything.fixed: expected an array of 3, got an array of 2',
    );
  });
});
