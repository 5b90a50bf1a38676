/**
 * @file The frame both drawing messages share (idDebugDrawing, idDebugDrawing3D): `uint8 shape type, uint8
 * drawing id`, then the fields of that shape type. The 2-D and 3-D codecs supply only their shapes' layouts.
 */
import type { InBinary } from '../binary/InBinary';
import { OutBinary } from '../binary/OutBinary';
import { StreamError } from '../binary/StreamError';
import { expectEnd, payloadReader } from './payload';
import type { PayloadCodec } from './recordPayload';

/** The payload of one drawing message: which drawing (its drawing manager id) and the shape. */
export interface DrawingPayload<S> {
  drawingId: number;
  shape: S;
}

/**
 * The codec of a drawing message whose shapes `writeShape` writes (type and drawing id first) and `readShape` reads
 * (after them). `kind` ('2-D', '3-D') names the message in errors.
 */
export function drawingPayload<S extends { type: string }>(
  kind: string,
  writeShape: (out: OutBinary, drawingId: number, shape: S) => void,
  readShape: (inp: InBinary, type: number) => S,
): PayloadCodec<DrawingPayload<S>> {
  return {
    encode(drawing: DrawingPayload<S>): Uint8Array {
      const out = new OutBinary(64);
      writeShape(out, drawing.drawingId, drawing.shape);
      return out.toBytes();
    },
    decode(payload: Uint8Array, baseOffset = 0): DrawingPayload<S> {
      const inp = payloadReader(payload, baseOffset);
      const type = inp.uint8();
      const drawingId = inp.uint8();
      const shape = readShape(inp, type);
      expectEnd(inp, `${kind} shape ${shape.type}`);
      return { drawingId, shape };
    },
  };
}

/** The error for a shape type the message does not define (at the type byte, two bytes back). */
export function unknownShape(inp: InBinary, kind: string, type: number): StreamError {
  return new StreamError(`unknown ${kind} shape type ${type}`, inp.baseOffset + inp.offset - 2);
}
