/**
 * @file `cal [save]` (Pitchside's robot command): runs the automatic camera calibration for the selected simulated
 * robot where it stands, from what its cameras (the scene's mount) see of the field lines at B-Human's ten head
 * positions, and says what it found; `save` writes the result where the robot reads it, Robots/Nao/Nao/ (the
 * simulator's robots have head and body Nao) under the simulation's config root, read when the scene loads again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { seededRandom } from '@robot-runtime/math/SeededRandom';
import { deg } from '@robot-runtime/math/vec2';
import { writeTyped } from '@robot-runtime/protocol/configMap/writeTyped';
import { calibrateCameras, straightFieldLines } from '@robot-runtime/representations/Configuration/calibrateCameras';
import { CameraCalibration } from '@robot-runtime/representations/Configuration/CameraCalibration';
import { FieldDimensions } from '@robot-runtime/representations/Configuration/FieldDimensions';
import { RobotDimensions } from '@robot-runtime/representations/Configuration/RobotDimensions';
import { simulatedCalibrationSamples } from '../camera/calibrationSamples';
import type { CommandArgs } from '@app/ipc/consoleLine';
import { noMore } from './commandArguments';
import { fail, type SimulationCommandResult } from './commandResult';
import type { CommandedSimulation } from './commands';

/** Where `cal save` writes, relative to the config root. */
export const SIMULATED_CALIBRATION_FILE = 'Robots/Nao/Nao/cameraCalibration.cfg';

const USAGE = 'cal [save]';

/** Runs `cal [save]` for robot `name`; answers what it found as a note. */
export function calibrateCommand(sim: CommandedSimulation, name: string, args: CommandArgs): SimulationCommandResult {
  const save = args.accept('save');
  noMore(args, USAGE);
  const robot = sim.robot(name);
  const truth = sim.worldState.robots.find((r) => r.name === name);
  if (!robot || !truth) fail('notSimulated', `${name} is not a simulated robot`);
  // The SPL field's lines are symmetric, so field and team frame give the same lines.
  const lines = straightFieldLines(FieldDimensions.defaultValue());
  const samples = simulatedCalibrationSamples(robot.def, truth.pose, lines, seededRandom(1));
  const result = calibrateCameras(samples, lines, RobotDimensions.defaultValue(), CameraCalibration.defaultValue());
  const [upper, lower] = result.calibration.cameraRotationCorrections;
  const body = result.calibration.bodyRotationCorrection;
  const d = (v: number): string => `${(v / deg(1)).toFixed(2)}°`;
  const summary =
    `Note: ${name}: upper camera roll ${d(upper!.x)} tilt ${d(upper!.y)}, lower roll ${d(lower!.x)} tilt ` +
    `${d(lower!.y)}, body roll ${d(body.x)} tilt ${d(body.y)} (line points ${result.rmsBefore.toFixed(0)} mm → ` +
    `${result.rmsAfter.toFixed(0)} mm off their lines)`;
  if (!save) return { kind: 'note', text: `${summary}; cal save writes it to ${SIMULATED_CALIBRATION_FILE}` };
  const file = path.join(sim.configRoot, SIMULATED_CALIBRATION_FILE);
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, writeTyped(CameraCalibration, result.calibration));
  } catch (error) {
    fail('writeFailed', `Error: cannot write ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { kind: 'note', text: `${summary}; saved to ${file} (read when the scene is loaded again)` };
}
