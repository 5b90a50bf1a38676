/**
 * @file Finding the heading again after a fall. A NAO that falls and gets up often stands turned (in articulated
 * games by 44° in the median, by more than 90° in one fall of five), while its position changed little, and an
 * extended Kalman filter cannot correct a heading that far off: every feature lies outside its gate, or fits a
 * wrong instance. So for a while after getting up, every feature seen votes for the headings (relative to the
 * current estimate) under which it would lie near an instance of its type; the heading with the most votes wins.
 */
import type { Pose2 } from '@robot-runtime/math/types';
import { normalizeAngle } from '@robot-runtime/math/vec2';
import type { FieldLandmark } from '@robot-runtime/representations/Configuration/FieldDimensions';
import type { SeenLandmark } from '@robot-runtime/representations/Perception/LandmarkPercept';
import { fitPeriod, fitsInstance } from './landmarkFit';

/** Headings tried: one every 5°. */
const BINS = 72;
const BIN_WIDTH = (2 * Math.PI) / BINS;
const cos = new Float64Array(BINS);
const sin = new Float64Array(BINS);

/** Votes for the heading offsets from the current estimate. */
export class HeadingSearch {
  private readonly votes = new Float64Array(BINS);
  /** Offsets tried: up to this many bins either way from the estimate. */
  private reach = BINS / 2;

  /** Forgets all votes; the search tries offsets up to `range` (rad) either way from the estimate. */
  reset(range = Math.PI): void {
    this.votes.fill(0);
    this.reach = Math.floor(Math.max(0, range) / BIN_WIDTH + 1e-9);
  }

  /**
   * Every feature votes for each heading offset under which, seen from `pose` turned by that offset, it lies
   * within `tolerance(distance)` (mm) of an instance of its type, and a corner's lines run within `angleTolerance`
   * (rad) of that instance's.
   */
  vote(
    pose: Pose2,
    landmarks: readonly SeenLandmark[],
    known: readonly FieldLandmark[],
    tolerance: (distance: number) => number,
    angleTolerance: number,
  ): void {
    if (landmarks.length === 0) return;
    // Each heading's rotation once per call: this runs in every frame of the search.
    for (let b = 0; b < BINS; b++) {
      cos[b] = Math.cos(pose.rotation + b * BIN_WIDTH);
      sin[b] = Math.sin(pose.rotation + b * BIN_WIDTH);
    }
    for (const l of landmarks) {
      const { x: lx, y: ly } = l.position;
      const tol = tolerance(Math.hypot(lx, ly));
      const period = fitPeriod(l);
      for (let b = 0; b < BINS; b++) {
        if (Math.min(b, BINS - b) > this.reach) continue;
        const x = pose.translation.x + cos[b]! * lx - sin[b]! * ly,
          y = pose.translation.y + sin[b]! * lx + cos[b]! * ly;
        if (fitsInstance(l, period, pose.rotation + b * BIN_WIDTH, x, y, known, tol, angleTolerance)) this.votes[b]!++;
      }
    }
  }

  /**
   * The heading offset (rad) with the most votes, its neighbours counted half, if it has at least `minVotes` and
   * `margin` times the score of every heading outside its own peak (the run of headings with votes around it);
   * otherwise undefined: the features seen fit two headings (one goal post fits either post of its goal).
   */
  best(minVotes: number, margin: number): number | undefined {
    const votes = this.votes;
    const score = (b: number): number => votes[b]! + 0.5 * (votes[(b + 1) % BINS]! + votes[(b + BINS - 1) % BINS]!);
    let best = 0;
    for (let b = 1; b < BINS; b++) if (score(b) > score(best)) best = b;
    if (votes[best]! < minVotes) return undefined;
    const peak = new Set<number>([best]);
    for (const step of [1, BINS - 1]) {
      for (let b = (best + step) % BINS; votes[b]! > 0 && !peak.has(b); b = (b + step) % BINS) peak.add(b);
    }
    for (let b = 0; b < BINS; b++) if (!peak.has(b) && score(b) * margin > score(best)) return undefined;
    // Votes of one feature are flat over its tolerance: the middle of the headings with the top score.
    let first = best;
    let last = best;
    while (score((first + BINS - 1) % BINS) === score(best) && (first + BINS - 1) % BINS !== best)
      first = (first + BINS - 1) % BINS;
    while (score((last + 1) % BINS) === score(best) && (last + 1) % BINS !== first) last = (last + 1) % BINS;
    const width = (last - first + BINS) % BINS;
    return normalizeAngle((first + width / 2) * BIN_WIDTH);
  }
}
