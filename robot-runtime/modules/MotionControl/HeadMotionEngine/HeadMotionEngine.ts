/**
 * @file Head control of the Motion thread (docs/motion.md): looks at the ball while the BallModel has seen it
 * recently, scans left and right for it otherwise (looking down when it was lost at the feet). The commanded angles
 * never leave the NAO's head joint limits (pitch narrowed at large yaw, where the head would hit the shoulders) and
 * never move faster than the head speed.
 * While the automatic camera calibration records samples, the head goes where it asks instead.
 * It provides HeadAngles; the MotionCombinator puts them into the JointRequest while the motion leaves the head free.
 */
import { defineModule } from '@robot-runtime/core/module/defineModule';
import { defineParameters, field, t } from '@robot-runtime/core/streamable';
import { approach, clamp } from '@robot-runtime/math/scalar';
import { deg } from '@robot-runtime/math/vec2';
import { RobotDimensions } from '@robot-runtime/representations/Configuration/RobotDimensions';
import {
  CameraCalibrationState,
  CameraCalibrationStatus,
} from '@robot-runtime/representations/Configuration/CameraCalibrationStatus';
import { FrameInfo } from '@robot-runtime/representations/Infrastructure/FrameInfo';
import { BallModel } from '@robot-runtime/representations/Modeling/BallModel';
import { HeadAngles } from '@robot-runtime/representations/MotionControl/HeadAngles';

const Parameters = defineParameters('HeadMotionEngine', {
  maxYaw: field(t.angle, 'HeadYaw joint limit, both ways (rad); the NAO allows ±119.5°.', deg(119.5)),
  minPitch: field(t.angle, 'HeadPitch limit looking up (rad, negative); the NAO allows -38.5°.', deg(-38.5)),
  maxPitch: field(t.angle, 'HeadPitch limit looking down (rad); the NAO allows 29.5°.', deg(29.5)),
  fullPitchYaw: field(
    t.angle,
    'Up to this |yaw| (rad) the whole pitch range is allowed; beyond, it narrows linearly.',
    deg(45),
  ),
  narrowPitchYaw: field(
    t.angle,
    'From this |yaw| (rad) to maxYaw the pitch stays in narrowMinPitch..narrowMaxPitch.',
    deg(90),
  ),
  narrowMinPitch: field(
    t.angle,
    'Pitch limit looking up at large yaw (rad), where the head would hit the shoulder.',
    deg(-18),
  ),
  narrowMaxPitch: field(t.angle, 'Pitch limit looking down at large yaw (rad).', deg(11)),
  maxSpeed: field(
    t.float,
    'Fastest turn of each head joint while looking at the ball (rad/s); the motors reach ~8 rad/s unloaded.',
    3,
  ),
  scanSpeed: field(t.float, 'Turn speed of the head while scanning (rad/s), slow enough for sharp camera images.', 1.5),
  scanYaw: field(t.angle, 'Scanning turns the head to this yaw on either side (rad).', deg(90)),
  scanPitch: field(t.angle, 'Pitch while scanning (rad, positive looks down).', deg(15)),
  nearScanDistance: field(
    t.float,
    'A ball lost closer than this (mm, its last estimate) lies at the feet: the scan looks down (nearScanPitch).',
    500,
  ),
  nearScanPitch: field(
    t.angle,
    'Pitch while scanning for a ball lost at the feet (rad): the lower camera then sees the ground right at the ' +
      'feet, which it misses at scanPitch; the upper camera still sees from 0.3 to 3.7 m.',
    deg(29.5),
  ),
  ballLostTime: field(
    t.uint32,
    'The ball counts as lost when it was last seen longer ago than this (ms): the head scans.',
    1500,
  ),
  neckHeight: field(
    t.float,
    'Height of the head joints above the ground in the walk crouch (mm), for the tilt to the ball.',
    440,
  ),
});

export const HeadMotionEngine = defineModule({
  name: 'HeadMotionEngine',
  category: 'MotionControl',
  requires: [FrameInfo, RobotDimensions],
  uses: [BallModel, CameraCalibrationStatus],
  provides: [HeadAngles],
  parameters: Parameters,
}).implement(({ the, params, keep }) => {
  const kept = keep({
    pan: 0,
    tilt: 0,
    lastTime: undefined as number | undefined,
    /** Which side the scan turns to next (+1 left, -1 right). */
    scanSide: 1,
  });

  /** How far (0..1) a yaw is into the zone where the pitch range narrows. */
  const narrowing = (yaw: number): number => {
    const span = Math.max(params.narrowPitchYaw - params.fullPitchYaw, 1e-6);
    return clamp((Math.abs(yaw) - params.fullPitchYaw) / span, 0, 1);
  };
  const pitchRange = (yaw: number): [number, number] => {
    const n = narrowing(yaw);
    return [
      params.minPitch + (params.narrowMinPitch - params.minPitch) * n,
      params.maxPitch + (params.narrowMaxPitch - params.maxPitch) * n,
    ];
  };
  /** The largest |yaw| at which a pitch is still allowed (the inverse of pitchRange). */
  function yawRange(pitch: number): number {
    const span = params.narrowPitchYaw - params.fullPitchYaw;
    let n = 1;
    if (pitch > params.narrowMaxPitch) {
      n = (params.maxPitch - pitch) / Math.max(params.maxPitch - params.narrowMaxPitch, 1e-6);
    } else if (pitch < params.narrowMinPitch) {
      n = (pitch - params.minPitch) / Math.max(params.narrowMinPitch - params.minPitch, 1e-6);
    }
    return n >= 1 ? params.maxYaw : Math.min(params.maxYaw, params.fullPitchYaw + clamp(n, 0, 1) * span);
  }

  /**
   * Pan and tilt that centre the ball in a camera: the upper camera while the needed pitch is allowed, else the
   * lower one (tilted down further), which sees balls near the feet.
   */
  function lookAt(ball: { x: number; y: number }, radius: number): [number, number] {
    const targetPan = clamp(Math.atan2(ball.y, ball.x), -params.maxYaw, params.maxYaw);
    const below = Math.atan2(params.neckHeight - radius, Math.max(Math.hypot(ball.x, ball.y), 1));
    const dims = the.RobotDimensions;
    const upper = below - dims.upperCameraTilt;
    return [targetPan, upper <= pitchRange(targetPan)[1] ? upper : below - dims.lowerCameraTilt];
  }

  return {
    update: {
      HeadAngles(head) {
        const now = the.FrameInfo.time;
        const dt = kept.lastTime === undefined ? 0 : clamp((now - kept.lastTime) / 1000, 0, 0.1);
        kept.lastTime = now;
        const ball = the.BallModel;
        const seen =
          ball !== undefined && ball.timeWhenLastSeen > 0 && now - ball.timeWhenLastSeen <= params.ballLostTime;
        let targetPan: number;
        let targetTilt: number;
        const calibration = the.CameraCalibrationStatus;
        if (calibration?.state === CameraCalibrationState.recordSamples) {
          // The automatic camera calibration chooses where the cameras look.
          [targetPan, targetTilt] = [calibration.headPan, calibration.headTilt];
        } else if (seen) {
          [targetPan, targetTilt] = lookAt(ball.estimate.position, ball.estimate.radius);
          // A lost ball is searched for first on the side where it was last.
          kept.scanSide = targetPan >= 0 ? 1 : -1;
        } else {
          if (kept.scanSide * kept.pan >= params.scanYaw - 1e-3) kept.scanSide = -kept.scanSide;
          targetPan = kept.scanSide * params.scanYaw;
          // A ball pushed away unseen while walking into it lies at the feet, below a normal scan's images (traced:
          // a striker turned on the spot for 16 s next to the ball without seeing it).
          const atFeet =
            ball !== undefined &&
            ball.timeWhenLastSeen > 0 &&
            Math.hypot(ball.estimate.position.x, ball.estimate.position.y) < params.nearScanDistance;
          targetTilt = atFeet ? params.nearScanPitch : params.scanPitch;
        }
        targetPan = clamp(targetPan, -params.maxYaw, params.maxYaw);
        const step =
          (seen || calibration?.state === CameraCalibrationState.recordSamples
            ? params.maxSpeed
            : Math.min(params.scanSpeed, params.maxSpeed)) * dt;
        // Tilt first, to a pitch allowed both here and one step further toward the target pan (the range narrows
        // with |yaw|, so the wider |yaw| bounds both); then pan only as far as that pitch allows. So every frame's
        // angles lie within the limits and each joint moves at most `step`; the range narrows by less than one
        // step of tilt per step of pan, so the tilt keeps up and the pan never waits long.
        const nextPan = approach(kept.pan, targetPan, step);
        const [min, max] = pitchRange(Math.max(Math.abs(kept.pan), Math.abs(nextPan)));
        kept.tilt = clamp(approach(kept.tilt, clamp(targetTilt, min, max), step), ...pitchRange(kept.pan));
        const yawLimit = yawRange(kept.tilt);
        kept.pan = approach(kept.pan, clamp(targetPan, -yawLimit, yawLimit), step);
        head.pan = kept.pan;
        head.tilt = kept.tilt;
        head.targetPan = targetPan;
        head.targetTilt = targetTilt;
        head.tracksBall = seen;
      },
    },
  };
});
