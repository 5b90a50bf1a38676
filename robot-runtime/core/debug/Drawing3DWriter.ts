import type { ColorRGBA, Pose3, Vec3 } from '../../math/types';
import {
  writeDrawing3D,
  type CubeCorners,
  type QuadCorners,
  type Shape3D,
} from '../../protocol/debugMessages/drawing3d';
import { ShapePayloads } from './ShapePayloads';

/** The Drawing3D a 3-D drawing callback gets: every call becomes one idDebugDrawing3D payload. */
export class Drawing3DWriter extends ShapePayloads<Shape3D> {
  constructor(emit: (payload: Uint8Array) => void) {
    super(writeDrawing3D, emit);
  }

  dot(x: number, y: number, z: number, size: number, color: ColorRGBA): void {
    this.shape({ type: 'dot', x, y, z, size, color });
  }
  line(from: Vec3, to: Vec3, width: number, color: ColorRGBA): void {
    this.shape({ type: 'line', from, to, width, color });
  }
  cube(corners: CubeCorners, width: number, color: ColorRGBA): void {
    this.shape({ type: 'cube', corners, width, color });
  }
  quad(corners: QuadCorners, color: ColorRGBA): void {
    this.shape({ type: 'quad', corners, color });
  }
  coordinates(length: number, width: number): void {
    this.shape({ type: 'coordinates', length, width });
  }
  scale(x: number, y: number, z: number): void {
    this.shape({ type: 'scale', x, y, z });
  }
  rotate(x: number, y: number, z: number): void {
    this.shape({ type: 'rotate', x, y, z });
  }
  translate(x: number, y: number, z: number): void {
    this.shape({ type: 'translate', x, y, z });
  }
  sphere(x: number, y: number, z: number, radius: number, color: ColorRGBA): void {
    this.shape({ type: 'sphere', x, y, z, radius, color });
  }
  /** An ellipsoid with the half axes `radii` at `pose`. */
  ellipsoid(pose: Pose3, radii: Vec3, color: ColorRGBA): void {
    this.shape({ type: 'ellipsoid', pose, radii, color });
  }
  /** A cylinder (a truncated cone where the radii differ) at `position`, turned by `rotation`. */
  cylinder(
    position: Vec3,
    rotation: Vec3,
    baseRadius: number,
    topRadius: number,
    height: number,
    color: ColorRGBA,
  ): void {
    this.shape({ type: 'cylinder', position, rotation, baseRadius, topRadius, height, color });
  }
  /** Bit 1 disableTransparency, 2 disableOpacity, 4 disableDepth. */
  renderOptions(bits: number): void {
    this.shape({ type: 'renderOptions', bits });
  }
}
