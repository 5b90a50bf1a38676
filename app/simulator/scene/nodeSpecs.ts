/**
 * Typed descriptions of instantiated elements that a physics builder or renderer reads directly: motors, mass
 * inertias, surfaces, sensors, lights and user inputs, all in SI units.
 */
import type { Vec3 } from '@robot-runtime/math/types';
import { color, failAt, quantity, text } from './attributes';
import type { SceneElement } from './instantiate';
import type { InertiaTensor, LightSpec, MotorSpec, SensorSpec, SurfaceSpec, UserInputSpec } from './sceneGraph';
import { parseQuantity, type Quantity } from './units';

/** SimRobot's default maximum range of distance sensors (m). */
export const DEFAULT_MAX_DISTANCE = 999999;

/** The typed motor of an `Axis` child; hinge quantities are angular, slider quantities linear. */
export function motorSpec(m: SceneElement, jointType: 'hinge' | 'slider'): MotorSpec {
  const velocityKind: Quantity = jointType === 'hinge' ? 'angularVelocity' : 'velocity';
  const maxVelocity = (): number => {
    const raw = text(m, 'maxVelocity')!;
    const v = parseQuantity(raw, velocityKind);
    return typeof v === 'string' ? failAt(m, `attribute 'maxVelocity': ${v}`, 'maxVelocity') : v;
  };
  const n = (k: string, fallback = 0): number => quantity(m, k, 'number', fallback);
  if (m.type === 'ServoMotor') {
    return {
      type: 'servo',
      maxVelocity: maxVelocity(),
      maxForce: quantity(m, 'maxForce', 'force', 0),
      p: n('p'),
      i: n('i'),
      d: n('d'),
      delay: quantity(m, 'delay', 'time', 0),
    };
  }
  if (m.type === 'VelocityMotor')
    return { type: 'velocity', maxVelocity: maxVelocity(), maxForce: quantity(m, 'maxForce', 'force', 0) };
  return { type: 'pt2', T: n('T'), D: n('D'), K: n('K'), V: n('V'), F: n('F') };
}

const ZERO_INERTIA: InertiaTensor = { ixx: 0, iyy: 0, izz: 0, ixy: 0, ixz: 0, iyz: 0 };

/** Centre of mass and inertia of a mass element (about its centre, in its own frame). */
export function massSpec(e: SceneElement, mass: number): { centerOfMass: Vec3; inertia: InertiaTensor } {
  const origin = { x: 0, y: 0, z: 0 };
  const len = (k: string): number => quantity(e, k, 'length', 0);
  const diagonal = (ixx: number, iyy: number, izz: number): InertiaTensor => ({
    ixx,
    iyy,
    izz,
    ixy: 0,
    ixz: 0,
    iyz: 0,
  });
  switch (e.type) {
    case 'BoxMass': {
      const [x, y, z] = [len('depth'), len('width'), len('height')];
      return {
        centerOfMass: origin,
        inertia: diagonal((mass / 12) * (y * y + z * z), (mass / 12) * (x * x + z * z), (mass / 12) * (x * x + y * y)),
      };
    }
    case 'SphereMass': {
      const r = len('radius');
      const i = 0.4 * mass * r * r;
      return { centerOfMass: origin, inertia: diagonal(i, i, i) };
    }
    case 'CylinderMass': {
      const [r, h] = [len('radius'), len('height')];
      const side = (mass / 12) * (3 * r * r + h * h);
      return { centerOfMass: origin, inertia: diagonal(side, side, 0.5 * mass * r * r) };
    }
    case 'CapsuleMass':
      return { centerOfMass: origin, inertia: capsuleInertia(mass, len('radius'), len('height')) };
    case 'InertiaMatrixMass': {
      const i = (k: string): number => quantity(e, k, 'inertia', 0);
      const tensor = { ixx: i('ixx'), iyy: i('iyy'), izz: i('izz'), ixy: i('ixy'), ixz: i('ixz'), iyz: i('iyz') };
      return { centerOfMass: { x: len('x'), y: len('y'), z: len('z') }, inertia: tensor };
    }
    default:
      return { centerOfMass: origin, inertia: { ...ZERO_INERTIA } };
  }
}

/** A capsule along z of total length `height` (caps included): a cylinder and two hemispheres of equal density. */
function capsuleInertia(mass: number, r: number, height: number): InertiaTensor {
  const l = Math.max(0, height - 2 * r);
  const cylinderVolume = Math.PI * r * r * l;
  const sphereVolume = (4 / 3) * Math.PI * r * r * r;
  const total = cylinderVolume + sphereVolume;
  const mc = total > 0 ? (mass * cylinderVolume) / total : 0;
  const ms = mass - mc;
  const side = mc * ((l * l) / 12 + (r * r) / 4) + ms * ((2 * r * r) / 5 + (l * l) / 4 + (3 * l * r) / 8);
  const axial = (mc * r * r) / 2 + (ms * 2 * r * r) / 5;
  return { ixx: side, iyy: side, izz: axial, ixy: 0, ixz: 0, iyz: 0 };
}

/** `href` relative to the directory of `fromFile` (POSIX separators; absolute hrefs stay as they are). */
export function resolveRelative(fromFile: string, href: string): string {
  if (href.startsWith('/')) return href;
  const slash = fromFile.lastIndexOf('/');
  const parts = (slash >= 0 ? `${fromFile.slice(0, slash)}/${href}` : href).split('/');
  const out: string[] = [];
  for (const p of parts) {
    if (p === '.' || (p === '' && out.length > 0)) continue;
    if (p === '..' && out.length > 0 && out[out.length - 1] !== '..' && out[out.length - 1] !== '') out.pop();
    else out.push(p);
  }
  return out.join('/');
}

/** The typed `Surface`. */
export function surfaceSpec(s: SceneElement): SurfaceSpec {
  const texture = s.attributes.get('diffuseTexture');
  return {
    diffuseColor: color(s, 'diffuseColor')!,
    ambientColor: color(s, 'ambientColor'),
    specularColor: color(s, 'specularColor'),
    emissionColor: color(s, 'emissionColor'),
    shininess: quantity(s, 'shininess', 'number'),
    diffuseTexture: texture ? resolveRelative(texture.file, texture.value) : undefined,
  };
}

function imageSize(e: SceneElement, k: string, fallback?: number): number {
  const v = quantity(e, k, 'number', fallback);
  return Number.isInteger(v) && v! > 0 && v! <= 8192 ? v! : failAt(e, `${k} must be a positive integer ≤ 8192`, k);
}

/** The typed sensor of a Gyroscope, Accelerometer, CollisionSensor or non-camera image/distance sensor. */
export function sensorSpec(e: SceneElement): SensorSpec {
  const range = (): { min: number; max: number } => {
    const min = quantity(e, 'min', 'length', 0);
    const max = quantity(e, 'max', 'length', DEFAULT_MAX_DISTANCE);
    return min <= max ? { min, max } : failAt(e, `min (${min}) is greater than max (${max})`, 'min');
  };
  const angles = (): { angleX: number; angleY: number } => ({
    angleX: quantity(e, 'angleX', 'angle', 0),
    angleY: quantity(e, 'angleY', 'angle', 0),
  });
  switch (e.type) {
    case 'Gyroscope':
      return { type: 'gyroscope' };
    case 'Accelerometer':
      return { type: 'accelerometer' };
    case 'CollisionSensor':
      return { type: 'collision' };
    case 'SingleDistanceSensor':
      return { type: 'singleDistance', ...range() };
    case 'ApproxDistanceSensor':
      return { type: 'approxDistance', ...range(), ...angles() };
    case 'DepthImageSensor': {
      const projection = text(e, 'projection') ?? 'perspective';
      if (projection !== 'perspective' && projection !== 'spherical')
        failAt(e, `projection must be 'perspective' or 'spherical', not '${projection}'`, 'projection');
      return {
        type: 'depthImage',
        imageWidth: imageSize(e, 'imageWidth'),
        imageHeight: imageSize(e, 'imageHeight', 1),
        ...angles(),
        ...range(),
        projection: projection as 'perspective' | 'spherical',
      };
    }
    case 'ObjectSegmentedImageSensor':
      return {
        type: 'objectSegmentedImage',
        imageWidth: imageSize(e, 'imageWidth'),
        imageHeight: imageSize(e, 'imageHeight'),
        ...angles(),
      };
    default:
      return failAt(e, `<${e.type}> is not a sensor`);
  }
}

/** The typed light. */
export function lightSpec(e: SceneElement): LightSpec {
  const directional = e.type === 'DirLight';
  const kind: Quantity = directional ? 'number' : 'length';
  const opt = (k: string): number | undefined => quantity(e, k, 'number');
  return {
    type: directional ? 'directional' : e.type === 'PointLight' ? 'point' : 'spot',
    diffuseColor: color(e, 'diffuseColor'),
    ambientColor: color(e, 'ambientColor'),
    specularColor: color(e, 'specularColor'),
    position: { x: quantity(e, 'x', kind, 0), y: quantity(e, 'y', kind, 0), z: quantity(e, 'z', kind, 0) },
    direction:
      e.type === 'SpotLight'
        ? {
            x: quantity(e, 'dirX', 'number', 0),
            y: quantity(e, 'dirY', 'number', 0),
            z: quantity(e, 'dirZ', 'number', 0),
          }
        : undefined,
    constantAttenuation: opt('constantAttenuation'),
    linearAttenuation: opt('linearAttenuation'),
    quadraticAttenuation: opt('quadraticAttenuation'),
    cutoff: opt('cutoff'),
  };
}

const INPUT_TYPES = ['angle', 'angularVelocity', 'length', 'velocity', 'acceleration'] as const;

/** The typed `UserInput`. */
export function userInputSpec(e: SceneElement): UserInputSpec {
  const raw = text(e, 'type');
  if (raw !== undefined && !(INPUT_TYPES as readonly string[]).includes(raw))
    failAt(e, `type must be one of ${INPUT_TYPES.join(', ')}, not '${raw}'`, 'type');
  const inputType = raw as UserInputSpec['inputType'];
  const value = (k: string, fallback?: number): number => quantity(e, k, inputType ?? 'number', fallback)!;
  const min = value('min');
  const max = value('max');
  return { inputType, min, max, default: value('default', Math.min(max, Math.max(min, 0))) };
}
