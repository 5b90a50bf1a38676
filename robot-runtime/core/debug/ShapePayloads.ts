/**
 * @file What the 2-D and the 3-D drawing writers share: each shape becomes one drawing payload for the drawing id
 * set last, written into one reused buffer.
 */
import { OutBinary } from '../../protocol/binary/OutBinary';

/** Writes shapes of one kind as drawing payloads and hands each to `emit` (the base of the drawing writers). */
export class ShapePayloads<Shape> {
  private readonly out = new OutBinary(128);
  private drawingId = 0;

  /**
   * @param write The payload writer of the shape kind (`writeDrawing2D`, `writeDrawing3D`).
   * @param emit Receives each payload.
   */
  constructor(
    private readonly write: (out: OutBinary, drawingId: number, shape: Shape) => void,
    private readonly emit: (payload: Uint8Array) => void,
  ) {}

  /** Directs the following shapes to drawing `drawingId`. */
  begin(drawingId: number): void {
    this.drawingId = drawingId;
  }

  /** Sends one shape. */
  shape(shape: Shape): void {
    this.out.reset();
    this.write(this.out, this.drawingId, shape);
    this.emit(this.out.toBytes());
  }
}
