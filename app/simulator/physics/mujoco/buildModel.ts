/**
 * Turns a scene graph into one MuJoCo model description (MJCF text), the way SimRobot's MuJoCo core builds its
 * scenes: every body of the scene outside a joint is a root body with a free joint (robot torsos, the ball,
 * dummies), every Hinge/Slider a joint with its Deflection range, masses and inertias from the scene's mass
 * elements (never from geometry), primitive geometries with friction from their Material, one collision group
 * per root body (a robot's own parts never collide with each other), a torque actuator per motor and sites for
 * the gyroscopes, accelerometers and the feet's pressure sensors. Pure: compiling is ArticulatedWorld's job.
 * Units: metres, kilograms, radians. Each generated element sits on its own line, so a MuJoCo error's line
 * number leads back to the scene element (`lineNodes`).
 */
import type { Matrix, Pose3, Vec3 } from '@robot-runtime/math/types';
import { composePose3, invertPose3, rotateVec3 } from '@robot-runtime/math/rotation';
import { quaternionFromMatrix } from '../../geometry/quaternion';
import type { MotorSpec, SceneNode } from '../../scene/sceneGraph';
import { massProperties } from './inertia';

/** A root body of the scene (free-floating unless it is a puppet). */
export interface RootSpec {
  /** The scene body's name (`robot3`, `ball`). */
  name: string;
  /** Name of the top-level compound it sits in (`robots`, `extras`, `balls`, `puppets`), if any. */
  compound: string | undefined;
  node: SceneNode;
  /** MuJoCo body id of the root. */
  body: number;
  /** Address of its free joint in qpos (7 values: position, quaternion w x y z) and qvel (6), if it has one. */
  qposAddress: number | undefined;
  dofAddress: number | undefined;
  /** Pose of the root in the world at load (m). */
  initial: Pose3;
}

/** A hinge or slider. */
export interface JointSpec {
  /** The Hinge's name (`LKneePitch`). */
  name: string;
  root: number;
  node: SceneNode;
  type: 'hinge' | 'slider';
  /** MuJoCo joint id, qpos and qvel addresses. */
  id: number;
  qposAddress: number;
  dofAddress: number;
  range: [number, number] | undefined;
  init: number;
  motor: MotorSpec | undefined;
  /** MuJoCo actuator id when it has a motor. */
  actuator: number | undefined;
}

/** A sensor read from MuJoCo's sensor data. */
export interface SensorSpec {
  kind: 'gyro' | 'accelerometer' | 'touch';
  /** The scene sensor's name, or for the feet `LFoot.fl` … `RFoot.br`. */
  name: string;
  root: number;
  /** Offset into sensordata. */
  address: number;
}

/**
 * A contact sensor between a ball and a robot: its value counts the contacts between their bodies in the last
 * step, so that who touched the ball is known without copying MuJoCo's contact list out of WebAssembly.
 */
export interface BallContactSpec {
  /** Root indices of the ball and the robot. */
  ball: number;
  robot: number;
  /** Offset into sensordata. */
  address: number;
}

/** A camera: where it sits on which MuJoCo body. */
export interface CameraSpec {
  name: string;
  root: number;
  body: number;
  /** Pose in that body's frame (m). */
  local: Pose3;
  node: SceneNode;
}

/** A MuJoCo body made from a scene body, for views and kinematics. */
export interface BodySpec {
  id: number;
  root: number;
  /** Scene body name (`LThigh`); the MuJoCo body's frame is the scene body's frame. */
  name: string;
  node: SceneNode;
}

/** The generated model and how its parts map back to the scene. */
export interface ModelDescription {
  xml: string;
  /** Scene node behind each line of `xml` (index = line − 1), for error messages. */
  lineNodes: (SceneNode | undefined)[];
  roots: RootSpec[];
  joints: JointSpec[];
  sensors: SensorSpec[];
  /** One per pair of a ball and a robot (or extra) root. */
  ballContacts: BallContactSpec[];
  cameras: CameraSpec[];
  bodies: BodySpec[];
  /** Notes for the user (e.g. more root bodies than collision groups). */
  warnings: string[];
}

/** MuJoCo's arena (MB) for contacts, constraints and its stack: scenes that need more end in a SceneError. */
export const ARENA_MB = 64;
/** Joint armature (kg·m²) of a motorized joint: the reflected inertia of a NAO joint's rotor through its gears. */
export const MOTOR_ARMATURE = 0.02;
/** Default sliding friction of a geometry without Material friction (SimRobot's default). */
const DEFAULT_FRICTION = 1;
/** MuJoCo's contype/conaffinity are 32-bit signed: 31 usable groups; group 0 is the static world. */
const GROUPS = 31;
const ALL_GROUPS = 0x7fffffff;
/** Compounds whose bodies stay where they are (posed from outside, not simulated freely). */
const WELDED_COMPOUNDS = new Set(['puppets']);

const num = (v: number): string => {
  const r = Number(v.toPrecision(10));
  return Object.is(r, -0) ? '0' : String(r);
};
const vec = (v: Vec3): string => `${num(v.x)} ${num(v.y)} ${num(v.z)}`;
const quat = (m: Matrix): string => {
  const q = quaternionFromMatrix(m);
  return `${num(q.w)} ${num(q.x)} ${num(q.y)} ${num(q.z)}`;
};
/** One MJCF element on one line; attributes left undefined are omitted. */
const tag = (name: string, attributes: Record<string, string | number | undefined>, close = '/>'): string =>
  `<${name}${Object.entries(attributes)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${v}"`)
    .join('')}${close}`;
const isIdentity = (m: Matrix): boolean =>
  m[0] === 1 &&
  m[4] === 1 &&
  m[8] === 1 &&
  m[1] === 0 &&
  m[2] === 0 &&
  m[3] === 0 &&
  m[5] === 0 &&
  m[6] === 0 &&
  m[7] === 0;
const poseOf = (p: Pose3): Record<string, string | undefined> => ({
  pos: vec(p.translation),
  quat: isIdentity(p.rotation) ? undefined : quat(p.rotation),
});

type GeometryNode = Extract<SceneNode, { kind: 'geometry' }>;
type JointNode = Extract<SceneNode, { kind: 'joint' }>;

/**
 * Builds the MJCF text of the scene (`scene` is the graph's root). `keep` decides which root bodies of which
 * top-level compound become part of the model (a scene narrowed to some of its robots leaves the others out).
 */
export function buildModel(
  scene: Extract<SceneNode, { kind: 'scene' }>,
  keep: (name: string | undefined, compound: string | undefined) => boolean = () => true,
): ModelDescription {
  const lines: string[] = [];
  const lineNodes: (SceneNode | undefined)[] = [];
  const out: ModelDescription = {
    xml: '',
    lineNodes,
    roots: [],
    joints: [],
    sensors: [],
    ballContacts: [],
    cameras: [],
    bodies: [],
    warnings: [],
  };
  const emit = (line: string, node?: SceneNode): void => {
    lines.push(line);
    lineNodes.push(node);
  };
  const counters = { body: 1, joint: 0, qpos: 0, dof: 0, actuator: 0, sensor: 0, geom: 0 };
  const sensorLines: { line: string; node: SceneNode }[] = [];
  const actuatorLines: { line: string; node: SceneNode }[] = [];

  emit('<mujoco model="scene">');
  emit(
    tag('compiler', {
      angle: 'radian',
      inertiafromgeom: 'false',
      boundmass: 1e-4,
      boundinertia: 1e-7,
      autolimits: 'true',
    }),
  );
  const options = { integrator: 'Euler', solver: 'Newton', iterations: 50, tolerance: 1e-6 };
  emit(tag('option', { timestep: num(scene.stepLength), gravity: `0 0 ${num(scene.gravity)}`, ...options }), scene);
  emit(`<size memory="${ARENA_MB}M"/>`);
  emit('<worldbody>');

  const geom = (g: GeometryNode, pose: Pose3, group: number, indent: string): void => {
    const size = geomSize(g);
    const ground = group === 0 ? groundPlane(g, pose) : undefined;
    if (ground) {
      const collision = { contype: 1, conaffinity: ALL_GROUPS ^ 1 };
      emit(
        indent +
          tag('geom', { type: 'plane', size: ground.size, pos: vec(ground.top), ...collision, ...frictionOf(g) }),
        g,
      );
      counters.geom++;
    } else if (size) {
      const type = g.shape === 'box' ? 'box' : g.shape;
      const bit = 1 << group;
      const collision = { contype: bit, conaffinity: ALL_GROUPS ^ bit };
      emit(indent + tag('geom', { type, size, ...poseOf(pose), ...collision, ...frictionOf(g) }), g);
      counters.geom++;
    }
    for (const c of g.children) if (c.kind === 'geometry') geom(c, composePose3(pose, c.local), group, indent);
  };

  const body = (
    node: SceneNode,
    frame: Pose3,
    rootIndex: number,
    group: number,
    indent: string,
    joint: JointNode | undefined,
  ): void => {
    const id = counters.body++;
    out.bodies.push({ id, root: rootIndex, name: node.name ?? '', node });
    emit(indent + tag('body', { name: `b${id}`, ...poseOf(frame) }, '>'), node);
    const inner = `${indent}  `;
    if (joint) {
      // The joint sits at the hinge's frame, which is the MuJoCo body frame moved by the scene body's own offset.
      const toJoint = invertPose3(node.local);
      const axis = rotateVec3(toJoint.rotation, joint.axis);
      const motor = joint.actuator;
      const range = joint.deflection ? ([joint.deflection.min, joint.deflection.max] as [number, number]) : undefined;
      const type = joint.jointType === 'hinge' ? 'hinge' : 'slide';
      const limits = range ? `${num(range[0])} ${num(range[1])}` : undefined;
      const armature = motor ? MOTOR_ARMATURE : undefined;
      const where = { pos: vec(toJoint.translation), axis: vec(axis) };
      emit(inner + tag('joint', { name: `j${counters.joint}`, type, ...where, range: limits, armature }), joint);
      let actuator: number | undefined;
      if (motor) {
        actuator = counters.actuator++;
        const limit = motor.type === 'pt2' ? motor.F : motor.maxForce;
        const ctrlrange = limit > 0 ? `${num(-limit)} ${num(limit)}` : undefined;
        const line = tag('motor', { name: `a${actuator}`, joint: `j${counters.joint}`, gear: 1, ctrlrange });
        actuatorLines.push({ line, node: joint });
      }
      out.joints.push({
        name: joint.name ?? `joint${counters.joint}`,
        root: rootIndex,
        node: joint,
        type: joint.jointType,
        id: counters.joint,
        qposAddress: counters.qpos,
        dofAddress: counters.dof,
        range,
        init: joint.deflection?.init ?? 0,
        motor,
        actuator,
      });
      counters.joint++;
      counters.qpos++;
      counters.dof++;
    } else if (!WELDED_COMPOUNDS.has(out.roots[rootIndex]!.compound ?? '')) {
      emit(`${inner}<freejoint name="j${counters.joint}"/>`, node);
      out.roots[rootIndex]!.qposAddress = counters.qpos;
      out.roots[rootIndex]!.dofAddress = counters.dof;
      counters.joint++;
      counters.qpos += 7;
      counters.dof += 6;
    }
    const mass = massProperties(node);
    if (mass) {
      // MuJoCo's fullinertia order: ixx iyy izz ixy ixz iyz.
      const fullinertia = [0, 4, 8, 1, 2, 5].map((i) => num(mass.inertia[i]!)).join(' ');
      emit(inner + tag('inertial', { pos: vec(mass.center), mass: num(mass.mass), fullinertia }), node);
    }
    for (const c of node.children) {
      if (c.kind === 'geometry') geom(c, c.local, group, inner);
      else if (c.kind === 'sensor' && (c.sensor.type === 'gyroscope' || c.sensor.type === 'accelerometer')) {
        const site = `s${out.sensors.length}`;
        emit(inner + tag('site', { name: site, ...poseOf(c.local) }), c);
        const kind = c.sensor.type === 'gyroscope' ? 'gyro' : 'accelerometer';
        sensorLines.push({ line: `<${kind} site="${site}"/>`, node: c });
        out.sensors.push({ kind, name: c.name ?? c.type, root: rootIndex, address: counters.sensor });
        counters.sensor += 3;
      } else if (c.kind === 'camera')
        out.cameras.push({ name: c.name ?? 'camera', root: rootIndex, body: id, local: c.local, node: c });
    }
    if (node.name === 'LFoot' || node.name === 'RFoot') footSites(node, rootIndex, inner);
    for (const c of node.children) {
      if (c.kind !== 'joint') continue;
      const child = c.children.find((x) => x.kind === 'body');
      if (!child) continue;
      // MuJoCo body frame: the hinge frame · the scene body's offset (the joint is placed back at the hinge).
      const frameInParent = composePose3(c.local, child.local);
      body(child, frameInParent, rootIndex, group, inner, c);
    }
    emit(`${indent}</body>`, node);
  };

  /** Four touch sites per foot (front/back × left/right) over the sole, the NAO's force-sensitive resistors. */
  const footSites = (foot: SceneNode, rootIndex: number, indent: string): void => {
    const soles = foot.children.filter((c): c is GeometryNode => c.kind === 'geometry' && c.shape === 'box');
    if (!soles.length) return;
    const sole = soles.reduce((a, b) =>
      a.local.translation.z - (a.height ?? 0) / 2 <= b.local.translation.z - (b.height ?? 0) / 2 ? a : b,
    );
    const pose = sole.local;
    const hx = (sole.depth ?? 0) / 4,
      hy = (sole.width ?? 0) / 4,
      hz = (sole.height ?? 0) / 2 + 0.005;
    for (const [label, sx, sy] of [
      ['fl', 1, 1],
      ['fr', 1, -1],
      ['bl', -1, 1],
      ['br', -1, -1],
    ] as const) {
      const site = `s${out.sensors.length}`;
      const p = composePose3(pose, {
        rotation: [1, 0, 0, 0, 1, 0, 0, 0, 1],
        translation: { x: sx * hx, y: sy * hy, z: 0 },
      });
      emit(
        indent +
          tag('site', {
            name: site,
            type: 'box',
            size: `${num(hx * 1.05)} ${num(hy * 1.05)} ${num(hz)}`,
            ...poseOf(p),
          }),
        sole,
      );
      sensorLines.push({ line: `<touch site="${site}"/>`, node: sole });
      out.sensors.push({ kind: 'touch', name: `${foot.name}.${label}`, root: rootIndex, address: counters.sensor });
      counters.sensor += 1;
    }
  };

  const visit = (node: SceneNode, pose: Pose3, topCompound: string | undefined, depth: number): void => {
    const here = composePose3(pose, node.local);
    if (node.kind === 'geometry') geom(node, here, 0, '  ');
    else if (node.kind === 'body') {
      if (!keep(node.name, topCompound)) return;
      const rootIndex = out.roots.length;
      const group = 1 + (rootIndex % (GROUPS - 1));
      if (rootIndex === GROUPS - 1)
        out.warnings.push(
          `more than ${GROUPS - 1} free bodies: some share a collision group and pass through each other`,
        );
      out.roots.push({
        name: node.name ?? `body${rootIndex}`,
        compound: topCompound,
        node,
        body: counters.body,
        qposAddress: undefined,
        dofAddress: undefined,
        initial: here,
      });
      body(node, here, rootIndex, group, '  ', undefined);
      return;
    } else if (node.kind !== 'compound') return;
    for (const c of node.children) visit(c, here, depth === 0 ? (node.name ?? topCompound) : topCompound, depth + 1);
  };
  for (const c of scene.children) {
    if (c.kind === 'compound') visit(c, scene.local, undefined, 0);
    else if (c.kind === 'body' || c.kind === 'geometry') visit(c, scene.local, undefined, 1);
  }
  emit('</worldbody>');
  const balls = out.roots.filter((r) => r.compound === 'balls');
  const robots = out.roots.filter((r) => r.compound === 'robots' || r.compound === 'extras');
  for (const ball of balls) {
    for (const robot of robots) {
      const line = tag('contact', { subtree1: `b${ball.body}`, subtree2: `b${robot.body}`, data: 'found' });
      sensorLines.push({ line, node: robot.node });
      out.ballContacts.push({
        ball: out.roots.indexOf(ball),
        robot: out.roots.indexOf(robot),
        address: counters.sensor,
      });
      counters.sensor += 1;
    }
  }
  if (actuatorLines.length) {
    emit('<actuator>');
    for (const a of actuatorLines) emit(a.line, a.node);
    emit('</actuator>');
  }
  if (sensorLines.length) {
    emit('<sensor>');
    for (const s of sensorLines) emit(s.line, s.node);
    emit('</sensor>');
  }
  emit('</mujoco>');
  out.xml = lines.join('\n');
  return out;
}

/** Static boxes at least this wide and long (m) whose top is level are the ground. */
const GROUND_EXTENT = 2;

/**
 * A static, level box of field size is the ground: it becomes a plane at its top face, because MuJoCo collides
 * boxes with a plane much faster than with another box (the feet stand on it all the time). Collision with a
 * plane is unbounded, so nothing falls off the carpet's edge.
 */
function groundPlane(g: GeometryNode, pose: Pose3): { top: Vec3; size: string } | undefined {
  const R = pose.rotation;
  if (g.shape !== 'box' || Math.abs(R[8]! - 1) > 1e-9) return undefined;
  if ((g.depth ?? 0) < GROUND_EXTENT || (g.width ?? 0) < GROUND_EXTENT) return undefined;
  const t = pose.translation;
  return {
    top: { x: t.x, y: t.y, z: t.z + (g.height ?? 0) / 2 },
    size: `${num((g.depth ?? 0) / 2)} ${num((g.width ?? 0) / 2)} 0.1`,
  };
}

/** MuJoCo's size attribute of a primitive (half extents; cylinders and capsules: radius and half length). */
function geomSize(g: GeometryNode): string | undefined {
  const n = (v: number | undefined): number => v ?? 0;
  if (g.shape === 'box') return `${num(n(g.depth) / 2)} ${num(n(g.width) / 2)} ${num(n(g.height) / 2)}`;
  if (g.shape === 'sphere') return num(n(g.radius));
  if (g.shape === 'cylinder') return `${num(n(g.radius))} ${num(n(g.height) / 2)}`;
  // A scene capsule's height is its whole length, caps included.
  if (g.shape === 'capsule') return `${num(n(g.radius))} ${num(Math.max(1e-4, n(g.height) / 2 - n(g.radius)))}`;
  return undefined;
}

/**
 * Friction from the geometry's Material: the first Friction value (0 makes it frictionless), a RollingFriction
 * of a sphere makes rolling and torsional friction (condim 6). Such geometries get priority, so their values rule
 * a contact with a geometry without Material values (MuJoCo keeps one friction per geometry, not per material
 * pair); two of them in contact take the larger values.
 * RollingFriction is a dimensionless coefficient in scenes (deceleration = value·g for a rolling ball); MuJoCo's
 * rolling friction is a length, so a sphere's value is multiplied by its radius.
 */
function frictionOf(g: GeometryNode): Record<string, string | number> {
  const m = g.material;
  const sliding = m ? Object.values(m.friction)[0] : undefined;
  const rolling = m ? Object.values(m.rollingFriction)[0] : undefined;
  if (sliding === undefined && rolling === undefined) return {};
  const mu = sliding ?? DEFAULT_FRICTION;
  // Only what rolls gets rolling friction: on the carpet it would make every foot contact a 6-dimensional one
  // (2.5 times the constraint rows) for nothing.
  if (rolling !== undefined && rolling > 0 && g.shape === 'sphere') {
    const r = rolling * (g.radius ?? 0);
    return { condim: 6, priority: 1, friction: `${num(mu)} ${num(r)} ${num(r)}` };
  }
  return mu === 0 ? { condim: 1, priority: 1 } : { priority: 1, friction: `${num(mu)} 0.005 0.0001` };
}
