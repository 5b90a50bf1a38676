/** Plain-data math values shared by representations, codecs and views (no classes, so they stream and clone freely). */

/** A 2-D vector (mm or pixels, by context). */
export interface Vec2 {
  x: number;
  y: number;
}

/** A 3-D vector. */
export interface Vec3 {
  x: number;
  y: number;
  z: number;
}

/** A 2-D pose: rotation (rad) then translation, as B-Human's Pose2f. */
export interface Pose2 {
  rotation: number;
  translation: Vec2;
}

/** A column-major matrix stored flat: element (r, c) is at index c * rows + r. */
export type Matrix = number[];

/** A 3-D pose: 3x3 column-major rotation matrix and translation, as B-Human's Pose3f. */
export interface Pose3 {
  rotation: Matrix;
  translation: Vec3;
}

/** An RGBA colour, components 0..255. */
export interface ColorRGBA {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** A closed interval. */
export interface Range {
  min: number;
  max: number;
}
