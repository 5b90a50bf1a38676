/**
 * @file The ROBOT shape: a body rectangle with the robot's and its head's direction as lines, drawn in the
 * robot's own frame (one rotated canvas transform); the context's state is restored afterwards.
 */
import type { WireShape2D } from '@app/ipc/viewData';
import { cssColor, type Rgba } from '../../lib/cssColor';

/** A ROBOT shape. */
export type RobotShape = Extract<WireShape2D, { type: 'robot' }>;

/** Where and how large the robot appears on the canvas. */
export interface RobotPlacement {
  /** Canvas position of the robot's origin (pixels). */
  readonly x: number;
  readonly y: number;
  /** Canvas angle of the robot's x axis (already mirrored when world y points up). */
  readonly angle: number;
  /** Canvas pixels per world unit. */
  readonly scale: number;
  /** −1 when world y points up on the canvas. */
  readonly ySign: 1 | -1;
  /** Opacity multiplier of the whole drawing. */
  readonly alpha: number;
}

/** Length of the lines of a ROBOT shape's direction vectors (world units, mm). */
const DIRECTION_LENGTH = 400;
/** Body of a ROBOT shape (mm): length along x, width along y. */
const BODY = { length: 160, width: 240 };
const BLACK: Rgba = { r: 0, g: 0, b: 0, a: 255 };

/** Paints a ROBOT shape; the context's state (styles, transform, dash) is the same afterwards. */
export function paintRobot(ctx: CanvasRenderingContext2D, s: RobotShape, at: RobotPlacement): void {
  const alpha = at.alpha * Math.max(0, Math.min(1, s.alpha || 1));
  const len = (v: number): number => v * at.scale;
  ctx.save();
  ctx.translate(at.x, at.y);
  ctx.rotate(at.angle);
  ctx.setLineDash([]);
  ctx.lineWidth = Math.max(len(10), 1);
  ctx.fillStyle = cssColor(s.colorBody, alpha);
  ctx.strokeStyle = cssColor(BLACK, alpha);
  ctx.beginPath();
  ctx.rect(len(-BODY.length / 2), len(-BODY.width / 2), len(BODY.length), len(BODY.width));
  ctx.fill();
  ctx.stroke();
  const direction = (v: { x: number; y: number }, color: Rgba, length: number): void => {
    const n = Math.hypot(v.x, v.y);
    if (n === 0) return;
    // Direction vectors are in the robot frame; the canvas is rotated already, only y may be mirrored.
    ctx.strokeStyle = cssColor(color, alpha);
    ctx.lineWidth = Math.max(len(20), 1);
    ctx.beginPath();
    ctx.moveTo(0, 0);
    ctx.lineTo(len((v.x / n) * length), at.ySign * len((v.y / n) * length));
    ctx.stroke();
  };
  direction(s.dirVec, s.colorDirVec, DIRECTION_LENGTH);
  direction(s.dirHeadVec, s.colorDirHeadVec, DIRECTION_LENGTH * 0.75);
  ctx.restore();
}

/** How far a ROBOT shape reaches from its origin at most (world units), for skipping robots off the canvas. */
export const ROBOT_REACH = DIRECTION_LENGTH + BODY.width;
