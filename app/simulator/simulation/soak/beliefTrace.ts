/**
 * @file One robot's self-localization frame by frame next to the truth, for tracing a belief violation of a
 * whole game (`npm run soak -- --trace robot1 --from 520 --to 560`): per Cognition frame its estimate, the
 * estimate's standard deviations, the truth in the team frame, whether it lies fallen, and the field features it
 * saw (relative to it). A violation's time is the soak's simulated time, as the window's is.
 */
import { normalizeAngle } from '@robot-runtime/math/vec2';
import type { Pose2 } from '@robot-runtime/math/types';
import type { LandmarkPercept } from '@robot-runtime/representations/Perception/LandmarkPercept';
import { LandmarkType } from '@robot-runtime/representations/Perception/LandmarkPercept';
import type { RobotPose } from '@robot-runtime/representations/Modeling/RobotPose';
import type { Simulation } from '../Simulation';
import { toTeamFrame } from '../teamFrame';

const degrees = (rad: number): string => `${((normalizeAngle(rad) * 180) / Math.PI).toFixed(1)}°`;
const pose = (p: Pose2): string =>
  `(${p.translation.x.toFixed(0)}, ${p.translation.y.toFixed(0)}, ${degrees(p.rotation)})`;

/** Traces `robot` between `from` and `to` (simulated seconds). */
export class BeliefTrace {
  /** The RobotPose time stamp of the last frame traced: one line per Cognition frame. */
  private traced: number | undefined;

  constructor(
    readonly robot: string,
    readonly from: number,
    readonly to: number,
  ) {}

  /** The line of the robot's newest Cognition frame, if that is new and inside the window. */
  line(sim: Simulation): string | undefined {
    const seconds = sim.time / 1000;
    if (seconds < this.from || seconds > this.to) return undefined;
    const blackboard = sim.robot(this.robot)?.program.thread('Cognition')?.blackboard;
    const belief = blackboard?.get('RobotPose') as RobotPose | undefined;
    const truth = sim.worldState.robots.find((r) => r.name === this.robot);
    if (!belief || !truth || belief.timestamp === this.traced) return undefined;
    this.traced = belief.timestamp;
    const c = belief.covariance;
    const seen = ((blackboard!.get('LandmarkPercept') as LandmarkPercept | undefined)?.landmarks ?? []).map(
      (l) =>
        `${LandmarkType.names[l.type] ?? l.type} (${l.position.x.toFixed(0)}, ${l.position.y.toFixed(0)}` +
        `${l.hasOrientation ? `, ${degrees(l.orientation)}` : ''})`,
    );
    return (
      `t=${seconds.toFixed(2)} ${this.robot} belief ${pose(belief)} ` +
      `sd (${Math.sqrt(c[0]!).toFixed(0)}, ${Math.sqrt(c[4]!).toFixed(0)} mm, ${degrees(Math.sqrt(c[8]!))}) ` +
      `truth ${pose(toTeamFrame(truth.pose, truth.team !== sim.gc.defendsNegativeX))}` +
      `${truth.fallen ? ' fallen' : ''}${seen.length ? ` sees ${seen.join(', ')}` : ''}`
    );
  }
}
