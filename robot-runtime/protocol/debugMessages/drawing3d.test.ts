import { describe, expect, it } from 'vitest';
import { StreamError } from '../binary/StreamError';
import {
  decodeDrawing3D,
  encodeDrawing3D,
  ShapeType3D,
  type CubeCorners,
  type QuadCorners,
  type Shape3D,
} from './drawing3d';
import { TestRandom } from './testRandom';

const hex = (b: Uint8Array): string => [...b].map((x) => x.toString(16).padStart(2, '0')).join(' ');

describe('idDebugDrawing3D golden bytes', () => {
  it('line: 7 floats then RGBA', () => {
    const bytes = encodeDrawing3D({
      drawingId: 4,
      shape: {
        type: 'line',
        from: { x: 1, y: 2, z: 3 },
        to: { x: 0, y: 0, z: -1 },
        width: 2,
        color: { r: 9, g: 8, b: 7, a: 6 },
      },
    });
    expect(hex(bytes)).toBe(
      '01 04 00 00 80 3f 00 00 00 40 00 00 40 40 00 00 00 00 00 00 00 00 00 00 80 bf 00 00 00 40 09 08 07 06',
    );
  });

  it('dot: 4 floats, RGBA and a trailing false', () => {
    const bytes = encodeDrawing3D({
      drawingId: 0,
      shape: { type: 'dot', x: 1, y: 0, z: 0, size: 2, color: { r: 255, g: 255, b: 255, a: 255 } },
    });
    expect(hex(bytes)).toBe('00 00 00 00 80 3f 00 00 00 00 00 00 00 00 00 00 00 40 ff ff ff ff 00');
  });

  it('renderOptions: one byte', () => {
    expect(hex(encodeDrawing3D({ drawingId: 9, shape: { type: 'renderOptions', bits: 5 } }))).toBe('0c 09 05');
  });
});

function randomShape3D(rnd: TestRandom, type: keyof typeof ShapeType3D): Shape3D {
  const f = (): number => rnd.float();
  const v = () => ({ x: f(), y: f(), z: f() });
  switch (type) {
    case 'dot':
      return { type, x: f(), y: f(), z: f(), size: f(), color: rnd.color() };
    case 'line':
      return { type, from: v(), to: v(), width: f(), color: rnd.color() };
    case 'cube':
      return { type, corners: Array.from({ length: 8 }, v) as CubeCorners, width: f(), color: rnd.color() };
    case 'quad':
      return { type, corners: Array.from({ length: 4 }, v) as QuadCorners, color: rnd.color() };
    case 'coordinates':
      return { type, length: f(), width: f() };
    case 'scale':
    case 'rotate':
    case 'translate':
      return { type, x: f(), y: f(), z: f() };
    case 'sphere':
      return { type, x: f(), y: f(), z: f(), radius: f(), color: rnd.color() };
    case 'ellipsoid':
      return {
        type,
        pose: { rotation: Array.from({ length: 9 }, f), translation: v() },
        radii: v(),
        color: rnd.color(),
      };
    case 'cylinder':
      return { type, position: v(), rotation: v(), baseRadius: f(), topRadius: f(), height: f(), color: rnd.color() };
    case 'image':
      return { type, position: v(), rotation: v(), width: f(), height: f(), image: rnd.bytes(rnd.int(0, 30)) };
    case 'renderOptions':
      return { type, bits: rnd.int(0, 7) };
  }
}

const SHAPE_NAMES = Object.keys(ShapeType3D).filter((k) => Number.isNaN(Number(k))) as (keyof typeof ShapeType3D)[];

describe('idDebugDrawing3D properties', () => {
  it('decode(encode(x)) = x for every shape type', () => {
    const rnd = new TestRandom(21);
    expect(SHAPE_NAMES).toHaveLength(13);
    for (const type of SHAPE_NAMES) {
      for (let k = 0; k < 30; k++) {
        const drawing = { drawingId: rnd.int(0, 255), shape: randomShape3D(rnd, type) };
        expect(decodeDrawing3D(encodeDrawing3D(drawing))).toEqual(drawing);
      }
    }
  });

  it('rejects garbage, truncation and trailing bytes only with StreamError', () => {
    const rnd = new TestRandom(22);
    for (let k = 0; k < 3000; k++) {
      const bytes = rnd.bytes(rnd.int(0, 60));
      if (k % 2 === 0) bytes[0] = rnd.int(0, 14);
      try {
        decodeDrawing3D(bytes);
      } catch (e) {
        expect(e).toBeInstanceOf(StreamError);
      }
    }
    for (const type of SHAPE_NAMES) {
      if (type === 'image') continue; // the image's bytes take whatever follows
      const bytes = encodeDrawing3D({ drawingId: 1, shape: randomShape3D(rnd, type) });
      for (let cut = 0; cut < bytes.length; cut++)
        expect(() => decodeDrawing3D(bytes.subarray(0, cut))).toThrow(StreamError);
      const longer = new Uint8Array(bytes.length + 1);
      longer.set(bytes);
      expect(() => decodeDrawing3D(longer)).toThrow(StreamError);
    }
  });
});
