/**
 * @file `--profile humanoid-dataset`: what the Nao Devils' HumanoidDataset asks of a recording. Its README wants
 * MCAP with Protobuf encoding; a JSON metadata record with the robot type (manufacturer, model, version), a
 * description of the joints (their number and a map from label to description), the primary task and whether
 * the robot was simulated (optional: location, team colour, algorithm); and per message a UNIX timestamp in
 * milliseconds, gyroscope (x, y, z), acceleration (x, y, z), orientation (x, y), current and target joint angles,
 * optionally compressed images with the camera intrinsics. This module writes exactly that: `/imu`
 * (`pitchside.Imu`), `/joints/measured` and `/joints/target` (`foxglove.JointStates`), `/<thread>/image` (PNG
 * `foxglove.CompressedImage`) with `/<thread>/calibration`, and the metadata record `humanoid_dataset`.
 */
import type { InertialData } from '@robot-runtime/representations/Sensing/InertialData';
import { Joint } from '@robot-runtime/representations/Infrastructure/Joints';
import type { ChannelWriter, ExportContext, ExportFrame, ExportLog } from './ChannelWriter';
import type { McapSchema } from './McapSink';

/** The name of the metadata record the dataset reads. */
export const HUMANOID_METADATA_NAME = 'humanoid_dataset';

const IMU: McapSchema = { name: 'pitchside.Imu', json: { title: 'pitchside.Imu', type: 'object' } };

/** What the user adds on the command line. */
export interface HumanoidDatasetOptions {
  /** Primary task (default soccer). */
  task?: string;
  /** RoboCup team colour, if known. */
  teamColor?: string;
}

/** "lShoulderPitch" → "left shoulder pitch". */
function describeJoint(name: string): string {
  const side =
    name.startsWith('l') && /[A-Z]/.test(name[1] ?? '')
      ? 'left '
      : name.startsWith('r') && /[A-Z]/.test(name[1] ?? '')
        ? 'right '
        : '';
  const rest = side ? name.slice(1) : name;
  return (
    side +
    rest
      .replace(/([A-Z])/g, ' $1')
      .trim()
      .toLowerCase()
  );
}

/** The dataset's metadata as one JSON document. */
export function humanoidMetadata(log: ExportLog, options: HumanoidDatasetOptions): Record<string, unknown> {
  const joints: Record<string, string> = {};
  for (const name of Joint.names)
    joints[name] = `${describeJoint(name)} (rad)${name === 'waistYaw' ? '; not present on a NAO' : ''}`;
  return {
    robot_type: { manufacturer: 'Aldebaran', model: 'NAO', version: 'V6' },
    joint_description: { number_of_joints: Joint.names.length, joints },
    task: options.task ?? 'soccer',
    simulated: log.simulated,
    location: log.settings?.location ?? '',
    team_color: options.teamColor ?? '',
    algorithm: 'B-Human-style framework (Pitchside)',
    robot: {
      head: log.settings?.headName ?? '',
      body: log.settings?.bodyName ?? '',
      player_number: log.settings?.playerNumber ?? 0,
    },
  };
}

/** Writes the dataset's metadata record: the whole document under `json`, and each top-level entry as text. */
export async function writeHumanoidMetadata(context: ExportContext, options: HumanoidDatasetOptions): Promise<void> {
  const document = humanoidMetadata(context.log, options);
  const entries: Record<string, string> = { json: JSON.stringify(document) };
  for (const [k, v] of Object.entries(document)) entries[k] = typeof v === 'string' ? v : JSON.stringify(v);
  context.sink.metadata(HUMANOID_METADATA_NAME, entries);
}

/** IMU samples: gyroscope, accelerometer and orientation with the UNIX time in milliseconds. */
export class ImuWriter implements ChannelWriter {
  frame(f: ExportFrame, context: ExportContext): void {
    const imu = f.representation<InertialData>('InertialData');
    if (!imu) return;
    context.sink.write(
      '/imu',
      IMU,
      {
        timestamp: f.stamp,
        unix_time_ms: Number(f.time / 1_000_000n),
        gyro_x: imu.gyro.x,
        gyro_y: imu.gyro.y,
        gyro_z: imu.gyro.z,
        acc_x: imu.acc.x,
        acc_y: imu.acc.y,
        acc_z: imu.acc.z,
        orientation_x: imu.angle.x,
        orientation_y: imu.angle.y,
      },
      f.time,
    );
  }
}
