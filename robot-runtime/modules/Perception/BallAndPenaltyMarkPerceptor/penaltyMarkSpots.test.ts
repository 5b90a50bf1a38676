/**
 * The penalty-mark candidate search on drawn images: a mark-sized bright cross on the green is found at its
 * centre, lines, larger blobs, blobs beside a robot or at the border are not, chroma noise of a dim field neither
 * hides a mark nor makes one, and the budget keeps the nearest. The mark's expected size per row comes from the
 * camera geometry.
 */
import { describe, expect, it } from 'vitest';
import { robotToImage } from '@robot-runtime/math/projection';
import { rotationY } from '@robot-runtime/math/rotation';
import { SeededRandom } from '@robot-runtime/math/SeededRandom';
import type { Pose3 } from '@robot-runtime/math/types';
import { naoCameraInfo, withFocalLengths } from '@robot-runtime/representations/Infrastructure/CameraInfo';
import { findPenaltyMarkSpots, type MarkSizePerRow, type PenaltyMarkSpotOptions } from './penaltyMarkSpots';
import { penaltyMarkSizePerRow, penaltyMarkSpotsForImage } from './spotsForImage';

const WIDTH = 320,
  HEIGHT = 240;
const GREEN = { y: 95, u: 100, v: 90 };
const WHITE = { y: 220, u: 128, v: 128 };
const GREY = { y: 170, u: 128, v: 128 };

/** A YUYV image of the field's green with a painter for rectangles (pixels x0..x1, y0..y1, edges included). */
function field(width = WIDTH, height = HEIGHT) {
  const image = new Uint8Array(width * height * 2);
  const set = (x: number, y: number, c: { y: number; u: number; v: number }): void => {
    const base = (y * width + (x & ~1)) * 2;
    image[base + (x & 1) * 2] = c.y;
    image[base + 1] = c.u;
    image[base + 3] = c.v;
  };
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) set(x, y, GREEN);
  const fill = (x0: number, y0: number, x1: number, y1: number, c = WHITE): void => {
    for (let y = Math.max(0, y0); y <= Math.min(height - 1, y1); y++)
      for (let x = Math.max(0, x0); x <= Math.min(width - 1, x1); x++) set(x, y, c);
  };
  /** A cross `w` wide and `h` high (even numbers) centred on (cx, cy), its bars about half as thick as long. */
  const cross = (cx: number, cy: number, w: number, h: number): void => {
    const q = Math.round(h / 4),
      p = Math.round(w / 4);
    fill(cx - w / 2, cy - q, cx + w / 2 - 1, cy + q - 1);
    fill(cx - p, cy - h / 2, cx + p - 1, cy + h / 2 - 1);
  };
  return { img: { width, height, image }, set, fill, cross };
}

/** Every row expects a mark 30 pixels wide and 10 high. */
function uniformSize(height = HEIGHT, width = 30, markHeight = 10): MarkSizePerRow {
  return { width: new Float32Array(height).fill(width), height: new Float32Array(height).fill(markHeight) };
}

const OPTIONS: PenaltyMarkSpotOptions = {
  scanStep: 6,
  greenChroma: 40,
  minPenaltyMarkWidth: 18,
  minPenaltyMarkHeight: 3,
  maxPenaltyMarkSpots: 4,
};

describe('penalty-mark candidates', () => {
  it('finds a mark-sized cross at its centre with its box, once although several scan lines cross it', () => {
    const f = field();
    f.cross(160, 120, 30, 10);
    const spots = findPenaltyMarkSpots(f.img, uniformSize(), OPTIONS);
    expect(spots).toHaveLength(1);
    expect(spots[0]).toMatchObject({ x: 160, y: 120, width: 30, left: 145, right: 174, top: 115, bottom: 124 });
  });

  it('keeps lines, blobs much wider or taller than a mark and a mark cut by the border out', () => {
    const f = field();
    f.fill(0, 40, WIDTH - 1, 42); // a line across the view
    f.fill(100, 60, 102, HEIGHT - 1); // a line along the view
    f.fill(20, 80, 110, 89); // three marks wide
    f.fill(200, 60, 229, 99); // a mark's width, four of its heights (a ball, a robot's foot)
    f.cross(WIDTH - 5, 200, 30, 10); // cut by the right border
    expect(findPenaltyMarkSpots(f.img, uniformSize(), OPTIONS)).toEqual([]);
  });

  it("keeps a mark that runs into something bright (a robot's leg) out, and one a few pixels beside it in", () => {
    const f = field();
    f.fill(190, 20, 260, 130, GREY); // a robot's leg, down to the ground
    f.cross(180, 125, 30, 10); // its right end behind the leg
    f.fill(40, 150, 120, HEIGHT - 1, GREY);
    f.cross(145, 200, 30, 10); // 10 pixels right of the other leg
    const spots = findPenaltyMarkSpots(f.img, uniformSize(), OPTIONS);
    expect(spots.map((s) => [s.x, s.y])).toEqual([[145, 200]]);
  });

  it('a dim field whose chroma noise makes pixel pairs look not green neither hides the mark nor makes one', () => {
    const random = new SeededRandom(3);
    const f = field();
    const dimGreen = { y: 70, u: 110, v: 108 }; // 38 below neutral together: just not green
    let noisy = 0;
    for (let y = 0; y < HEIGHT; y++)
      for (let x = 0; x < WIDTH; x += 2)
        if (random.next() < 0.1) {
          f.set(x, y, dimGreen);
          f.set(x + 1, y, dimGreen);
          noisy++;
        }
    expect(noisy).toBeGreaterThan(3000);
    expect(findPenaltyMarkSpots(f.img, uniformSize(), OPTIONS)).toEqual([]);
    f.cross(100, 150, 30, 10);
    const spots = findPenaltyMarkSpots(f.img, uniformSize(), OPTIONS);
    expect(spots).toHaveLength(1);
    expect(Math.abs(spots[0]!.x - 100)).toBeLessThanOrEqual(1);
    expect(Math.abs(spots[0]!.y - 150)).toBeLessThanOrEqual(1);
  });

  it('a faint blob (little brighter than the green) is no mark', () => {
    const f = field();
    f.fill(145, 115, 174, 124, { y: GREEN.y + 15, u: 128, v: 128 });
    expect(findPenaltyMarkSpots(f.img, uniformSize(), OPTIONS)).toEqual([]);
  });

  it('rows where a mark would be narrower than minPenaltyMarkWidth are not searched', () => {
    const f = field();
    f.cross(160, 120, 30, 10);
    expect(findPenaltyMarkSpots(f.img, uniformSize(), { ...OPTIONS, minPenaltyMarkWidth: 31 })).toEqual([]);
  });

  it('a mark-wide sliver fewer than minPenaltyMarkHeight rows high (a piece of a far line) is no candidate', () => {
    const f = field();
    f.fill(145, 120, 174, 121);
    const flat = uniformSize(HEIGHT, 30, 3);
    expect(findPenaltyMarkSpots(f.img, flat, OPTIONS)).toEqual([]);
    f.fill(145, 122, 174, 122);
    expect(findPenaltyMarkSpots(f.img, flat, OPTIONS)).toHaveLength(1);
  });

  it('keeps the nearest (lowest) candidates within the budget, nearest first', () => {
    const f = field();
    const rows = [30, 60, 90, 120, 150, 180, 210];
    rows.forEach((y, i) => f.cross(40 + 40 * i, y, 30, 10));
    const spots = findPenaltyMarkSpots(f.img, uniformSize(), OPTIONS);
    expect(spots.map((s) => s.y)).toEqual([210, 180, 150, 120]);
  });
});

describe('penaltyMarkSizePerRow', () => {
  // A lower camera 480 mm above the ground, pitched 40° down.
  const cameraMatrix: Pose3 = { rotation: rotationY(0.7), translation: { x: 0, y: 0, z: 480 } };
  const camera = withFocalLengths(naoCameraInfo(1, WIDTH, HEIGHT));
  const size = penaltyMarkSizePerRow(HEIGHT, cameraMatrix, camera, 100);

  it("gives within 5 % the width and height a mark's ends projected span", () => {
    for (const distance of [500, 700, 1000]) {
      const p = (x: number, y: number) => robotToImage(cameraMatrix, camera, { x, y, z: 0 })!;
      const row = Math.floor(p(distance, 0).y);
      const width = p(distance, -50).x - p(distance, 50).x;
      const height = p(distance - 50, 0).y - p(distance + 50, 0).y;
      expect(Math.abs(size.width[row]! / width - 1)).toBeLessThan(0.05);
      expect(Math.abs(size.height[row]! / height - 1)).toBeLessThan(0.05);
      expect(size.height[row]!).toBeLessThan(size.width[row]!);
    }
  });

  it('marks grow towards the bottom of the image', () => {
    for (let row = 1; row < HEIGHT; row++) {
      expect(size.width[row]!).toBeGreaterThan(size.width[row - 1]!);
      expect(size.height[row]!).toBeGreaterThan(size.height[row - 1]!);
    }
  });

  it('an upper camera looking at the horizon expects nothing above it', () => {
    const level: Pose3 = { rotation: rotationY(0.05), translation: { x: 0, y: 0, z: 480 } };
    const upper = withFocalLengths(naoCameraInfo(0, 640, 480));
    const s = penaltyMarkSizePerRow(480, level, upper, 100);
    expect(s.width[0]).toBe(0);
    expect(s.height[0]).toBe(0);
    expect(s.width[479]!).toBeGreaterThan(0);
  });

  it('penaltyMarkSpotsForImage finds a mark drawn where the camera sees one 1 m ahead', () => {
    const p = (x: number, y: number) => robotToImage(cameraMatrix, camera, { x, y, z: 0 })!;
    const f = field();
    const centre = p(1000, 0);
    const even = (v: number): number => 2 * Math.round(v / 2);
    const w = p(1000, -50).x - p(1000, 50).x,
      h = p(950, 0).y - p(1050, 0).y;
    f.cross(Math.round(centre.x), Math.round(centre.y), even(w), even(h));
    const spots = penaltyMarkSpotsForImage(f.img, cameraMatrix, camera, 100, OPTIONS);
    expect(spots).toHaveLength(1);
    expect(Math.abs(spots[0]!.x - centre.x)).toBeLessThan(1);
    expect(Math.abs(spots[0]!.y - centre.y)).toBeLessThan(1);
  });
});
