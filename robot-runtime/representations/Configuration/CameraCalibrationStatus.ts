import { defineRepresentation } from '../../core/representation';
import { defineClass, defineEnum, field, t, type ValueOf } from '../../core/streamable';
import { Camera } from '../Infrastructure/CameraInfo';
import { cameraCalibrationFields } from './CameraCalibration';

/** B-Human's states of the automatic camera calibration (its constants, so logs and `set` convert by name). */
export const CameraCalibrationState = defineEnum('CameraCalibrationStatus::State', [
  'idle',
  'recordSamples',
  'optimize',
] as const);

/** The corrections, laid out as CameraCalibration's fields. */
const FoundCalibration = defineClass('CameraCalibrationStatus::Calibration', cameraCalibrationFields);

/**
 * What the automatic camera calibration is doing: where it wants the head while it records line points, and the
 * corrections it found. The head control follows `headPan`/`headTilt` while recording; the camera calibration
 * provider adopts `calibration` once `hasResult` is set.
 */
export const CameraCalibrationStatus = defineRepresentation(
  'CameraCalibrationStatus',
  {
    state: field(CameraCalibrationState, 'What the calibration is doing.'),
    camera: field(Camera, 'While recording: the camera whose images are sampled at this head position.'),
    headPan: field(t.angle, 'While recording: the head yaw the calibration wants (rad).'),
    headTilt: field(t.angle, 'While recording: the head pitch the calibration wants (rad, positive looks down).'),
    position: field(t.int32, 'While recording: index of the head position being sampled.'),
    samples: field(t.int32, 'Images recorded so far.'),
    points: field(t.int32, 'Line points recorded so far.'),
    hasResult: field(
      t.bool,
      'True once an optimisation finished: `calibration` and the figures below hold its result.',
    ),
    inliers: field(t.int32, 'Once done: points matched to a field line and used by the optimisation.'),
    rmsBefore: field(t.float, 'Once done: root mean square distance (mm) of the used points to their lines before.'),
    rmsAfter: field(t.float, '… and with the corrections found (mm).'),
    calibration: field(FoundCalibration, 'Once done: the corrections found (rad).'),
  },
  { doc: 'State and result of the automatic camera calibration.' },
);
export type CameraCalibrationStatus = ValueOf<typeof CameraCalibrationStatus>;
