/**
 * @file Joint angles with their names as `foxglove.JointStates`, one channel per kind of value: measured angles
 * (JointSensorData) on `/joints/measured`, commanded angles (JointRequest) on `/joints/target`. Joints without a
 * value (a switched-off or ignored motor in a request, an unmeasured joint) are left out of that message.
 */
import { JOINT_IGNORE, JOINT_OFF, Joint } from '@robot-runtime/representations/Infrastructure/Joints';
import type { JointRequest } from '@robot-runtime/representations/Infrastructure/JointRequest';
import type { JointSensorData } from '@robot-runtime/representations/Infrastructure/JointSensorData';
import type { ChannelWriter, ExportContext, ExportFrame } from './ChannelWriter';
import { foxgloveJsonSchema } from './foxgloveSchemas';
import type { FoxgloveTime, McapSchema } from './McapSink';

const JOINT_STATES: McapSchema = { name: 'foxglove.JointStates', json: foxgloveJsonSchema('JointStates') };

/** A JointStates message of `angles` (B-Human joint order), without the joints that carry no angle. */
export function jointStates(
  stamp: FoxgloveTime,
  angles: readonly number[],
): { timestamp: FoxgloveTime; joints: { name: string; position: number }[] } {
  const joints: { name: string; position: number }[] = [];
  angles.forEach((position, i) => {
    const name = Joint.names[i];
    if (name !== undefined && position !== JOINT_OFF && position !== JOINT_IGNORE && Number.isFinite(position))
      joints.push({ name, position });
  });
  return { timestamp: stamp, joints };
}

/** Measured and target joint angles. */
export class JointWriter implements ChannelWriter {
  async frame(f: ExportFrame, context: ExportContext): Promise<void> {
    const measured = f.representation<JointSensorData>('JointSensorData');
    if (measured)
      await context.sink.write('/joints/measured', JOINT_STATES, jointStates(f.stamp, measured.angles), f.time);
    const target = f.representation<JointRequest>('JointRequest');
    if (target) await context.sink.write('/joints/target', JOINT_STATES, jointStates(f.stamp, target.angles), f.time);
  }
}
