/**
 * @file Which sideline a robot stands on when it comes back from a penalty. The referees put it on a sideline at
 * the height of its own penalty mark, facing the field: two poses that are mirror images of each other, which
 * neither the filter nor the heading search can tell apart. So for a while after the penalty, both poses follow
 * the odometry and every feature seen votes for the poses under which it fits an instance of its type; the pose
 * with clearly more votes wins (B-Human's self-locator keeps both as hypotheses for the same reason).
 */
import type { Pose2 } from '@robot-runtime/math/types';
import { poseCompose, poseToGlobal } from '@robot-runtime/math/vec2';
import type { FieldLandmark } from '@robot-runtime/representations/Configuration/FieldDimensions';
import type { SeenLandmark } from '@robot-runtime/representations/Perception/LandmarkPercept';
import { fitPeriod, fitsInstance } from './landmarkFit';

/** The two places a robot comes back to after a penalty: left sideline facing right, right sideline facing left. */
export function returnFromPenaltyPoses(field: { xPosOpponentPenaltyMark: number; yPosLeftSideline: number }): Pose2[] {
  return [1, -1].map((side) => ({
    rotation: (-side * Math.PI) / 2,
    translation: { x: -field.xPosOpponentPenaltyMark, y: side * field.yPosLeftSideline },
  }));
}

/** Votes between the two return poses. */
export class SidelineChoice {
  private poses: Pose2[];
  private readonly votes: number[];

  constructor(poses: readonly Pose2[]) {
    this.poses = poses.map((p) => ({ rotation: p.rotation, translation: { ...p.translation } }));
    this.votes = poses.map(() => 0);
  }

  /** Moves every candidate by the odometry step (robot frame). */
  move(offset: Pose2): void {
    this.poses = this.poses.map((p) => poseCompose(p, offset));
  }

  /** Every feature votes for each candidate it fits (see landmarkFit.ts), unless it fits all of them. */
  vote(
    landmarks: readonly SeenLandmark[],
    known: readonly FieldLandmark[],
    tolerance: (distance: number) => number,
    angleTolerance: number,
  ): void {
    for (const l of landmarks) {
      const tol = tolerance(Math.hypot(l.position.x, l.position.y));
      const period = fitPeriod(l);
      const fits = this.poses.map((p) => {
        const at = poseToGlobal(p, l.position);
        return fitsInstance(l, period, p.rotation, at.x, at.y, known, tol, angleTolerance);
      });
      if (fits.every(Boolean)) continue;
      fits.forEach((f, i) => {
        if (f) this.votes[i]!++;
      });
    }
  }

  /** The candidate with the most votes so far (the first on a tie). */
  leader(): Pose2 {
    let best = 0;
    for (let i = 1; i < this.poses.length; i++) if (this.votes[i]! > this.votes[best]!) best = i;
    return this.poses[best]!;
  }

  /** The winner once it has `minVotes` and `margin` times every other's votes; otherwise undefined. */
  decided(minVotes: number, margin: number): Pose2 | undefined {
    const leader = this.leader();
    const top = this.votes[this.poses.indexOf(leader)]!;
    if (top < minVotes) return undefined;
    return this.votes.every((v, i) => this.poses[i] === leader || v * margin <= top) ? leader : undefined;
  }
}
