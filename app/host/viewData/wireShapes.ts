/**
 * @file Shapes as they cross the bridge. Payloads are JSON, and JSON turns a Uint8Array into an object with one
 * key per byte, so grid cells are converted to plain arrays here, once per frame and only for grids.
 */
import type { Shape2D } from '@robot-runtime/protocol/debugMessages/drawing2d';
import type { WireShape2D } from '../../ipc/viewData';

/** The wire form of `shape` (the same object unless it is a grid). */
export function toWireShape(shape: Shape2D): WireShape2D {
  if (shape.type === 'gridMono' || shape.type === 'gridRGBA' || shape.type === 'gridRectangleRGBA') {
    return { ...shape, cells: Array.from(shape.cells) } as WireShape2D;
  }
  return shape;
}
