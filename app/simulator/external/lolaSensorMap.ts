/**
 * @file The sensor map an external robot's program receives every LoLA cycle, as a NAO V6 sends it (formats §9.2):
 * a fixmap of 13 entries in the NAO's key order, float32 arrays in LoLA's joint order, `Status` as positive
 * fixints, `RobotConfig` as four strings (body id, body version, head id, head version). Encoded with
 * @msgpack/msgpack, one value at a time, because one map mixes float32 arrays with integer ones.
 */
import { Encoder } from '@msgpack/msgpack';
import { LOLA_TO_JOINT, NUM_LOLA_JOINTS } from '@robot-runtime/hosts/robot/lola/lolaNames';
import type { SensorFrameWithFsr } from '@robot-runtime/representations/Sensing/SensorFrame';

/** What the simulator knows about one robot for one cycle besides the measurements. */
export interface SensorExtras {
  /** Stiffness (0..1) per LoLA joint, as last commanded. */
  stiffness: ArrayLike<number>;
  /** Touch sensors (14, formats §9.2 order; 1 = pressed). */
  touch?: ArrayLike<number>;
}

/** The four strings of RobotConfig. */
export interface RobotConfigStrings {
  bodyId: string;
  headId: string;
}

/** LoLA's software version reported in RobotConfig (a NAO V6 with NAOqi 2.8 says 6.0.0). */
const VERSION = '6.0.0';
/** A charged battery that is not charging: charge, status, current (A), temperature (°C). */
const BATTERY = [1, 0, -1.2, 30];
/** Sonar distances (m) of a NAO that sees nothing in front (the sensors' maximum). */
const SONAR = [5, 5];

const floats = new Encoder({ forceFloat32: true, forceIntegerToFloat: true });
const plain = new Encoder();
const NO_TOUCH = new Array<number>(14).fill(0);

/** Encodes one cycle's sensor map. */
export function encodeSensorMap(m: SensorFrameWithFsr, extras: SensorExtras, ids: RobotConfigStrings): Uint8Array {
  const joints = m.JointSensorData;
  const perJoint = (values: readonly number[], scale = 1): number[] => {
    const out = new Array<number>(NUM_LOLA_JOINTS);
    for (let l = 0; l < NUM_LOLA_JOINTS; l++) out[l] = (values[LOLA_TO_JOINT[l]!] ?? 0) * scale;
    return out;
  };
  const acc = m.InertialData.acc;
  const gyro = m.InertialData.gyro;
  const fsr = m.FsrSensorData?.pressures ?? [
    [0, 0, 0, 0],
    [0, 0, 0, 0],
  ];
  const parts: Uint8Array[] = [Uint8Array.of(0x80 | 13)];
  const entry = (key: string, value: unknown, encoder = floats): void => {
    parts.push(plain.encode(key), encoder.encode(value));
  };
  entry('RobotConfig', [ids.bodyId, VERSION, ids.headId, VERSION], plain);
  // LoLA's accelerometer points the other way than the physics' (B-Human negates what it reads).
  entry('Accelerometer', [-acc.x, -acc.y, -acc.z]);
  entry('Angles', [m.InertialData.angle.x, m.InertialData.angle.y]);
  entry('Battery', BATTERY);
  // LoLA reports amperes; the simulator measures mA.
  entry('Current', perJoint(joints.currents, 0.001));
  entry('FSR', [...fsr[0]!, ...fsr[1]!]);
  entry('Gyroscope', [gyro.x, gyro.y, gyro.z]);
  entry('Position', perJoint(joints.angles));
  entry('Sonar', SONAR);
  entry('Stiffness', Array.from(extras.stiffness));
  entry('Temperature', perJoint(joints.temperatures));
  entry('Touch', Array.from(extras.touch ?? NO_TOUCH));
  entry(
    'Status',
    perJoint(joints.status).map((s) => Math.max(0, Math.min(3, Math.round(s)))),
    plain,
  );
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
