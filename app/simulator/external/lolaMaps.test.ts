import { decode } from '@msgpack/msgpack';
import { describe, expect, it } from 'vitest';
import { ActuatorPacket } from '@robot-runtime/hosts/robot/lola/ActuatorPacket';
import { sensorFrame } from '@robot-runtime/hosts/robot/lola/jointMapping';
import { LOLA_JOINTS } from '@robot-runtime/hosts/robot/lola/lolaNames';
import { SENSOR_VECTOR_SIZE, SensorReader } from '@robot-runtime/hosts/robot/lola/SensorLayout';
import { Joint, numOfJoints } from '@robot-runtime/representations/Infrastructure/Joints';
import type { SensorFrameWithFsr } from '@robot-runtime/representations/Sensing/SensorFrame';
import type { ActuatorMapError } from './lolaActuatorMap';
import { ActuatorStream, MAX_ACTUATOR_MAP_BYTES, parseActuatorMap } from './lolaActuatorMap';
import { encodeSensorMap } from './lolaSensorMap';

/** Joint j measures j / 100 rad, so each value is recognizable after the order mapping. */
const measured: SensorFrameWithFsr = {
  JointSensorData: {
    angles: Array.from({ length: numOfJoints }, (_, j) => j / 100),
    timestamp: 0,
    currents: Array.from({ length: numOfJoints }, (_, j) => 10 * j),
    temperatures: Array.from({ length: numOfJoints }, (_, j) => 30 + j),
    status: Array.from({ length: numOfJoints }, (_, j) => j % 4),
  },
  InertialData: {
    angle: { x: 0.1, y: -0.2, z: 0 },
    gyro: { x: 0.01, y: 0.02, z: 0.03 },
    acc: { x: 0.5, y: 0, z: 9.8 },
  },
  FsrSensorData: {
    pressures: [
      [1, 2, 3, 4],
      [5, 6, 7, 8],
    ],
    totals: [10, 26],
  },
};
const stiffness = Float32Array.from({ length: 25 }, () => 0.75);

describe('LoLA maps of external robots', () => {
  it('the sensor map has the NAO V6 encodings and reads back through the robot host’s LoLA reader', () => {
    const bytes = encodeSensorMap(measured, { stiffness }, { bodyId: 'b-id', headId: 'h-id' });
    expect(bytes[0]).toBe(0x8d); // fixmap of 13
    const map = decode(bytes) as Record<string, unknown>;
    expect(map.RobotConfig).toEqual(['b-id', '6.0.0', 'h-id', '6.0.0']);
    expect((map.Position as number[])[LOLA_JOINTS.indexOf('lKneePitch')]).toBeCloseTo(Joint.lKneePitch / 100, 6);
    expect(map.Status).toEqual(LOLA_JOINTS.map((name) => Joint.names.indexOf(name) % 4));
    // Every float is float32 (0xca), Status values are positive fixints.
    const position = bytes.indexOf(0xdc, Buffer.from(bytes).indexOf('Position'));
    expect(bytes[position + 3]).toBe(0xca);
    const reader = new SensorReader();
    const sensors = new Float64Array(SENSOR_VECTOR_SIZE);
    reader.read(bytes, sensors);
    expect(reader.strings.RobotConfig).toEqual(['b-id', '6.0.0', 'h-id', '6.0.0']);
    const frame = sensorFrame(sensors, 0);
    for (let j = 0; j < numOfJoints; j++) {
      if (j === Joint.waistYaw) continue;
      // rHipYawPitch is the lHipYawPitch motor on a NAO.
      const source = j === Joint.rHipYawPitch ? Joint.lHipYawPitch : j;
      expect(frame.JointSensorData.angles[j]).toBeCloseTo(source / 100, 6);
      expect(frame.JointSensorData.currents[j]).toBe(10 * source);
      expect(frame.JointSensorData.temperatures[j]).toBe(30 + source);
    }
    expect(frame.InertialData.acc.x).toBeCloseTo(0.5, 6);
    expect(frame.InertialData.acc.z).toBeCloseTo(9.8, 5);
    expect(frame.InertialData.angle.y).toBeCloseTo(-0.2, 6);
  });

  it('reads the robot host’s actuator packet, also cut anywhere and run together', () => {
    const packet = new ActuatorPacket();
    packet.setAll(Array.from({ length: 200 }, (_, i) => i / 1000));
    const values = parseActuatorMap(packet.bytes);
    expect(values.position![3]).toBeCloseTo(0.003, 6);
    expect(values.stiffness![0]).toBeCloseTo(0.025, 6);
    const stream = new ActuatorStream();
    const two = new Uint8Array(packet.bytes.length * 2);
    two.set(packet.bytes);
    two.set(packet.bytes, packet.bytes.length);
    const out = [
      ...stream.push(two.subarray(0, 7)),
      ...stream.push(two.subarray(7, 1500)),
      ...stream.push(two.subarray(1500)),
    ];
    expect(out.map((p) => p.length)).toEqual([packet.bytes.length, packet.bytes.length]);
  });

  it('refuses malformed maps and bounds what an unfinished one may hold', () => {
    const bad = (bytes: number[]): ActuatorMapError => {
      try {
        parseActuatorMap(Uint8Array.from(bytes));
      } catch (e) {
        return e as ActuatorMapError;
      }
      throw new Error('accepted');
    };
    expect(bad([0x93, 1, 2, 3]).message).toMatch(/not a map/);
    expect(bad([0x81, 0xa3, 0x46, 0x6f, 0x6f, 0x90]).message).toMatch(/unknown actuator key 'Foo'/);
    expect(bad([0x81, 0xa5, ...Buffer.from('Chest'), 0x92, 1, 2]).message).toMatch(/'Chest' must be an array of 3/);
    expect(bad([0x81, 0xa5, ...Buffer.from('Chest'), 0x93, 1, 2, 0xc0]).message).toMatch(/not a finite number/);
    // A str32 claiming 4 GB: refused from its header, nothing allocated.
    expect(bad([0x81, 0xdb, 0xff, 0xff, 0xff, 0xff]).fatal).toBe(false);
    const stream = new ActuatorStream();
    // An array32 header announcing 4 billion values: held until the limit, then refused as a whole.
    expect(
      stream.push(Uint8Array.from([0x81, 0xa8, ...Buffer.from('Position'), 0xdd, 0xff, 0xff, 0xff, 0xff])),
    ).toEqual([]);
    expect(() => stream.push(new Uint8Array(MAX_ACTUATOR_MAP_BYTES).fill(0xca))).toThrow(
      /without a complete actuator map/,
    );
    expect(() => new ActuatorStream().push(Uint8Array.of(0xc1))).toThrow(/0xc1 is not defined/);
  });
});
