/**
 * @file Confirms a penalty mark candidate in the image: the ground around it, where the field has no other white,
 * must be seen as field (green). A piece of a field line seen between two robots is a white spot with no white
 * around it as well (the robots hide the rest of the line), but around it lie robots, not grass; so does a piece
 * of a line's end cut off by a ball right in front of the robot and by the robot's own body. Just outside a mark
 * lies grass all round; a white piece of another robot's leg or foot has that robot's body next to it in the
 * image, in front of and behind it along the viewing ray, so the innermost ring must be field almost everywhere.
 */
import type { Vec2 } from '@robot-runtime/math/types';
import type { ImageGeometry } from '@robot-runtime/representations/Perception/imageGeometry';
import type { YuyvImage } from './scanWhite';
import { isGreenAt, type GreenClass } from '@robot-runtime/representations/Perception/fieldColors';

/** Tuning of the check. */
export interface MarkSurroundingsOptions {
  /** The innermost ring of samples lies this far (mm) from the candidate's centre … */
  innerRadius: number;
  /** … and the outermost this far. */
  outerRadius: number;
  /** What counts as field. */
  green: GreenClass;
  /**
   * At least this many of the innermost ring's samples must be visible (inside the image, below the horizon): a
   * spot whose surroundings are cut off by the image border cannot be told from the end of a line.
   */
  minInnerVisible: number;
  /** Of all visible samples, at least this fraction must be green. */
  minGreenRatio: number;
  /**
   * Of the innermost ring's visible samples, at least this fraction must be green: the lit faces of a standing
   * robot's light grey legs and feet are white pieces with no white around them, but its body lies right next
   * to them where a mark has grass.
   */
  minInnerGreenRatio: number;
}

/** Directions sampled per ring, and the rings from the inner to the outer radius. */
const DIRECTIONS = 16;
const RINGS = 3;

/** Whether the ground around `center` (robot frame, mm) is field wherever it is visible. */
export function surroundedByField(
  img: YuyvImage,
  geometry: ImageGeometry,
  center: Vec2,
  o: MarkSurroundingsOptions,
): boolean {
  let visible = 0,
    innerVisible = 0,
    innerGreen = 0,
    green = 0;
  const pixel: Vec2 = { x: 0, y: 0 };
  for (let ring = 0; ring < RINGS; ring++) {
    const r = o.innerRadius + ((o.outerRadius - o.innerRadius) * ring) / (RINGS - 1);
    for (let k = 0; k < DIRECTIONS; k++) {
      // Each ring is turned by a fraction of a step, so that together they sample RINGS × DIRECTIONS directions.
      const a = (2 * Math.PI * (k + ring / RINGS)) / DIRECTIONS;
      if (!geometry.toImage(center.x + r * Math.cos(a), center.y + r * Math.sin(a), 0, pixel)) continue;
      const u = Math.floor(pixel.x),
        v = Math.floor(pixel.y);
      if (u < 0 || v < 0 || u >= img.width || v >= img.height || v < geometry.horizonRow(pixel.x) + 1) continue;
      visible++;
      const isGreen = isGreenAt(img, u, v, o.green);
      if (ring === 0) {
        innerVisible++;
        if (isGreen) innerGreen++;
      }
      if (isGreen) green++;
    }
  }
  return (
    innerVisible >= o.minInnerVisible &&
    innerGreen >= o.minInnerGreenRatio * innerVisible &&
    green >= o.minGreenRatio * visible
  );
}
