import { describe, expect, it } from 'vitest';
import { StreamError } from '../binary/StreamError';
import { decodeDrawing2D, encodeDrawing2D, ShapeType2D, type Shape2D } from './drawing2d';
import { BrushStyle, PenStyle } from './drawingStyles';
import { TestRandom } from './testRandom';

const hex = (b: Uint8Array): string => [...b].map((x) => x.toString(16).padStart(2, '0')).join(' ');
const unhex = (s: string): Uint8Array =>
  new Uint8Array(
    s
      .split(/\s+/)
      .filter(Boolean)
      .map((x) => parseInt(x, 16)),
  );

describe('idDebugDrawing golden bytes', () => {
  it('circle: ints, pen width/style, RGBA, brush style, RGBA', () => {
    const bytes = encodeDrawing2D({
      drawingId: 3,
      shape: {
        type: 'circle',
        x: 100,
        y: -200,
        radius: 50,
        pen: { width: 2, style: PenStyle.solidPen, color: { r: 255, g: 0, b: 0, a: 255 } },
        brush: { style: BrushStyle.solidBrush, color: { r: 0, g: 0, b: 255, a: 128 } },
      },
    });
    expect(hex(bytes)).toBe('02 03 64 00 00 00 38 ff ff ff 32 00 00 00 02 01 ff 00 00 ff 01 00 00 ff 80');
  });

  it('polygon: int n, then the points as one text string " x y x y …"', () => {
    const bytes = encodeDrawing2D({
      drawingId: 1,
      shape: {
        type: 'polygon',
        points: [
          { x: 0, y: 0 },
          { x: 10, y: -5 },
          { x: 3, y: 7 },
        ],
        pen: { width: 1, style: PenStyle.solidPen, color: { r: 0, g: 0, b: 0, a: 255 } },
        brush: { style: BrushStyle.noBrush, color: { r: 0, g: 0, b: 0, a: 0 } },
      },
    });
    const text = [...new TextEncoder().encode(' 0 0 10 -5 3 7')].map((x) => x.toString(16).padStart(2, '0')).join(' ');
    expect(hex(bytes)).toBe(`09 01 03 00 00 00 0e 00 00 00 ${text} 01 01 00 00 00 ff 00 00 00 00 00`);
  });

  it('line: float coordinates and width, char style, RGBA', () => {
    const bytes = encodeDrawing2D({
      drawingId: 0,
      shape: {
        type: 'line',
        x1: 1.5,
        y1: -2,
        x2: 0,
        y2: 1000,
        width: 3,
        style: PenStyle.dashedPen,
        color: { r: 1, g: 2, b: 3, a: 4 },
      },
    });
    expect(hex(bytes)).toBe('07 00 00 00 c0 3f 00 00 00 c0 00 00 00 00 00 00 7a 44 00 00 40 40 02 01 02 03 04');
  });

  it('robot: Pose2f (rotation first), two Vector2f, alpha, three colours', () => {
    const bytes = encodeDrawing2D({
      drawingId: 5,
      shape: {
        type: 'robot',
        pose: { rotation: 0.5, translation: { x: 100, y: 200 } },
        dirVec: { x: 1, y: 0 },
        dirHeadVec: { x: 0, y: -1 },
        alpha: 1,
        colorBody: { r: 1, g: 1, b: 1, a: 1 },
        colorDirVec: { r: 2, g: 2, b: 2, a: 2 },
        colorDirHeadVec: { r: 3, g: 3, b: 3, a: 3 },
      },
    });
    expect(hex(bytes)).toBe(
      '0d 05 00 00 00 3f 00 00 c8 42 00 00 48 43 00 00 80 3f 00 00 00 00 00 00 00 00 00 00 80 bf 00 00 80 3f 01 01 01 01 02 02 02 02 03 03 03 03',
    );
  });

  it('text: ints, short font size, RGBA, string', () => {
    const bytes = encodeDrawing2D({
      drawingId: 2,
      shape: { type: 'text', x: 10, y: 20, fontSize: 12, color: { r: 0, g: 0, b: 0, a: 255 }, text: 'hi' },
    });
    expect(hex(bytes)).toBe('0b 02 0a 00 00 00 14 00 00 00 0c 00 00 00 00 ff 02 00 00 00 68 69');
  });

  it('decodes golden bytes back', () => {
    const decoded = decodeDrawing2D(
      unhex('07 00 00 00 c0 3f 00 00 00 c0 00 00 00 00 00 00 7a 44 00 00 40 40 02 01 02 03 04'),
    );
    expect(decoded).toEqual({
      drawingId: 0,
      shape: {
        type: 'line',
        x1: 1.5,
        y1: -2,
        x2: 0,
        y2: 1000,
        width: 3,
        style: PenStyle.dashedPen,
        color: { r: 1, g: 2, b: 3, a: 4 },
      },
    });
  });
});

/** A random shape of every type, with values that survive the wire exactly (ints where the wire has ints). */
function randomShape2D(rnd: TestRandom, type: keyof typeof ShapeType2D): Shape2D {
  const i = (): number => rnd.int(-100_000, 100_000);
  const f = (): number => rnd.float();
  const pen = () => ({ width: rnd.int(0, 255), style: rnd.int(0, 3) as PenStyle, color: rnd.color() });
  const brush = () => ({ style: rnd.int(0, 1) as BrushStyle, color: rnd.color() });
  const grid = (per: number) => {
    const cellsX = rnd.int(0, 5),
      cellsY = rnd.int(0, 5);
    return { cellsX, cellsY, cells: rnd.bytes(cellsX * cellsY * per) };
  };
  switch (type) {
    case 'circle':
      return { type, x: i(), y: i(), radius: i(), pen: pen(), brush: brush() };
    case 'arc':
      return { type, x: i(), y: i(), radius: i(), startAngle: f(), spanAngle: f(), pen: pen(), brush: brush() };
    case 'ellipse':
      return { type, x: i(), y: i(), radiusX: i(), radiusY: i(), rotation: f(), pen: pen(), brush: brush() };
    case 'rectangle':
      return { type, x: i(), y: i(), width: i(), height: i(), rotation: f(), pen: pen(), brush: brush() };
    case 'polygon':
      return {
        type,
        points: Array.from({ length: rnd.int(0, 6) }, () => ({ x: i(), y: i() })),
        pen: pen(),
        brush: brush(),
      };
    case 'dot':
    case 'dotMedium':
    case 'dotLarge':
      return { type, x: i(), y: i(), penColor: rnd.color(), brushColor: rnd.color() };
    case 'line':
    case 'arrow':
      return {
        type,
        x1: f(),
        y1: f(),
        x2: f(),
        y2: f(),
        width: f(),
        style: rnd.int(0, 3) as PenStyle,
        color: rnd.color(),
      };
    case 'text':
      return { type, x: i(), y: i(), fontSize: rnd.int(-32768, 32767), color: rnd.color(), text: rnd.string() };
    case 'tip':
      return { type, x: i(), y: i(), radius: i(), text: rnd.string() };
    case 'spot':
      return { type, x1: i(), y1: i(), x2: i(), y2: i(), command: rnd.string() };
    case 'thread':
      return { type, threadName: rnd.string() };
    case 'origin':
      return { type, x: i(), y: i(), angle: f() };
    case 'robot':
      return {
        type,
        pose: { rotation: f(), translation: { x: f(), y: f() } },
        dirVec: { x: f(), y: f() },
        dirHeadVec: { x: f(), y: f() },
        alpha: f(),
        colorBody: rnd.color(),
        colorDirVec: rnd.color(),
        colorDirHeadVec: rnd.color(),
      };
    case 'gridMono':
      return { type, x: i(), y: i(), cellSize: i(), baseColor: rnd.color(), ...grid(1) };
    case 'gridRGBA':
      return { type, x: i(), y: i(), cellSize: i(), ...grid(4) };
    case 'gridRectangleRGBA':
      return { type, x: i(), y: i(), cellWidth: i(), cellHeight: i(), ...grid(4) };
  }
}

const SHAPE_NAMES = Object.keys(ShapeType2D).filter((k) => Number.isNaN(Number(k))) as (keyof typeof ShapeType2D)[];

describe('idDebugDrawing properties', () => {
  it('decode(encode(x)) = x for every shape type', () => {
    const rnd = new TestRandom(11);
    expect(SHAPE_NAMES).toHaveLength(19);
    for (const type of SHAPE_NAMES) {
      for (let k = 0; k < 30; k++) {
        const drawing = { drawingId: rnd.int(0, 255), shape: randomShape2D(rnd, type) };
        expect(decodeDrawing2D(encodeDrawing2D(drawing))).toEqual(drawing);
      }
    }
  });

  it('rejects garbage, truncation and trailing bytes only with StreamError', () => {
    const rnd = new TestRandom(12);
    for (let k = 0; k < 3000; k++) {
      const bytes = rnd.bytes(rnd.int(0, 40));
      if (k % 3 === 0) bytes[0] = rnd.int(0, 20);
      try {
        decodeDrawing2D(bytes);
      } catch (e) {
        expect(e).toBeInstanceOf(StreamError);
      }
    }
    for (const type of SHAPE_NAMES) {
      const bytes = encodeDrawing2D({ drawingId: 1, shape: randomShape2D(rnd, type) });
      for (let cut = 0; cut < bytes.length; cut++)
        expect(() => decodeDrawing2D(bytes.subarray(0, cut))).toThrow(StreamError);
      const longer = new Uint8Array(bytes.length + 1);
      longer.set(bytes);
      expect(() => decodeDrawing2D(longer)).toThrow(StreamError);
    }
  });

  it('refuses a huge grid before allocating and reports the offset', () => {
    // gridRGBA, id 0, x y cell = 0, cellsX = cellsY = 0x7fffffff
    const bytes = unhex('11 00 00 00 00 00 00 00 00 00 00 00 00 00 ff ff ff 7f ff ff ff 7f');
    try {
      decodeDrawing2D(bytes, 1000);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(StreamError);
      expect((e as StreamError).offset).toBe(1014);
    }
  });

  it('rejects a polygon whose text does not hold n points', () => {
    const good = encodeDrawing2D({ drawingId: 0, shape: randomShape2D(new TestRandom(3), 'polygon') });
    const bad = good.slice();
    bad[2] = 99; // n
    expect(() => decodeDrawing2D(bad)).toThrow(StreamError);
  });
});
