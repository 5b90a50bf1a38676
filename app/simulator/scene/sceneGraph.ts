/**
 * The typed scene graph: the instantiated elements with parsed values (SI units, metres), local poses folded in
 * from Translation/Rotation, and the helper elements (Set, Axis, Deflection, Material, Surface) attached to the
 * node they describe. This is what the physics, the 3-D view and the model extraction read.
 */
import type { ColorRGBA, Matrix, Pose3, Vec3 } from '@robot-runtime/math/types';
import { identityPose3, rotationFromEuler } from '@robot-runtime/math/rotation';
import { bool, color, failAt, parseAll, quantity, text, type AttributeValue } from './attributes';
import { MeshBuilder } from './complexAppearance';
import type { SceneElement } from './instantiate';
import type { Mesh } from './meshData';
import { lightSpec, massSpec, motorSpec, sensorSpec, surfaceSpec, userInputSpec } from './nodeSpecs';
import { parseQuantity } from './units';
import { CLASSES } from './vocabulary';

export type { Mesh } from './meshData';

/** Primitive shapes of masses, geometries and appearances (dimensions in metres). */
export interface Shape {
  /** `mesh`: a ComplexAppearance (see `mesh`); `torus`: an ODE-era TorusGeometry about the z axis. */
  shape: 'box' | 'sphere' | 'cylinder' | 'capsule' | 'group' | 'inertia' | 'mesh' | 'torus';
  /** Box: x extent. */
  depth?: number;
  /** Box: y extent. */
  width?: number;
  /** Box/cylinder/capsule: z extent (a capsule's whole length, caps included). */
  height?: number;
  radius?: number;
  /** Torus: distance from the centre to the tube's centre line. */
  majorRadius?: number;
  /** Torus: radius of the tube. */
  minorRadius?: number;
}

/** Contact properties of a geometry's material, keyed by the other material's name. */
export interface MaterialSpec {
  name: string | undefined;
  friction: Record<string, number>;
  rollingFriction: Record<string, number>;
  restitution: Record<string, number>;
}

/** Limits and initial value of a joint (rad for hinges, m for sliders). */
export interface Deflection {
  min: number;
  max: number;
  init: number;
  /** The `isActive` attribute (absent: true): whether the limits are meant to be enforced. */
  isActive: boolean;
}

/**
 * A joint's motor, in SI units of the joint (hinge: rad, rad/s, N·m; slider: m, m/s, N). SimRobot's ServoMotor is
 * a PD position servo (plus `i`) whose torque is clipped to ±maxForce and whose setpoint takes effect `delay`
 * seconds after it is set; `maxVelocity` bounds the reported velocity.
 */
export type MotorSpec =
  | { type: 'servo'; maxVelocity: number; maxForce: number; p: number; i: number; d: number; delay: number }
  | { type: 'velocity'; maxVelocity: number; maxForce: number }
  /** Second-order lag: time constant T, damping D, gain K, maximum velocity V, maximum force F (as written). */
  | { type: 'pt2'; T: number; D: number; K: number; V: number; F: number };

/** Inertia tensor entries (kg·m²) about the centre of mass, in the frame of the node that holds it. */
export interface InertiaTensor {
  ixx: number;
  iyy: number;
  izz: number;
  ixy: number;
  ixz: number;
  iyz: number;
}

/** How an appearance is drawn: a `Surface`'s colours and texture. */
export interface SurfaceSpec {
  diffuseColor: ColorRGBA;
  ambientColor: ColorRGBA | undefined;
  specularColor: ColorRGBA | undefined;
  emissionColor: ColorRGBA | undefined;
  /** 0..128, OpenGL's specular exponent. */
  shininess: number | undefined;
  /** Image file of the texture, resolved against the file the Surface was written in; not checked to exist. */
  diffuseTexture: string | undefined;
}

/**
 * What a `sensor` node measures (lengths in m, angles in rad). Cameras have their own node kind (`camera`).
 * `collision`: contact of the sensor's child geometries (the node's children) with anything else.
 */
export type SensorSpec =
  | { type: 'gyroscope' }
  | { type: 'accelerometer' }
  | { type: 'collision' }
  | { type: 'singleDistance'; min: number; max: number }
  | { type: 'approxDistance'; min: number; max: number; angleX: number; angleY: number }
  | {
      type: 'depthImage';
      imageWidth: number;
      imageHeight: number;
      angleX: number;
      angleY: number;
      min: number;
      max: number;
      projection: 'perspective' | 'spherical';
    }
  | { type: 'objectSegmentedImage'; imageWidth: number; imageHeight: number; angleX: number; angleY: number };

/** A light of the scene (colours absent when the scene does not give them). */
export interface LightSpec {
  type: 'directional' | 'point' | 'spot';
  diffuseColor: ColorRGBA | undefined;
  ambientColor: ColorRGBA | undefined;
  specularColor: ColorRGBA | undefined;
  /** Directional: the direction the light comes from (x, y, z as written); point/spot: the position (m). */
  position: Vec3;
  /** Spot: where it points (dirX/dirY/dirZ). */
  direction: Vec3 | undefined;
  constantAttenuation: number | undefined;
  linearAttenuation: number | undefined;
  quadraticAttenuation: number | undefined;
  /** Spot: cut-off as written. */
  cutoff: number | undefined;
}

/** A `UserInput` slider: values in SI units of `inputType` (plain numbers when the scene gives no type). */
export interface UserInputSpec {
  inputType: 'angle' | 'angularVelocity' | 'length' | 'velocity' | 'acceleration' | undefined;
  min: number;
  max: number;
  default: number;
}

/** Common fields of every node. */
export interface NodeBase {
  type: string;
  name: string | undefined;
  path: string;
  file: string;
  line: number;
  /** Pose relative to the parent node (metres). */
  local: Pose3;
  /** Every attribute, parsed by kind (lengths in metres, angles in radians, masses in kg). */
  attributes: Record<string, AttributeValue>;
  /** The element's own `<Set>` values after substitution (first definition wins), e.g. the field dimensions. */
  sets: Record<string, string>;
  children: SceneNode[];
}

/** A scene node; `kind` tells which extra fields exist. */
export type SceneNode =
  | (NodeBase & {
      kind: 'scene';
      stepLength: number;
      gravity: number;
      controller: string | undefined;
      /** The scene's `color` (background), if given. */
      backgroundColor: ColorRGBA | undefined;
    })
  | (NodeBase & { kind: 'compound' | 'body' })
  | (NodeBase & {
      kind: 'joint';
      jointType: 'hinge' | 'slider';
      /** As written (not normalized). */
      axis: Vec3;
      deflection: Deflection | undefined;
      /** The motor's attributes as parsed by the vocabulary plus `type` (element name); see `actuator`. */
      motor: Record<string, AttributeValue> | undefined;
      /** The motor, typed and in SI units of the joint. */
      actuator: MotorSpec | undefined;
    })
  | (NodeBase & {
      kind: 'mass';
      mass: number;
      /** Centre of mass in the node's frame (m): InertiaMatrixMass's x/y/z, the origin for the primitives. */
      centerOfMass: Vec3;
      /** About the centre of mass, in the node's frame; zero for `Mass` groups (their children carry mass). */
      inertia: InertiaTensor;
    } & Shape)
  | (NodeBase & { kind: 'geometry'; color: ColorRGBA | undefined; material: MaterialSpec | undefined } & Shape)
  | (NodeBase & {
      kind: 'appearance';
      diffuseColor: ColorRGBA | undefined;
      /** The full Surface (absent for `Appearance` groups). */
      surface: SurfaceSpec | undefined;
      /** ComplexAppearance (shape `mesh`): the triangles, shared read-only with every other instance. */
      mesh: Mesh | undefined;
    } & Shape)
  | (NodeBase & { kind: 'camera'; imageWidth: number; imageHeight: number; angleX: number; angleY: number })
  | (NodeBase & { kind: 'sensor'; /** What the sensor measures. */ sensor: SensorSpec })
  | (NodeBase & { kind: 'light'; light: LightSpec })
  | (NodeBase & { kind: 'userInput'; input: UserInputSpec });

/** SimRobot's default step length when the scene gives none (s). */
export const DEFAULT_STEP_LENGTH = 0.01;
/** Standard gravity (m/s²), negative because z points up. */
export const DEFAULT_GRAVITY = -9.80665;

const HELPERS = new Set([
  'Set',
  'Translation',
  'Rotation',
  'Axis',
  'Deflection',
  'Material',
  'Surface',
  ...CLASSES.meshData,
]);

function localPose(e: SceneElement): Pose3 {
  const pose = identityPose3();
  const t = e.children.find((c) => c.type === 'Translation');
  if (t)
    pose.translation = {
      x: quantity(t, 'x', 'length', 0),
      y: quantity(t, 'y', 'length', 0),
      z: quantity(t, 'z', 'length', 0),
    };
  const r = e.children.find((c) => c.type === 'Rotation');
  if (r)
    pose.rotation = rotationFromEuler(
      quantity(r, 'x', 'angle', 0),
      quantity(r, 'y', 'angle', 0),
      quantity(r, 'z', 'angle', 0),
    ) as Matrix;
  return pose;
}

function shapeOf(type: string, a: Record<string, AttributeValue>): Shape {
  const n = (k: string): number | undefined => a[k] as number | undefined;
  if (type.startsWith('Box')) return { shape: 'box', width: n('width'), height: n('height'), depth: n('depth') };
  if (type.startsWith('Sphere')) return { shape: 'sphere', radius: n('radius') };
  if (type.startsWith('Cylinder')) return { shape: 'cylinder', radius: n('radius'), height: n('height') };
  if (type.startsWith('Capsule')) return { shape: 'capsule', radius: n('radius'), height: n('height') };
  if (type.startsWith('InertiaMatrix')) return { shape: 'inertia' };
  if (type === 'ComplexAppearance') return { shape: 'mesh' };
  if (type === 'TorusGeometry') return { shape: 'torus', majorRadius: n('majorRadius'), minorRadius: n('minorRadius') };
  return { shape: 'group' };
}

function materialOf(e: SceneElement): MaterialSpec | undefined {
  const m = e.children.find((c) => c.type === 'Material');
  if (!m) return undefined;
  const table = (type: string): Record<string, number> => {
    const out = Object.create(null) as Record<string, number>;
    for (const c of m.children.filter((x) => x.type === type))
      out[text(c, 'material')!] = quantity(c, 'value', 'number', 0);
    return out;
  };
  return {
    name: m.name,
    friction: table('Friction'),
    rollingFriction: table('RollingFriction'),
    restitution: table('Restitution'),
  };
}

interface JointFields {
  axis: Vec3;
  deflection: Deflection | undefined;
  motor: Record<string, AttributeValue> | undefined;
  actuator: MotorSpec | undefined;
}

function jointFields(e: SceneElement, jointType: 'hinge' | 'slider'): JointFields {
  const axisEl = e.children.find((c) => c.type === 'Axis')!;
  const axis = {
    x: quantity(axisEl, 'x', 'number', 0),
    y: quantity(axisEl, 'y', 'number', 0),
    z: quantity(axisEl, 'z', 'number', 0),
  };
  if (axis.x === 0 && axis.y === 0 && axis.z === 0) failAt(axisEl, 'the axis must not be zero');
  const d = axisEl.children.find((c) => c.type === 'Deflection');
  let deflection: Deflection | undefined;
  if (d) {
    const q = jointType === 'hinge' ? 'angle' : 'length';
    const read = (k: string, fallback?: number): number => {
      const raw = text(d, k);
      if (raw === undefined) return fallback!;
      const v = parseQuantity(raw, q);
      return typeof v === 'string' ? failAt(d, `attribute '${k}': ${v}`, k) : v;
    };
    deflection = { min: read('min'), max: read('max'), init: read('init', 0), isActive: bool(d, 'isActive', true) };
    if (deflection.min > deflection.max) failAt(d, `min (${deflection.min}) is greater than max (${deflection.max})`);
  }
  const motorEl = axisEl.children.find((c) => (CLASSES.motor as readonly string[]).includes(c.type));
  return {
    axis,
    deflection,
    motor: motorEl ? { type: motorEl.type, ...parseAll(motorEl) } : undefined,
    actuator: motorEl ? motorSpec(motorEl, jointType) : undefined,
  };
}

/**
 * Builds the typed node for an instantiated element and its descendants. `meshes` shares mesh data between
 * instances; pass one per scene load.
 */
export function buildSceneGraph(e: SceneElement, meshes: MeshBuilder = new MeshBuilder()): SceneNode {
  const attributes = parseAll(e);
  // Helper elements are folded into their parent, but their values are still validated here.
  for (const c of e.children) if (HELPERS.has(c.type)) validateHelper(c);
  const base: NodeBase = {
    type: e.type,
    name: e.name,
    path: e.path,
    file: e.file,
    line: e.line,
    local: localPose(e),
    attributes,
    sets: ownSets(e),
    children: e.children.filter((c) => !HELPERS.has(c.type)).map((c) => buildSceneGraph(c, meshes)),
  };
  const t = e.type;
  if (t === 'Scene') {
    const stepLength = quantity(e, 'stepLength', 'time', DEFAULT_STEP_LENGTH);
    // The simulation counts whole milliseconds per step: a shorter step would be 0 ms and time would stand still.
    if (!(stepLength >= 0.001 && stepLength <= 1))
      failAt(e, `stepLength must be in [0.001, 1] s, got ${stepLength}`, 'stepLength');
    return {
      ...base,
      kind: 'scene',
      stepLength,
      gravity: quantity(e, 'gravity', 'acceleration', DEFAULT_GRAVITY),
      controller: text(e, 'controller'),
      backgroundColor: color(e, 'color'),
    };
  }
  if (t === 'Compound') return { ...base, kind: 'compound' };
  if (t === 'Body') return { ...base, kind: 'body' };
  if (t === 'Hinge' || t === 'Slider') {
    const jointType = t === 'Hinge' ? 'hinge' : 'slider';
    return { ...base, kind: 'joint', jointType, ...jointFields(e, jointType) };
  }
  if ((CLASSES.mass as readonly string[]).includes(t)) {
    const mass = (attributes.value as number | undefined) ?? 0;
    if (!(mass >= 0)) failAt(e, `mass must not be negative, got ${mass}`, 'value');
    return { ...base, kind: 'mass', mass, ...massSpec(e, mass), ...shapeOf(t, attributes) };
  }
  if ((CLASSES.geometry as readonly string[]).includes(t))
    return { ...base, kind: 'geometry', color: color(e, 'color'), material: materialOf(e), ...shapeOf(t, attributes) };
  if ((CLASSES.appearance as readonly string[]).includes(t)) {
    const surfaceEl = e.children.find((c) => c.type === 'Surface');
    const surface = surfaceEl ? surfaceSpec(surfaceEl) : undefined;
    const mesh = t === 'ComplexAppearance' ? meshes.meshOf(e) : undefined;
    return {
      ...base,
      kind: 'appearance',
      diffuseColor: surface?.diffuseColor,
      surface,
      mesh,
      ...shapeOf(t, attributes),
    };
  }
  if (t === 'Camera') {
    const size = (k: string): number => {
      const v = attributes[k] as number;
      return Number.isInteger(v) && v > 0 && v <= 8192 ? v : failAt(e, `${k} must be a positive integer ≤ 8192`, k);
    };
    return {
      ...base,
      kind: 'camera',
      imageWidth: size('imageWidth'),
      imageHeight: size('imageHeight'),
      angleX: attributes.angleX as number,
      angleY: attributes.angleY as number,
    };
  }
  if ((CLASSES.light as readonly string[]).includes(t)) return { ...base, kind: 'light', light: lightSpec(e) };
  if (t === 'UserInput') return { ...base, kind: 'userInput', input: userInputSpec(e) };
  return { ...base, kind: 'sensor', sensor: sensorSpec(e) };
}

function ownSets(e: SceneElement): Record<string, string> {
  const sets = Object.create(null) as Record<string, string>;
  for (const s of e.children) {
    if (s.type !== 'Set') continue;
    const name = text(s, 'name')!;
    if (!(name in sets)) sets[name] = text(s, 'value')!;
  }
  return sets;
}

function validateHelper(e: SceneElement): void {
  parseAll(e);
  for (const c of e.children) validateHelper(c);
}

/** Depth-first search for the first node matching `predicate` (including `node` itself). */
export function findNode(node: SceneNode, predicate: (n: SceneNode) => boolean): SceneNode | undefined {
  if (predicate(node)) return node;
  for (const c of node.children) {
    const found = findNode(c, predicate);
    if (found) return found;
  }
  return undefined;
}

/** The direct child with the given name. */
export const childNamed = (node: SceneNode, name: string): SceneNode | undefined =>
  node.children.find((c) => c.name === name);
