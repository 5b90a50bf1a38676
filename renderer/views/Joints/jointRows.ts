/**
 * @file The joint view's table (formats §4.2): per joint the requested and measured angle (degrees; hands in
 * percent), load (current, mA), temperature (°C) and stiffness (%), from decoded JointRequest and
 * JointSensorData. Sentinels read as words: 10000 "off", 20000 "ignore", stiffness −1 "default".
 */
import {
  Joint,
  JOINT_IGNORE,
  JOINT_OFF,
  STIFFNESS_DEFAULT,
} from '@robot-runtime/representations/Infrastructure/Joints';

/** One row, formatted. */
export interface JointRow {
  readonly joint: string;
  readonly request: string;
  readonly sensor: string;
  readonly load: string;
  readonly temperature: string;
  readonly stiffness: string;
}

/** Element `i` of an enum-indexed array, whether it arrived as an array or as a record keyed by joint name. */
function at(values: unknown, i: number): number | undefined {
  if (Array.isArray(values)) return typeof values[i] === 'number' ? values[i] : undefined;
  if (values && typeof values === 'object') {
    const v = (values as Record<string, unknown>)[Joint.names[i]!];
    return typeof v === 'number' ? v : undefined;
  }
  return undefined;
}

function isHand(name: string): boolean {
  return name === 'lHand' || name === 'rHand';
}

function angle(name: string, v: number | undefined): string {
  if (v === undefined) return '';
  if (v === JOINT_OFF) return 'off';
  if (v === JOINT_IGNORE) return 'ignore';
  return isHand(name) ? `${(v * 100).toFixed(0)} %` : `${((v * 180) / Math.PI).toFixed(1)}°`;
}

/** The rows for the latest request and sensor data (either may be missing). */
export function jointRows(request: unknown, sensor: unknown): JointRow[] {
  // B-Human's JointRequest keeps the stiffnesses in a StiffnessData record; older robots sent them directly.
  const r = (request ?? {}) as { angles?: unknown; stiffnessData?: { stiffnesses?: unknown }; stiffnesses?: unknown };
  const s = (sensor ?? {}) as { angles?: unknown; currents?: unknown; temperatures?: unknown };
  return Joint.names.map((joint, i) => {
    const stiffness = at(r.stiffnessData?.stiffnesses ?? r.stiffnesses, i);
    const load = at(s.currents, i);
    const temperature = at(s.temperatures, i);
    return {
      joint,
      request: angle(joint, at(r.angles, i)),
      sensor: angle(joint, at(s.angles, i)),
      load: load === undefined ? '' : `${load} mA`,
      temperature: temperature === undefined ? '' : `${temperature} °C`,
      stiffness: stiffness === undefined ? '' : stiffness === STIFFNESS_DEFAULT ? 'default' : `${stiffness} %`,
    };
  });
}
