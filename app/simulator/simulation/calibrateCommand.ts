/**
 * @file `cal [save]` (Pitchside's robot command): `cal` starts the selected simulated robot's automatic camera
 * calibration (the AutomaticCameraCalibrator module, through its debug request, as one would on a NAO), which moves
 * the head through B-Human's ten positions, finds line points in its own camera images and solves for the
 * corrections while the simulation runs; `cal save` writes what it found where the robot reads it,
 * Robots/Nao/Nao/ (the simulator's robots have head and body Nao) under the simulation's config root, read when
 * the scene loads again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { deg } from '@robot-runtime/math/vec2';
import { writeTyped } from '@robot-runtime/protocol/configMap/writeTyped';
import { encodeDebugRequest } from '@robot-runtime/protocol/debugMessages';
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import { CameraCalibration } from '@robot-runtime/representations/Configuration/CameraCalibration';
import {
  CameraCalibrationState,
  type CameraCalibrationStatus,
} from '@robot-runtime/representations/Configuration/CameraCalibrationStatus';
import type { CommandArgs } from '@app/ipc/consoleLine';
import { noMore } from './commandArguments';
import { fail, type SimulationCommandResult } from './commandResult';
import type { CommandedSimulation } from './commands';

/** Where `cal save` writes, relative to the config root. */
export const SIMULATED_CALIBRATION_FILE = 'Robots/Nao/Nao/cameraCalibration.cfg';

/** The debug request that starts the calibration on a robot (`dr module:AutomaticCameraCalibrator:start`). */
export const START_CALIBRATION_REQUEST = 'module:AutomaticCameraCalibrator:start';

/** The thread the calibrator runs in. */
const CALIBRATOR_THREAD = 'Cognition';

const USAGE = 'cal [save]';

/** One line on what the calibration found. */
function describe(name: string, status: CameraCalibrationStatus): string {
  const [upper, lower] = status.calibration.cameraRotationCorrections;
  const body = status.calibration.bodyRotationCorrection;
  const d = (v: number): string => `${(v / deg(1)).toFixed(2)}°`;
  return (
    `Note: ${name}: upper camera roll ${d(upper!.x)} tilt ${d(upper!.y)}, lower roll ${d(lower!.x)} tilt ` +
    `${d(lower!.y)}, body roll ${d(body.x)} tilt ${d(body.y)} (${status.inliers} of ${status.points} line points ` +
    `from ${status.samples} images, ${status.rmsBefore.toFixed(0)} mm → ${status.rmsAfter.toFixed(0)} mm off their lines)`
  );
}

/** Runs `cal [save]` for robot `name`; answers a note. */
export function calibrateCommand(sim: CommandedSimulation, name: string, args: CommandArgs): SimulationCommandResult {
  const save = args.accept('save');
  noMore(args, USAGE);
  const thread = sim.robot(name)?.program.thread(CALIBRATOR_THREAD);
  if (!thread) fail('notSimulated', `${name} is not a simulated robot with a ${CALIBRATOR_THREAD} thread`);
  const status = thread.blackboard.get('CameraCalibrationStatus') as CameraCalibrationStatus | undefined;
  if (!status) fail('refused', `${name} runs no AutomaticCameraCalibrator (CameraCalibrationStatus in threads.cfg)`);
  if (!save) {
    thread.debugger.handle({
      id: MessageID.idDebugRequest,
      payload: encodeDebugRequest({ name: START_CALIBRATION_REQUEST, enable: true }),
    });
    return {
      kind: 'note',
      text:
        `Note: ${name}: automatic camera calibration started (ten head positions, then the optimisation; ` +
        '`get representation:CameraCalibrationStatus` shows its state); cal save writes the result',
    };
  }
  if (!status.hasResult)
    fail('refused', `${name}: the calibration has no result yet (state ${CameraCalibrationState.names[status.state]})`);
  const file = path.join(sim.configRoot, SIMULATED_CALIBRATION_FILE);
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, writeTyped(CameraCalibration, status.calibration));
  } catch (error) {
    fail('writeFailed', `Error: cannot write ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { kind: 'note', text: `${describe(name, status)}; saved to ${file} (read when the scene is loaded again)` };
}
