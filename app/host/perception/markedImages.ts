/**
 * @file Camera images a user marked by hand (the Image view's marking tools, the console's `mark`): balls (centre
 * and radius), penalty marks (centre and size) and robots (boxes), kept with a copy of each image, and written as a
 * data set the training pipeline reads. Balls and penalty marks become labelled patches in the patch file format
 * (patchDataset.ts), cut exactly as the perceptor cuts them, with negatives drawn from the rest of each image;
 * everything, robot boxes included, is also listed in a JSON file beside it, so a robot detector's training can
 * read the boxes and a team can see what was marked in which image. Ball patches are cut as the perceptor cuts a
 * ball spot's, penalty-mark patches as it cuts a mark candidate's.
 */
import { SeededRandom } from '@robot-runtime/math/SeededRandom';
import type { YuyvImage } from '@robot-runtime/representations/Infrastructure/CameraImage';
import { patchSide } from '@robot-runtime/modules/Perception/BallAndPenaltyMarkPerceptor/patches';
import { Label, PatchWriter } from './patchDataset';
import { PERCEPTOR_DEFAULTS } from './renderSituation';

/** A ball or penalty mark: its centre and radius in image pixels. */
export interface MarkedDisc {
  readonly kind: 'ball' | 'penaltyMark';
  readonly x: number;
  readonly y: number;
  readonly radius: number;
}

/** A robot: its box in image pixels. */
export interface MarkedBox {
  readonly kind: 'robot';
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
}

/** One mark in an image. */
export type ImageMark = MarkedDisc | MarkedBox;

/** A marked image: where it came from, a copy of its pixels and its marks. */
export interface MarkedImage {
  /** The robot whose image it is. */
  readonly robot: string;
  /** The camera thread (Upper, Lower). */
  readonly thread: string;
  /** The image's time stamp (ms on the robot's clock). */
  readonly timestamp: number;
  readonly image: YuyvImage;
  readonly marks: ImageMark[];
}

/** Most images kept at once (a 640×480 image is 600 KB): save, then mark on. */
export const MAX_MARKED_IMAGES = 100;

/** Negatives drawn per marked image, as the generated data sets have. */
const NEGATIVES_PER_IMAGE = 6;
/** A negative keeps this many of its radii away from every ball and mark. */
const NEGATIVE_CLEARANCE = 2.5;
/** Radius of a negative's patch when the image has no disc to take it from (px). */
const DEFAULT_NEGATIVE_RADIUS = 12;

/** What a saved data set holds. */
export interface MarkedDataSet {
  /** The patch file (PSPATCH1). */
  readonly patches: Uint8Array;
  /** Patches per label: nothing, penalty mark, ball. */
  readonly counts: readonly [number, number, number];
  /** Robot boxes (in the JSON only). */
  readonly robots: number;
  /** The JSON listing of every image's marks. */
  readonly listing: string;
}

/** The patches and the listing of `images`; negatives are drawn with `seed`, so a save repeats exactly. */
export function markedDataSet(images: readonly MarkedImage[], seed = 1): MarkedDataSet {
  const writer = new PatchWriter();
  const random = new SeededRandom(seed);
  for (const marked of images) {
    const discs = marked.marks.filter((m): m is MarkedDisc => m.kind !== 'robot');
    for (const d of discs) {
      const spot = { x: d.x, y: d.y, radius: d.radius };
      if (d.kind === 'ball') writer.addImagePatch(marked.image, spot, Label.ball, { x: d.x, y: d.y, r: d.radius });
      // As the perceptor cuts a mark candidate's patch: in widths of the mark.
      else
        writer.addImagePatch(
          marked.image,
          spot,
          Label.penaltyMark,
          undefined,
          patchSide(2 * d.radius, PERCEPTOR_DEFAULTS.penaltyMarkAreaFactor),
        );
    }
    for (const spot of negatives(marked, discs, random)) writer.addImagePatch(marked.image, spot, Label.none);
  }
  const listing = images.map((m) => ({
    robot: m.robot,
    thread: m.thread,
    timestamp: m.timestamp,
    width: m.image.width,
    height: m.image.height,
    marks: m.marks,
  }));
  return {
    patches: writer.bytes(),
    counts: [writer.counts[0]!, writer.counts[1]!, writer.counts[2]!],
    robots: images.reduce((n, m) => n + m.marks.filter((k) => k.kind === 'robot').length, 0),
    listing: `${JSON.stringify({ format: 'pitchside-marks-1', images: listing }, null, 1)}\n`,
  };
}

/**
 * Spots of an image where no ball or mark was marked, sized like its marked discs. Robots marked in the image are
 * not avoided: the network must learn that a robot's feet are not a ball.
 */
function negatives(
  marked: MarkedImage,
  discs: readonly MarkedDisc[],
  random: SeededRandom,
): { x: number; y: number; radius: number }[] {
  const spots: { x: number; y: number; radius: number }[] = [];
  const { width, height } = marked.image;
  for (let attempt = 0; attempt < NEGATIVES_PER_IMAGE * 20 && spots.length < NEGATIVES_PER_IMAGE; attempt++) {
    const radius = discs.length ? discs[Math.floor(random.next() * discs.length)]!.radius : DEFAULT_NEGATIVE_RADIUS;
    const x = radius + random.next() * (width - 2 * radius);
    const y = radius + random.next() * (height - 2 * radius);
    if (discs.every((d) => Math.hypot(x - d.x, y - d.y) >= NEGATIVE_CLEARANCE * Math.max(radius, d.radius)))
      spots.push({ x, y, radius });
  }
  return spots;
}
