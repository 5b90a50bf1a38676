import { defineRepresentation } from '../../core/representation';
import { defineEnum, field, t, type ValueOf } from '../../core/streamable';
import { Joint } from './Joints';

/** How hot a joint motor is, as the NAO reports it. */
export const TemperatureStatus = defineEnum('JointSensorData::TemperatureStatus', [
  'regular',
  'hot',
  'veryHot',
  'criticallyHot',
] as const);

/** The measured state of every joint, read once per Motion frame. */
export const JointSensorData = defineRepresentation(
  'JointSensorData',
  {
    angles: field(
      t.enumArray(Joint, t.angle),
      'Measured angle of each joint (rad); JOINT_OFF where a joint has no sensor.',
    ),
    timestamp: field(t.uint32, 'Time (ms) at which the angles were measured.'),
    currents: field(t.enumArray(Joint, t.int16), 'Electric current through each joint motor (mA).'),
    temperatures: field(t.enumArray(Joint, t.uint8), 'Temperature of each joint motor (degrees Celsius).'),
    status: field(
      t.enumArray(Joint, TemperatureStatus),
      'Temperature status of each joint motor as reported by the robot.',
    ),
  },
  { doc: 'Joint angles, currents, temperatures and temperature states measured by the robot.' },
);
export type JointSensorData = ValueOf<typeof JointSensorData>;
