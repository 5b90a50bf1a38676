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
import { InputTexts } from './primitiveTexts';

const JOINT_STATES: McapSchema = { name: 'foxglove.JointStates', json: foxgloveJsonSchema('JointStates') };

/** Whether a joint's value is an angle (not switched off, ignored or not a number). */
const carriesAngle = (position: number): boolean =>
  position !== JOINT_OFF && position !== JOINT_IGNORE && Number.isFinite(position);

/** A JointStates message of `angles` (B-Human joint order), without the joints that carry no angle. */
export function jointStates(
  stamp: FoxgloveTime,
  angles: readonly number[],
): { timestamp: FoxgloveTime; joints: { name: string; position: number }[] } {
  const joints: { name: string; position: number }[] = [];
  angles.forEach((position, i) => {
    const name = Joint.names[i];
    if (name !== undefined && carriesAngle(position)) joints.push({ name, position });
  });
  return { timestamp: stamp, joints };
}

/** The start of each joint's JSON in a JointStates message, by B-Human joint index. */
const JOINT_JSON_STARTS = Joint.names.map((name) => `{"name":${JSON.stringify(name)},"position":`);

/**
 * The JSON of `jointStates(stamp, angles)` after its time stamp, written by hand: the angles change in every frame,
 * and JSON.stringify of the message's objects was a tenth of an export. A number's text is the same either way.
 */
export function jointStatesTail(angles: readonly number[]): string {
  // Joined once: a flat string (see lineJson).
  const parts = [',"joints":['];
  for (let i = 0; i < angles.length; i++) {
    const position = angles[i]!;
    const start = JOINT_JSON_STARTS[i];
    if (start === undefined || !carriesAngle(position)) continue;
    parts.push(parts.length > 1 ? `,${start}` : start, `${position}}`);
  }
  parts.push(']}');
  return parts.join('');
}

/** Measured and target joint angles (their JSON reused while the angles repeat). */
export class JointWriter implements ChannelWriter {
  private readonly texts = new InputTexts();

  frame(f: ExportFrame, context: ExportContext): void {
    this.write(f, context, '/joints/measured', 'JointSensorData');
    this.write(f, context, '/joints/target', 'JointRequest');
  }

  private write(f: ExportFrame, context: ExportContext, topic: string, representation: string): void {
    const { sink } = context;
    if (sink.encoding !== 'json') {
      // Protobuf (the HumanoidDataset profile) is written from the value.
      const value = f.representation<JointSensorData | JointRequest>(representation);
      if (value) sink.write(topic, JOINT_STATES, jointStates(f.stamp, value.angles), f.time);
      return;
    }
    const value = f.representation<JointSensorData | JointRequest>(representation);
    if (!value) return;
    const inputs = this.texts.nextInputs();
    for (const angle of value.angles) inputs.add(angle);
    const tail = this.texts.json(topic, () => jointStatesTail(value.angles));
    sink.writeJson(topic, JOINT_STATES, ['{"timestamp":', JSON.stringify(f.stamp), tail], f.time);
  }
}
