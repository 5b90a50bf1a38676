/**
 * @file Labelled patches for training the ball network: every spot the perceptor would look at in a rendered
 * situation, labelled by the truth (ball when the ball's centre is within 0.8 of its radius of the spot, penalty
 * mark when the mark is as close, nothing when neither is near; spots in between are left out as ambiguous), plus
 * patches around every visible ball and mark with the spot shifted and resized as the spot finder may err. For a
 * ball the target is where its centre and radius lie in the patch (32-pixel units), the network's output 3..5.
 *
 * File format (little-endian): "PSPATCH1", uint32 count, then per patch 1024 bytes of the 32 × 32 patch
 * (normalised brightness, row by row), int8 label (0 nothing, 1 penalty mark, 2 ball) and float32 centre x,
 * centre y and radius in patch units (0 unless a ball).
 */
import type { SeededRandom } from '@robot-runtime/math/SeededRandom';
import { PATCH_SIZE } from '@robot-runtime/modules/Perception/BallAndPenaltyMarkPerceptor/BallAndPenaltyMarkPerceptor';
import type { BallSpot } from '@robot-runtime/modules/Perception/BallAndPenaltyMarkPerceptor/ballSpots';
import { extractPatch, patchSide } from '@robot-runtime/modules/Perception/BallAndPenaltyMarkPerceptor/patches';
import type { YuyvImage } from '@robot-runtime/representations/Infrastructure/CameraImage';
import { PERCEPTOR_DEFAULTS, type RenderedSituation } from './renderSituation';
import { BALL_RADIUS, type Situation } from './situations';

/** Labels as the network's first three outputs order them. */
export const Label = { none: 0, penaltyMark: 1, ball: 2 } as const;

/** Bytes per patch record. */
export const RECORD_BYTES = PATCH_SIZE * PATCH_SIZE + 1 + 12;
/** File magic. */
export const MAGIC = 'PSPATCH1';

/** Collects patch records. */
export class PatchWriter {
  private chunks: Uint8Array[] = [];
  count = 0;
  readonly counts = [0, 0, 0];
  private readonly patch = new Float32Array(PATCH_SIZE * PATCH_SIZE);

  /** Adds the patch of `spot` in a rendered situation's image (see addImagePatch). */
  add(rendered: RenderedSituation, spot: BallSpot, label: number, ball?: { x: number; y: number; r: number }): void {
    this.addImagePatch(rendered.image, spot, label, ball);
  }

  /**
   * Adds the patch of `spot` in `image` with its label and (for a ball) its true centre and radius in pixels, cut
   * `side` pixels wide (by default as the perceptor cuts a ball spot's).
   */
  addImagePatch(
    image: YuyvImage,
    spot: BallSpot,
    label: number,
    ball?: { x: number; y: number; r: number },
    side = patchSide(spot.radius, PERCEPTOR_DEFAULTS.ballAreaFactor),
  ): void {
    extractPatch(image, spot.x, spot.y, side, PATCH_SIZE, PERCEPTOR_DEFAULTS.normalizationOutlierRatio, this.patch);
    const record = new Uint8Array(RECORD_BYTES);
    for (let i = 0; i < this.patch.length; i++) record[i] = Math.round(this.patch[i]!);
    const view = new DataView(record.buffer);
    view.setInt8(PATCH_SIZE * PATCH_SIZE, label);
    if (ball) {
      const scale = PATCH_SIZE / side;
      view.setFloat32(PATCH_SIZE * PATCH_SIZE + 1, (ball.x - spot.x) * scale + PATCH_SIZE / 2, true);
      view.setFloat32(PATCH_SIZE * PATCH_SIZE + 5, (ball.y - spot.y) * scale + PATCH_SIZE / 2, true);
      view.setFloat32(PATCH_SIZE * PATCH_SIZE + 9, ball.r * scale, true);
    }
    this.chunks.push(record);
    this.count++;
    this.counts[label]!++;
  }

  /** The file's bytes. */
  bytes(): Uint8Array {
    const out = new Uint8Array(12 + this.count * RECORD_BYTES);
    out.set(new TextEncoder().encode(MAGIC), 0);
    new DataView(out.buffer).setUint32(8, this.count, true);
    let at = 12;
    for (const c of this.chunks) {
      out.set(c, at);
      at += c.length;
    }
    return out;
  }
}

/** The radius a ball would have at the image point of a ground point `distance` mm from the camera. */
const radiusAtDistance = (situation: Situation, distance: number): number =>
  (situation.intrinsics.fx * BALL_RADIUS) / distance;

/** Adds the labelled patches of one rendered situation. */
export function addSituationPatches(
  writer: PatchWriter,
  situation: Situation,
  rendered: RenderedSituation,
  random: SeededRandom,
  maxNegatives = 6,
): void {
  const ball = situation.ball;
  const negatives: BallSpot[] = [];
  for (const spot of rendered.spots) {
    const dBall = ball ? Math.hypot(spot.x - ball.inImage.x, spot.y - ball.inImage.y) : Infinity;
    if (ball && dBall < 0.8 * ball.radius) {
      writer.add(rendered, spot, Label.ball, { ...ball.inImage, r: ball.radius });
      continue;
    }
    if (ball && dBall < 2.2 * ball.radius) continue;
    const dMark = Math.min(...situation.marks.map((m) => Math.hypot(spot.x - m.inImage.x, spot.y - m.inImage.y)));
    if (dMark < 0.8 * spot.radius) writer.add(rendered, spot, Label.penaltyMark);
    else if (dMark >= 2.5 * spot.radius) negatives.push(spot);
  }
  // Negatives as they come, a random few per image (most images have many similar ones).
  for (let i = 0; i < maxNegatives && negatives.length; i++)
    writer.add(rendered, negatives.splice(Math.floor(random.next() * negatives.length), 1)[0]!, Label.none);
  const jitter = (x: number, y: number, r: number): BallSpot => {
    const angle = random.next() * 2 * Math.PI,
      offset = Math.sqrt(random.next()) * 0.5 * r;
    return {
      x: x + offset * Math.cos(angle),
      y: y + offset * Math.sin(angle),
      radius: r * (0.85 + 0.3 * random.next()),
    };
  };
  if (ball && ball.visible >= 0.3 && ball.radius >= PERCEPTOR_DEFAULTS.minRadius) {
    for (let i = 0; i < 3; i++)
      writer.add(rendered, jitter(ball.inImage.x, ball.inImage.y, ball.radius), Label.ball, {
        ...ball.inImage,
        r: ball.radius,
      });
  }
  const eye = situation.cameraMatrix.translation;
  for (const mark of situation.marks) {
    const distance = Math.hypot(mark.onField.x - eye.x, mark.onField.y - eye.y, eye.z);
    const r = radiusAtDistance(situation, distance);
    if (r < PERCEPTOR_DEFAULTS.minRadius) continue;
    if (ball && Math.hypot(mark.inImage.x - ball.inImage.x, mark.inImage.y - ball.inImage.y) < 3 * ball.radius)
      continue;
    for (let i = 0; i < 2; i++) writer.add(rendered, jitter(mark.inImage.x, mark.inImage.y, r), Label.penaltyMark);
  }
}
