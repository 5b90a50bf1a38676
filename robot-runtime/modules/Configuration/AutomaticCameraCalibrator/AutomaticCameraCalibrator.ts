/**
 * @file B-Human's automatic camera calibration, on the robot: started by the debug request
 * `module:AutomaticCameraCalibrator:start` (the simulator's `cal` sends it), it asks the head control for
 * B-Human's ten head positions one after the other, and at each, once the head has stood still for
 * `settleTime`, records the line points that camera's images show (FieldLinePoints, from the Upper or Lower
 * thread). Then it matches the points to the field's lines from the calibration place, where the robot is assumed
 * to stand (B-Human's behaviour walks there first; here the robot must be put there), optimises the six
 * corrections (calibrateFromLinePoints.ts) and reports them in CameraCalibrationStatus (back in state `idle`, with
 * `hasResult`), which makes the CameraCalibrationProvider of both camera threads use them.
 * The optimisation runs in one frame (seconds for a few thousand points; B-Human spreads its Gauss-Newton over
 * frames): the robot stands still meanwhile.
 */
import { defineModule } from '@robot-runtime/core/module/defineModule';
import { copyInPlace, defineParameters, field, t } from '@robot-runtime/core/streamable';
import { deg } from '@robot-runtime/math/vec2';
import {
  CALIBRATION_HEAD_POSITIONS,
  calibrationPlace,
  straightFieldLines,
} from '@robot-runtime/representations/Configuration/calibrateCameras';
import {
  calibrateFromLinePoints,
  type DetectedSample,
  type LinePointCalibration,
} from '@robot-runtime/representations/Configuration/calibrateFromLinePoints';
import { CameraCalibration } from '@robot-runtime/representations/Configuration/CameraCalibration';
import {
  CameraCalibrationState,
  CameraCalibrationStatus,
} from '@robot-runtime/representations/Configuration/CameraCalibrationStatus';
import { FieldDimensions } from '@robot-runtime/representations/Configuration/FieldDimensions';
import { RobotDimensions } from '@robot-runtime/representations/Configuration/RobotDimensions';
import { FrameInfo } from '@robot-runtime/representations/Infrastructure/FrameInfo';
import { Joint } from '@robot-runtime/representations/Infrastructure/Joints';
import { FieldLinePoints } from '@robot-runtime/representations/Perception/FieldLinePoints';

const Parameters = defineParameters('AutomaticCameraCalibrator', {
  settleTime: field(
    t.uint32,
    'Time (ms) the head must have stood still at a position before its images are recorded (B-Human waits ' +
      '3000 ms on a NAO, where the head sways after moving; the simulated head does not).',
    400,
  ),
  imagesPerPosition: field(t.int32, 'Images recorded at each head position.', 3),
  yawTolerance: field(
    t.angle,
    'The head counts as at a position when its yaw is this close to the wanted one.',
    deg(2),
  ),
  stillTolerance: field(t.angle, 'The head stands still while its angles change less than this between images.', 0.003),
  minMatchedRatio: field(
    t.float,
    'A result is used only when at least this share of the line points matched a field line (1512 of 2076 in the ' +
      'simulator at the calibration place).',
    0.3,
  ),
  maxPositionTime: field(
    t.uint32,
    'A position the head does not reach within this time (ms) is recorded where the head stands still.',
    4000,
  ),
});

export const AutomaticCameraCalibrator = defineModule({
  name: 'AutomaticCameraCalibrator',
  category: 'Configuration',
  requires: [FrameInfo, FieldDimensions, RobotDimensions, FieldLinePoints, CameraCalibration],
  provides: [CameraCalibrationStatus],
  parameters: Parameters,
}).implement(({ the, params, debug, keep }) => {
  const kept = keep({
    state: CameraCalibrationState.idle as number,
    position: 0,
    positionSince: 0,
    stillSince: undefined as number | undefined,
    last: undefined as { time: number; yaw: number; pitch: number } | undefined,
    recorded: 0,
    samples: [] as DetectedSample[],
    result: undefined as LinePointCalibration | undefined,
  });

  function start(): void {
    Object.assign(kept, {
      state: CameraCalibrationState.recordSamples,
      position: 0,
      positionSince: the.FrameInfo.time,
      stillSince: undefined,
      last: undefined,
      recorded: 0,
      samples: [],
      result: undefined,
    });
    debug.text('AutomaticCameraCalibrator: recording line points at ten head positions');
  }

  /** Records the current percept when it is of the wanted camera and the head has settled at the position. */
  function record(): void {
    const wanted = CALIBRATION_HEAD_POSITIONS[kept.position]!;
    const p = the.FieldLinePoints;
    const now = the.FrameInfo.time;
    if (p.time === 0 || p.camera !== wanted.camera || p.time === kept.last?.time) return;
    const yaw = p.jointAngles[Joint.headYaw]!;
    const pitch = p.jointAngles[Joint.headPitch]!;
    const still =
      kept.last !== undefined &&
      Math.abs(yaw - kept.last.yaw) < params.stillTolerance &&
      Math.abs(pitch - kept.last.pitch) < params.stillTolerance;
    kept.last = { time: p.time, yaw, pitch };
    const there = Math.abs(yaw - wanted.yaw) < params.yawTolerance || now - kept.positionSince > params.maxPositionTime;
    if (!still || !there) {
      kept.stillSince = undefined;
      return;
    }
    kept.stillSince ??= now;
    if (now - kept.stillSince < params.settleTime) return;
    kept.samples.push({
      camera: wanted.camera,
      intrinsics: {
        opticalCenter: { ...p.opticalCenter },
        focalLength: p.focalLength,
        focalLengthHeight: p.focalLengthHeight,
      },
      jointAngles: [...p.jointAngles],
      torso: { roll: p.torso.x, pitch: p.torso.y },
      robotPose: calibrationPlace(the.FieldDimensions),
      points: p.points.map((q) => ({ pixel: { ...q.pixel }, direction: q.direction })),
    });
    if (++kept.recorded < params.imagesPerPosition) return;
    Object.assign(kept, { position: kept.position + 1, positionSince: now, stillSince: undefined, recorded: 0 });
    if (kept.position >= CALIBRATION_HEAD_POSITIONS.length) kept.state = CameraCalibrationState.optimize;
  }

  function solve(): void {
    kept.state = CameraCalibrationState.idle;
    const lines = straightFieldLines(the.FieldDimensions);
    const result = calibrateFromLinePoints(kept.samples, lines, the.RobotDimensions, the.CameraCalibration);
    if (result.inliers < params.minMatchedRatio * result.points || result.inliers === 0) {
      // Not the field seen from the calibration place: a result from a few stray points would do harm.
      debug.text(
        `AutomaticCameraCalibrator: not used: only ${result.inliers} of ${result.points} line points lie near a ` +
          'field line (does the robot stand at the calibration place?)',
      );
      return;
    }
    kept.result = result;
    const d = (v: number): string => (v / deg(1)).toFixed(2);
    const [upper, lower] = result.calibration.cameraRotationCorrections;
    const body = result.calibration.bodyRotationCorrection;
    debug.text(
      `AutomaticCameraCalibrator: upper roll ${d(upper!.x)}° tilt ${d(upper!.y)}°, lower roll ${d(lower!.x)}° ` +
        `tilt ${d(lower!.y)}°, body roll ${d(body.x)}° tilt ${d(body.y)}° from ${result.inliers} of ` +
        `${result.points} points (${result.rmsBefore.toFixed(0)} mm -> ${result.rmsAfter.toFixed(0)} mm off their lines)`,
    );
  }

  return {
    update: {
      CameraCalibrationStatus(status) {
        debug.response('module:AutomaticCameraCalibrator:start', start, { once: true });
        // The frame after the last image reports `optimize`, the next solves, so that a viewer sees the state.
        if (kept.state === CameraCalibrationState.optimize) solve();
        else if (kept.state === CameraCalibrationState.recordSamples) record();
        status.state = kept.state;
        status.hasResult = kept.result !== undefined;
        status.samples = kept.samples.length;
        status.points = kept.samples.reduce((n, s) => n + s.points.length, 0);
        const wanted = CALIBRATION_HEAD_POSITIONS[Math.min(kept.position, CALIBRATION_HEAD_POSITIONS.length - 1)]!;
        status.position = kept.position;
        status.camera = wanted.camera;
        status.headPan = wanted.yaw;
        status.headTilt = wanted.pitch;
        const result = kept.result;
        if (!result) return;
        status.calibration = copyInPlace(status.calibration, result.calibration) as typeof status.calibration;
        status.inliers = result.inliers;
        status.rmsBefore = result.rmsBefore;
        status.rmsAfter = result.rmsAfter;
      },
    },
  };
});
