/**
 * @file Fast pixel-to-ground geometry for scanning a whole image: the camera's rotation and position are
 * unpacked once per image, so projecting one of the hundreds of scanned pixels costs a few multiplications
 * instead of building vectors (robot-runtime/math/projection.ts does the same one point at a time).
 */
import type { Pose3, Vec2 } from '@robot-runtime/math/types';

/** The pieces of CameraInfo the projection needs. */
export interface Intrinsics {
  width: number;
  height: number;
  opticalCenter: Vec2;
  focalLength: number;
  focalLengthHeight: number;
}

/** A camera frozen for one image. Pixel coordinates are continuous: pixel (c, r) covers [c, c+1) × [r, r+1). */
export class ImageGeometry {
  private readonly r: number[];
  private readonly t: { x: number; y: number; z: number };

  constructor(
    pose: Pose3,
    readonly info: Intrinsics,
  ) {
    this.r = pose.rotation;
    this.t = pose.translation;
  }

  /** Where the camera is on the ground plane (robot frame, mm). */
  get position(): Vec2 {
    return this.t;
  }

  /** Direction (rad, robot frame, about the camera's position) in which pixel (u, v) looks. */
  bearingOf(u: number, v: number): number {
    const i = this.info;
    const a = (i.opticalCenter.x - u) / i.focalLength;
    const b = (i.opticalCenter.y - v) / i.focalLengthHeight;
    const R = this.r;
    return Math.atan2(R[1]! + R[4]! * a + R[7]! * b, R[0]! + R[3]! * a + R[6]! * b);
  }

  /** Height of the camera above the ground (mm). */
  get height(): number {
    return this.t.z;
  }

  /**
   * The ground point (robot frame, mm) at height `z` seen at pixel (u, v), written into `out`; false when the
   * viewing ray does not descend to that height (at or above the horizon).
   */
  toGround(u: number, v: number, out: Vec2, z = 0): boolean {
    const i = this.info;
    const a = (i.opticalCenter.x - u) / i.focalLength;
    const b = (i.opticalCenter.y - v) / i.focalLengthHeight;
    const R = this.r;
    const dz = R[2]! + R[5]! * a + R[8]! * b;
    const s = (z - this.t.z) / dz;
    if (!(s > 0) || !Number.isFinite(s)) return false;
    out.x = this.t.x + s * (R[0]! + R[3]! * a + R[6]! * b);
    out.y = this.t.y + s * (R[1]! + R[4]! * a + R[7]! * b);
    return true;
  }

  /**
   * The first image row (fractional) below the horizon at column u: rows below it look down at the ground.
   * 0 when the whole column looks down, `height` when none of it does.
   */
  horizonRow(u: number): number {
    const i = this.info;
    const R = this.r;
    const a = (i.opticalCenter.x - u) / i.focalLength;
    // Direction z = R[2] + R[5]·a + R[8]·b is zero at b0; z falls as v grows (b shrinks) when R[8] > 0.
    if (Math.abs(R[8]!) < 1e-9) return R[2]! + R[5]! * a < 0 ? 0 : i.height;
    const b0 = -(R[2]! + R[5]! * a) / R[8]!;
    const v0 = i.opticalCenter.y - b0 * i.focalLengthHeight;
    return R[8]! > 0 ? Math.min(i.height, Math.max(0, v0)) : 0;
  }

  /** Pixel of a robot-frame point, or false when it lies behind the camera. */
  toImage(x: number, y: number, z: number, out: Vec2): boolean {
    const R = this.r;
    const dx = x - this.t.x,
      dy = y - this.t.y,
      dz = z - this.t.z;
    // Camera frame = Rᵀ · (p − t): the rotation's columns are the camera axes.
    const cx = R[0]! * dx + R[1]! * dy + R[2]! * dz;
    if (cx <= 1) return false;
    const cy = R[3]! * dx + R[4]! * dy + R[5]! * dz;
    const cz = R[6]! * dx + R[7]! * dy + R[8]! * dz;
    out.x = this.info.opticalCenter.x - (this.info.focalLength * cy) / cx;
    out.y = this.info.opticalCenter.y - (this.info.focalLengthHeight * cz) / cx;
    return true;
  }
}
