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
import { RepeatedJson, stamped } from './repeatedJson';

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

/** Measured and target joint angles (their JSON reused while the angles repeat). */
export class JointWriter implements ChannelWriter {
  private readonly json = new RepeatedJson();

  async frame(f: ExportFrame, context: ExportContext): Promise<void> {
    await this.write(f, context, '/joints/measured', 'JointSensorData');
    await this.write(f, context, '/joints/target', 'JointRequest');
  }

  private async write(f: ExportFrame, context: ExportContext, topic: string, representation: string): Promise<void> {
    const { sink } = context;
    if (sink.encoding !== 'json') {
      // Protobuf (the HumanoidDataset profile) is written from the value.
      const value = f.representation<JointSensorData | JointRequest>(representation);
      if (value) await sink.write(topic, JOINT_STATES, jointStates(f.stamp, value.angles), f.time);
      return;
    }
    const json = this.json.of<JointSensorData | JointRequest>(f, topic, representation, (v, stamp) =>
      jointStates(stamp, v.angles),
    );
    if (json) await sink.writeJson(topic, JOINT_STATES, stamped(json, f.stamp), f.time);
  }
}
