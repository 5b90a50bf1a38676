/**
 * @file Finds goal posts: white above the horizon can only be a goal (field lines lie on the ground, the sky is
 * not white), and a post also reaches down below the horizon to its foot. Just above the horizon a row is read
 * pixel by pixel; each white run is followed down to the foot (re-centred on every row, as vertical edges lean
 * in a tilted camera's image), whose ground position plus the post's radius (the foot seen is the post's
 * front) is the post. The run's width must match the width a post at that distance has, which rejects the
 * crossbar's corners and posts whose foot is hidden by a robot. Every run, accepted or not, also casts a
 * "shadow": the white of a post below the horizon would look like field lines beyond its foot.
 */
import type { Vec2 } from '@robot-runtime/math/types';
import type { ImageGeometry } from '@robot-runtime/representations/Perception/imageGeometry';
import { isWhiteAt, type WhiteClass } from '@robot-runtime/representations/Perception/fieldColors';
import type { YuyvImage } from './scanWhite';

/** Tuning of the post search. */
export interface PostOptions {
  /** What counts as white. */
  white: WhiteClass;
  /** Radius of a goal post (mm). */
  radius: number;
  /** How many rows above the horizon the row is read. */
  rowsAboveHorizon: number;
  /** Measured width / expected width must lie within [1/this, this]. */
  widthTolerance: number;
  /** Posts farther than this (mm) are ignored. */
  maxDistance: number;
}

/** Where white that reaches above the horizon hides the ground: a bearing range (rad, from the camera) beyond a distance. */
export interface PostShadow {
  /** Smallest bearing of the white (rad). */
  minBearing: number;
  /** Largest bearing of the white (rad). */
  maxBearing: number;
  /** Distance of the foot from the camera (mm); Infinity when the foot was not found. */
  footDistance: number;
}

/** The goal posts seen (centres, robot frame, mm) and the shadows of all white above the horizon. */
export interface PostsFound {
  /** Centres of the accepted posts (robot frame, mm). */
  posts: Vec2[];
  /** Shadows of every white run above the horizon, accepted as a post or not. */
  shadows: PostShadow[];
}

/** Goal posts in the image. */
export function findGoalPosts(img: YuyvImage, geometry: ImageGeometry, o: PostOptions): PostsFound {
  const found: PostsFound = { posts: [], shadows: [] };
  const { width, height } = img;
  const horizon = geometry.horizonRow(width / 2);
  const row = Math.floor(horizon) - o.rowsAboveHorizon;
  if (row < 0 || horizon >= height) return found;
  let start = -1;
  for (let col = 0; col <= width; col++) {
    const white = col < width && isWhiteAt(img, col, row, o.white);
    if (white && start < 0) start = col;
    else if (!white && start >= 0) {
      measurePost(img, geometry, start, col, row, o, found);
      start = -1;
    }
  }
  return found;
}

/** Follows the run [start, end) of `row` down to its foot; adds its shadow and, if it is a post, the post. */
function measurePost(
  img: YuyvImage,
  geometry: ImageGeometry,
  start: number,
  end: number,
  row: number,
  o: PostOptions,
  found: PostsFound,
): void {
  const cam = geometry.position;
  const a = geometry.bearingOf(start, row + 0.5),
    b = geometry.bearingOf(end, row + 0.5);
  const shadow: PostShadow = { minBearing: Math.min(a, b), maxBearing: Math.max(a, b), footDistance: Infinity };
  found.shadows.push(shadow);
  let mid = (start + end - 1) >> 1;
  let foot = row;
  let width = end - start;
  while (foot + 1 < img.height) {
    const next = foot + 1;
    if (!isWhiteAt(img, mid, next, o.white)) {
      if (mid > 0 && isWhiteAt(img, mid - 1, next, o.white)) mid--;
      else if (mid + 1 < img.width && isWhiteAt(img, mid + 1, next, o.white)) mid++;
      else break;
    }
    // Re-centre on this row's run.
    let l = mid,
      r = mid;
    const reach = 2 * width + 4;
    while (l > 0 && mid - l < reach && isWhiteAt(img, l - 1, next, o.white)) l--;
    while (r + 1 < img.width && r - mid < reach && isWhiteAt(img, r + 1, next, o.white)) r++;
    // A post only widens towards its foot (it is nearer there): a much narrower run is a field line that leaves
    // the foot at an angle, and the post ended above it (traced: a goalkeeper 370 mm in front of its goal line
    // followed that line down to the image border and saw the post 570 mm too near).
    if (r - l + 1 < Math.min(end - start - 2, (2 * (end - start)) / 3)) break;
    // A much wider run is the post's foot meeting a field line (posts stand on the goal line): the foot's front
    // is where that line ends towards the camera.
    if (r - l + 1 > Math.max(1.5 * width, width + 3)) {
      while (foot + 1 < img.height && isWhiteAt(img, mid, foot + 1, o.white)) foot++;
      break;
    }
    width = Math.max(width, r - l + 1);
    mid = (l + r) >> 1;
    foot = next;
  }
  if (foot + 1 >= img.height) return;
  const front: Vec2 = { x: 0, y: 0 };
  if (!geometry.toGround(mid + 0.5, foot + 1, front)) return;
  shadow.footDistance = Math.hypot(front.x - cam.x, front.y - cam.y);
  // Runs cut by the image border have an unknown width: shadow only.
  if (start === 0 || end === img.width) return;
  const distance = Math.hypot(front.x, front.y);
  if (distance > o.maxDistance || distance < 1) return;
  const center = { x: front.x + (front.x / distance) * o.radius, y: front.y + (front.y / distance) * o.radius };
  // Expected width: the post's two sides at camera height, projected.
  const across = { x: (-center.y / distance) * o.radius, y: (center.x / distance) * o.radius };
  const left: Vec2 = { x: 0, y: 0 },
    right: Vec2 = { x: 0, y: 0 };
  if (
    !geometry.toImage(center.x + across.x, center.y + across.y, geometry.height, left) ||
    !geometry.toImage(center.x - across.x, center.y - across.y, geometry.height, right)
  )
    return;
  const expected = Math.abs(right.x - left.x);
  const measured = end - start;
  if (measured > expected * o.widthTolerance || measured * o.widthTolerance < expected) return;
  found.posts.push(center);
}

/** Whether a ground point (robot frame) lies in one of the shadows. */
export function inShadow(shadows: readonly PostShadow[], geometry: ImageGeometry, p: Vec2, margin: number): boolean {
  if (!shadows.length) return false;
  const cam = geometry.position;
  const dx = p.x - cam.x,
    dy = p.y - cam.y;
  const bearing = Math.atan2(dy, dx),
    distance = Math.hypot(dx, dy);
  for (const s of shadows) {
    if (bearing >= s.minBearing - margin && bearing <= s.maxBearing + margin && distance > s.footDistance - 150)
      return true;
  }
  return false;
}
