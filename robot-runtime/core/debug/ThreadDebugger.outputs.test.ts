import { describe, expect, it, vi } from 'vitest';
import { decodeAnnotation } from '../../protocol/debugMessages/annotation';
import { decodeDebugImage, PixelType } from '../../protocol/debugMessages/debugImage';
import { decodeDrawing2D } from '../../protocol/debugMessages/drawing2d';
import { decodeDrawing3D } from '../../protocol/debugMessages/drawing3d';
import { decodeDrawingManager } from '../../protocol/debugMessages/drawingManager';
import { PenStyle } from '../../protocol/debugMessages/drawingStyles';
import { decodePlot } from '../../protocol/debugMessages/plot';
import { RequestNames } from '../../protocol/debugMessages/requestNames';
import { decodeStopwatch } from '../../protocol/debugMessages/stopwatch';
import { decodeTextMessage } from '../../protocol/debugMessages/textMessage';
import { MessageID } from '../../protocol/messages/MessageIDs';
import { makeDebugger, ofId, request } from './testHelpers';

const red = { r: 255, g: 0, b: 0, a: 255 };

describe('ThreadDebugger: drawings', () => {
  it('does not even call an inactive drawing callback', () => {
    const { debug } = makeDebugger();
    const draw2 = vi.fn();
    const draw3 = vi.fn();
    debug.handle(request('debug drawing:other'));
    debug.beginFrame(1, 0);
    debug.context.drawing('ball', 'drawingOnField', draw2);
    debug.context.drawing3d('ball', 'field', draw3);
    expect(draw2).not.toHaveBeenCalled();
    expect(draw3).not.toHaveBeenCalled();
    expect(debug.endFrame()).toEqual([]);
  });

  it('numbers drawings and types by first declaration and answers the drawing manager request once', () => {
    const { debug } = makeDebugger();
    debug.handle(request('debug drawing:b'));
    debug.handle(request(RequestNames.drawingManager));
    debug.beginFrame(1, 0);
    debug.context.drawing('a', 'drawingOnField', () => {});
    debug.context.drawing('b', 'drawingOnImage', (d) => {
      d.line(0, 0, 10, 10, 2, PenStyle.solidPen, red);
      d.cross(5, 5, 1, 1, PenStyle.solidPen, red);
    });
    debug.context.drawing('c', 'drawingOnField', () => {});
    const messages = debug.endFrame();
    const shapes = ofId(messages, MessageID.idDebugDrawing).map((m) => decodeDrawing2D(m.payload));
    expect(shapes.map((s) => [s.drawingId, s.shape.type])).toEqual([
      [1, 'line'],
      [1, 'line'],
      [1, 'line'],
    ]);
    const managers = ofId(messages, MessageID.idDrawingManager).map((m) => decodeDrawingManager(m.payload));
    expect(managers).toEqual([
      {
        types: [
          { id: 0, name: 'drawingOnField' },
          { id: 1, name: 'drawingOnImage' },
        ],
        drawings: [
          { id: 0, typeId: 0, name: 'a' },
          { id: 1, typeId: 1, name: 'b' },
          { id: 2, typeId: 0, name: 'c' },
        ],
      },
    ]);
    debug.beginFrame(2, 0);
    expect(ofId(debug.endFrame(), MessageID.idDrawingManager)).toHaveLength(0);
  });

  it('sends 3-D shapes and its own manager on DrawingManager3D', () => {
    const { debug } = makeDebugger();
    debug.handle(request('debug drawing 3d:ball'));
    debug.handle(request(RequestNames.drawingManager3D));
    debug.beginFrame(1, 0);
    debug.context.drawing3d('ball', 'field', (d) => d.sphere(1, 2, 3, 50, red));
    const messages = debug.endFrame();
    expect(ofId(messages, MessageID.idDebugDrawing3D).map((m) => decodeDrawing3D(m.payload))).toEqual([
      { drawingId: 0, shape: { type: 'sphere', x: 1, y: 2, z: 3, radius: 50, color: red } },
    ]);
    expect(decodeDrawingManager(ofId(messages, MessageID.idDrawingManager3D)[0]!.payload)).toEqual({
      types: [{ id: 0, name: 'field' }],
      drawings: [{ id: 0, typeId: 0, name: 'ball' }],
    });
  });
});

describe('ThreadDebugger: plots, stopwatches, images, text', () => {
  it('computes a plot value only while plot:<id> is on', () => {
    const { debug } = makeDebugger();
    const value = vi.fn(() => 4.5);
    debug.beginFrame(1, 0);
    debug.context.plot('x', value);
    expect(value).not.toHaveBeenCalled();
    debug.handle(request('plot:x'));
    debug.context.plot('x', value);
    expect(ofId(debug.endFrame(), MessageID.idPlot).map((m) => decodePlot(m.payload))).toEqual([
      { id: 'x', value: 4.5 },
    ]);
  });

  it('always measures stopwatches but sends idStopwatch only while timing is on, names round-robin 3 per frame', () => {
    let now = 0;
    const { debug } = makeDebugger(() => now);
    const step = (us: number) => () => {
      now += us;
    };
    const frame = (n: number) => {
      debug.beginFrame(n, 1000 + n);
      debug.measure('A', step(100));
      debug.measure('B', step(250));
      debug.context.stopwatch('A', step(50)); // accumulates with the first A
      debug.measure('C', step(1));
      debug.measure('D', step(2));
      return debug.endFrame();
    };
    expect(frame(1)).toEqual([]);
    debug.handle(request(RequestNames.timing));
    const f2 = decodeStopwatch(ofId(frame(2), MessageID.idStopwatch)[0]!.payload);
    expect(f2).toEqual({
      names: [
        { watchId: 0, name: 'A' },
        { watchId: 1, name: 'B' },
        { watchId: 2, name: 'C' },
      ],
      times: [
        { watchId: 0, micros: 150 },
        { watchId: 1, micros: 250 },
        { watchId: 2, micros: 1 },
        { watchId: 3, micros: 2 },
      ],
      threadStartTime: 1002,
      frameNumber: 2,
    });
    const f3 = decodeStopwatch(ofId(frame(3), MessageID.idStopwatch)[0]!.payload);
    expect(f3.names.map((n) => n.name)).toEqual(['D', 'A', 'B']);
  });

  it('plots a stopwatch in ms on plot:stopwatch:<name>', () => {
    let now = 0;
    const { debug } = makeDebugger(() => now);
    debug.handle(request('plot:stopwatch:A'));
    debug.beginFrame(1, 0);
    const result = debug.measure('A', () => {
      now += 2500;
      return 7;
    });
    expect(result).toBe(7);
    expect(ofId(debug.endFrame(), MessageID.idPlot).map((m) => decodePlot(m.payload))).toEqual([
      { id: 'stopwatch:A', value: 2.5 },
    ]);
  });

  it('sends a debug image only while debug images:<id> is on; a bad image is a text error', () => {
    const { debug } = makeDebugger();
    const make = vi.fn(() => ({ pixelType: PixelType.Grayscale, width: 2, height: 1, pixels: new Uint8Array([1, 2]) }));
    debug.beginFrame(1, 0);
    debug.context.image('seg', make);
    expect(make).not.toHaveBeenCalled();
    debug.handle(request('debug images:seg'));
    debug.context.image('seg', make);
    debug.context.image('seg', () => ({ pixelType: PixelType.RGB, width: 2, height: 2, pixels: new Uint8Array(3) }));
    const messages = debug.endFrame();
    expect(ofId(messages, MessageID.idDebugImage).map((m) => decodeDebugImage(m.payload).image.pixels)).toEqual([
      new Uint8Array([1, 2]),
    ]);
    expect(ofId(messages, MessageID.idText).map((m) => decodeTextMessage(m.payload))[0]).toMatch(
      /cannot send debug image seg/,
    );
  });

  it('always sends text', () => {
    const { debug } = makeDebugger();
    debug.beginFrame(1, 0);
    debug.context.text('hello world');
    expect(ofId(debug.endFrame(), MessageID.idText).map((m) => decodeTextMessage(m.payload))).toEqual(['hello world']);
  });
});

describe('ThreadDebugger: annotations', () => {
  it('collects annotations for the logger always, sends them live only while annotation is on, with a running counter', () => {
    const { debug } = makeDebugger();
    debug.beginFrame(1, 0);
    debug.context.annotation('A', 'first');
    expect(ofId(debug.endFrame(), MessageID.idAnnotation)).toHaveLength(0);
    debug.handle(request(RequestNames.annotation));
    debug.beginFrame(2, 0);
    debug.context.annotation('B', 'second one');
    const live = ofId(debug.endFrame(), MessageID.idAnnotation).map((m) => decodeAnnotation(m.payload));
    expect(live).toEqual([{ number: 1, name: 'B', description: 'second one' }]);
    expect(debug.takeAnnotations().map((m) => decodeAnnotation(m.payload).name)).toEqual(['A', 'B']);
    expect(debug.takeAnnotations()).toEqual([]);
  });
});
