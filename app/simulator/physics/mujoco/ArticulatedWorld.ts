/**
 * The articulated simulation: the whole scene as one MuJoCo model (see buildModel.ts), compiled once per scene
 * load, stepped with the scene's step length (one MuJoCo step per scene step). Each step every motor writes
 * its torque from the joint state, then MuJoCo integrates. Robots are what the scene describes (a NAO: a free
 * torso and its hinges with servo motors), so they stand, lean, push, kick the ball with a foot and fall by
 * their own motion. Units at the API: mm, rad, s (like PhysicsWorld); inside MuJoCo: metres.
 * Deterministic: same scene and calls, same states.
 */
import type { Pose2, Pose3, Vec3 } from '@robot-runtime/math/types';
import { normalizeAngle } from '@robot-runtime/math/vec2';
import { composePose3 } from '@robot-runtime/math/rotation';
import { SceneError } from '../../scene/SceneError';
import type { RobotDefinition, SceneModel } from '../../scene/SceneModel';
import type { SceneNode } from '../../scene/sceneGraph';
import type { BallGroundTruth, RobotGroundTruth, WorldState } from '../WorldState';
import { ArticulatedRobot, type Measurements, type PhysicsState } from './ArticulatedRobot';
import { ARENA_MB, buildModel, type ModelDescription } from './buildModel';
import { initMujoco, loadedMujoco, type MjData, type MjModel, type Mujoco } from './mujoco';

/** A torso tilted further than this from upright (rad) lies on the ground. */
const FALLEN_TILT = (50 * Math.PI) / 180;
/** Only robots whose torso is this close to the ball (m) are checked for touching it. */
const TOUCH_CHECK_DISTANCE = 0.6;
/** … and only when one of its link frames is this close to the ball's centre (m; a NAO foot reaches 0.1 m). */
const LINK_NEAR_BALL = 0.2;
/**
 * A fallen robot has got up again when its torso is this close to upright (rad) and at least UPRIGHT_HEIGHT above
 * the ground (m; a NAO standing in its crouch carries it at ~0.31 m, sitting at ~0.2 m).
 */
const UPRIGHT_TILT = (20 * Math.PI) / 180;
const UPRIGHT_HEIGHT = 0.26;
/** A fall within this time (ms) after a contact with another robot counts as caused by the contact. */
export const CONTACT_FALL_WINDOW = 1000;
/** Only robots whose torsos are this close to each other (m) are checked for touching (a NAO is ~0.3 m wide). */
const ROBOT_CHECK_DISTANCE = 0.6;
/**
 * Robots near each other are checked for touching every this many steps (48 ms): reading MuJoCo's contact list
 * costs about a fifth of its step, and a contact counts for a second anyway.
 */
const ROBOT_CHECK_STEPS = 4;

/** How long the last scene load took, by phase (ms), for benchmarks and docs. */
export interface LoadTimes {
  build: number;
  compile: number;
}

/** The physics of one articulated scene. Create with {@link ArticulatedWorld.create}. */
export class ArticulatedWorld {
  readonly robots: ArticulatedRobot[] = [];
  readonly loadTimes: LoadTimes;
  /**
   * Wall time (ms) spent in MuJoCo's step and in the whole physics layer around it (motors, step, bookkeeping,
   * joint requests, sensor readings), for the benchmark's overhead figure.
   */
  readonly cost = { mujocoMs: 0, layerMs: 0 };
  private readonly byName = new Map<string, ArticulatedRobot>();
  private readonly model: MjModel;
  private readonly data: MjData;
  private readonly stepMs: number;
  private readonly ballRoot: number | undefined;
  private readonly ballRadius: number;
  /** Root index of each MuJoCo body's root (−1: the static world). */
  private readonly rootOfBody: Int32Array;
  private readonly robotOfRoot = new Map<number, ArticulatedRobot>();
  private steps = 0;
  private forcesApplied = false;
  private views: (PhysicsState & { ctrl: Float64Array; xpos: Float64Array }) | undefined;
  /** MuJoCo bodies of each robot (for the cheap check whether anything of a robot is near the ball). */
  private readonly bodiesOfRobot: Map<ArticulatedRobot, number[]>;
  /** The robots whose bodies can touch the ball, each with the sensordata address counting their contacts. */
  private readonly ballContacts: { robot: ArticulatedRobot; address: number }[];
  private lastTouchedBy: string | undefined;
  /** getState()'s answer until the world changes (the simulation asks more than once per step). */
  private stateCache: WorldState | undefined;

  private constructor(
    private readonly mj: Mujoco,
    readonly scene: SceneModel,
    readonly description: ModelDescription,
    seed: number,
    build: number,
  ) {
    const t0 = performance.now();
    this.model = compile(mj, description);
    this.loadTimes = { build, compile: performance.now() - t0 };
    try {
      this.data = new mj.MjData(this.model);
    } catch (e) {
      this.model.delete();
      const g = scene.graph;
      throw new SceneError(
        g.file,
        g.line,
        g.path,
        `the physics engine cannot hold the scene: ${String((e as Error)?.message ?? e)}`,
      );
    }
    this.stepMs = Math.round(scene.stepLength * 1000);
    const roots = description.roots;
    const bodyRoot = this.model.body_rootid as Int32Array;
    const rootBodies = new Map(roots.map((r, i) => [r.body, i]));
    this.rootOfBody = Int32Array.from(bodyRoot, (b) => rootBodies.get(b) ?? -1);
    const find = (def: RobotDefinition): number =>
      roots.findIndex((r) => r.name === def.name && (r.compound === 'robots' || r.compound === 'extras'));
    for (const def of [...scene.robots, ...scene.extras]) {
      const index = find(def);
      if (index < 0) continue;
      const robot = new ArticulatedRobot(def, scene.robots.includes(def), roots[index]!, index, description, seed);
      this.robots.push(robot);
      this.byName.set(def.name, robot);
      this.robotOfRoot.set(index, robot);
    }
    const ball = scene.ball ? roots.findIndex((r) => r.compound === 'balls' && r.name === scene.ball!.name) : -1;
    this.ballRoot = ball >= 0 ? ball : undefined;
    this.ballRadius = (scene.ball?.radius ?? 50) / 1000;
    this.bodiesOfRobot = new Map(
      this.robots.map((r) => [r, description.bodies.filter((b) => b.root === r.rootIndex).map((b) => b.id)]),
    );
    this.ballContacts = description.ballContacts
      .filter((c) => c.ball === this.ballRoot && this.robotOfRoot.has(c.robot))
      .map((c) => ({ robot: this.robotOfRoot.get(c.robot)!, address: c.address }));
    // Joints start at their Deflection's init value; the motors hold them there until told otherwise.
    const qpos = this.data.qpos as Float64Array;
    for (const j of description.joints) qpos[j.qposAddress] = j.init;
    try {
      this.engine('mj_forward');
    } catch (e) {
      this.dispose();
      throw e;
    }
  }

  /**
   * Runs MuJoCo's step or forward pass. Running out of MuJoCo's arena (e.g. thousands of bodies overlapping, each
   * pair a contact) is the scene's fault: it becomes a SceneError at the scene, not a bare "mj_stackAlloc".
   */
  private engine(which: 'mj_step' | 'mj_forward'): void {
    try {
      this.mj[which](this.model, this.data);
    } catch (e) {
      const message = String((e as Error)?.message ?? e);
      if (!/mj_stackAlloc|mj_arenaAlloc|out of memory/i.test(message)) throw e;
      const g = this.scene.graph;
      const contacts = (this.data as unknown as { ncon?: number }).ncon;
      throw new SceneError(
        g.file,
        g.line,
        g.path,
        `the physics engine ran out of memory (its arena is ${ARENA_MB} MB)` +
          `${contacts ? ` with ${contacts} contacts` : ''}: too many bodies touch or overlap`,
      );
    }
  }

  /**
   * Loads MuJoCo (once per process), builds and compiles the scene's model. A model MuJoCo refuses becomes a
   * SceneError at the scene element it came from.
   */
  static async create(scene: SceneModel, options: { seed?: number } = {}): Promise<ArticulatedWorld> {
    await initMujoco();
    return ArticulatedWorld.createLoaded(scene, options);
  }

  /** The same once MuJoCo is loaded (a simulation's synchronous reset). */
  static createLoaded(scene: SceneModel, options: { seed?: number } = {}): ArticulatedWorld {
    const t0 = performance.now();
    // Robot bodies of a scene narrowed to some of its robots (benchmarks, tests) are left out of the model.
    const robots = new Set([...scene.robots, ...scene.extras].map((r) => r.name));
    const keep = (name: string | undefined, compound: string | undefined): boolean =>
      (compound !== 'robots' && compound !== 'extras') || robots.has(name ?? '');
    const description = buildModel(scene.graph as Extract<SceneNode, { kind: 'scene' }>, keep);
    return new ArticulatedWorld(loadedMujoco(), scene, description, options.seed ?? 1, performance.now() - t0);
  }

  /** Simulated time (ms). */
  get time(): number {
    return this.steps * this.stepMs;
  }

  /** The robot body called `name`. */
  robot(name: string): ArticulatedRobot {
    const r = this.byName.get(name);
    if (!r) throw new Error(`no robot named '${name}'`);
    return r;
  }

  /**
   * Views into MuJoCo's state. Fetching a view costs a call into WebAssembly, so they are kept, and fetched
   * again only when the WebAssembly memory grew (which detaches the old ones: their length becomes 0).
   */
  private get state(): PhysicsState & { ctrl: Float64Array; xpos: Float64Array } {
    const v = this.views;
    if (v && v.qpos.length !== 0) return v;
    const d = this.data;
    this.views = {
      qpos: d.qpos,
      qvel: d.qvel,
      sensordata: d.sensordata,
      xquat: d.xquat,
      ctrl: d.ctrl,
      xpos: d.xpos,
    } as PhysicsState & { ctrl: Float64Array; xpos: Float64Array };
    return this.views;
  }

  /** Hands a robot's JointRequest to its motors. */
  setJointRequest(robot: string, angles: readonly number[], stiffnesses: readonly number[]): void {
    const t0 = performance.now();
    this.robot(robot).request(angles, stiffnesses, this.time / 1000);
    this.cost.layerMs += performance.now() - t0;
  }

  /** What a robot's sensors measure after the last step. */
  measure(robot: string): Measurements {
    const t0 = performance.now();
    const m = this.robot(robot).measure(this.state, this.time);
    this.cost.layerMs += performance.now() - t0;
    return m;
  }

  /** MuJoCo's step alone, the motors' torques left as they are (the benchmark's bare-engine baseline). */
  stepEngineOnly(): void {
    this.engine('mj_step');
    this.steps++;
    this.stateCache = undefined;
  }

  /**
   * Makes a robot another NAO of the same kind: its bodies' masses and inertias times `mass`, its motors' torques
   * (gain and limit alike) times `motorStrength`. Robots differ so, and joints wear; a motion that works only at
   * factors of 1 is tuned to one model (docs/motion.md, "On B-Human's NAO model").
   */
  varyRobot(robot: string, factors: { mass?: number; motorStrength?: number }): void {
    const r = this.robot(robot);
    const mass = factors.mass ?? 1;
    const bodyMass = this.model.body_mass as Float64Array;
    const inertia = this.model.body_inertia as Float64Array;
    for (const b of this.bodiesOfRobot.get(r)!) {
      bodyMass[b] = bodyMass[b]! * mass;
      for (let i = 0; i < 3; i++) inertia[b * 3 + i] = inertia[b * 3 + i]! * mass;
    }
    for (const { motor } of r.actuated) motor.strength = factors.motorStrength ?? 1;
    // The subtree masses MuJoCo derives once at compile time (for the centres of mass) follow the new masses.
    this.mj.mj_setConst(this.model, this.data);
    this.stateCache = undefined;
  }

  /** Multiplies the sliding friction of every geometry (so of every contact: the carpet's decides the feet's). */
  scaleFriction(factor: number): void {
    const friction = this.model.geom_friction as Float64Array;
    for (let g = 0; g < friction.length; g += 3) friction[g] = friction[g]! * factor;
  }

  /** Pushes a robot's torso with `force` (N, field frame) during the next step. */
  push(robot: string, force: Vec3): void {
    const b = this.robot(robot).root.body * 6;
    const f = this.data.xfrc_applied as Float64Array;
    f[b] += force.x;
    f[b + 1] += force.y;
    f[b + 2] += force.z;
    this.forcesApplied = true;
  }

  /** Advances the world by one step of the scene's step length. */
  step(): void {
    const t0 = performance.now();
    const { qpos, qvel, ctrl } = this.state;
    const now = this.time / 1000;
    const dt = this.scene.stepLength;
    for (const r of this.robots)
      for (const { joint, motor } of r.actuated)
        ctrl[joint.actuator!] = motor.update(qpos[joint.qposAddress]!, qvel[joint.dofAddress]!, now, dt);
    const t1 = performance.now();
    this.engine('mj_step');
    this.cost.mujocoMs += performance.now() - t1;
    // Applied forces last one step (SimRobot clears them after each step).
    if (this.forcesApplied) (this.data.xfrc_applied as Float64Array).fill(0);
    this.forcesApplied = false;
    this.steps++;
    this.stateCache = undefined;
    this.afterStep(dt);
    this.cost.layerMs += performance.now() - t0;
  }

  /**
   * Ground-truth bookkeeping: heat, distance walked (while not fallen), falls (split by a contact with another
   * robot shortly before), get-ups (a fallen robot upright again by itself; `mv` does not count), ball touches.
   */
  private afterStep(dt: number): void {
    const qvel = this.state.qvel;
    const touching = this.steps % ROBOT_CHECK_STEPS === 0 ? this.robotsTouchingRobots() : undefined;
    for (const r of this.robots) {
      r.heat(dt);
      if (touching?.has(r)) r.lastRobotContact = this.time;
      const v = r.root.dofAddress;
      if (v !== undefined && !r.fallen) r.distance += Math.hypot(qvel[v]!, qvel[v + 1]!) * dt * 1000;
      const tilt = this.tilt(r);
      if (!r.fallen && tilt > FALLEN_TILT) {
        r.fallen = true;
        r.falls++;
        if (this.time - r.lastRobotContact <= CONTACT_FALL_WINDOW) r.fallsAfterContact++;
      } else if (r.fallen && tilt < UPRIGHT_TILT && this.rootPosition(r.rootIndex).z > UPRIGHT_HEIGHT) {
        r.fallen = false;
        r.getUps++;
      }
    }
    if (this.ballRoot !== undefined) this.detectBallTouch();
  }

  /**
   * The robots touching another robot, from MuJoCo's contact list (copied out of WebAssembly per contact), read
   * only when two torsos are near each other.
   */
  private robotsTouchingRobots(): Set<ArticulatedRobot> {
    const touching = new Set<ArticulatedRobot>();
    if (!this.robotsNearEachOther()) return touching;
    this.forEachContact((a, b) => {
      if (a === b) return;
      const robotA = this.robotOfRoot.get(a),
        robotB = this.robotOfRoot.get(b);
      if (robotA && robotB) {
        touching.add(robotA);
        touching.add(robotB);
      }
    });
    return touching;
  }

  /**
   * Calls `visit` with the root bodies of the two sides of every contact in MuJoCo's contact list, in its order;
   * each contact is copied out of WebAssembly and freed again.
   */
  private forEachContact(visit: (rootA: number, rootB: number) => void): void {
    const n = this.data.ncon;
    if (n === 0) return;
    const geomBody = this.model.geom_bodyid as Int32Array;
    const contacts = this.data.contact;
    try {
      for (let i = 0; i < n; i++) {
        const c = contacts.get(i);
        if (!c) continue;
        const a = this.rootOfBody[geomBody[c.geom1]!]!,
          b = this.rootOfBody[geomBody[c.geom2]!]!;
        c.delete();
        visit(a, b);
      }
    } finally {
      contacts.delete();
    }
  }

  /** Whether the torsos of two robots are near enough to touch. */
  private robotsNearEachOther(): boolean {
    const p = this.robots.map((r) => this.rootPosition(r.rootIndex));
    for (let i = 0; i < p.length; i++)
      for (let j = i + 1; j < p.length; j++)
        if (Math.hypot(p[i]!.x - p[j]!.x, p[i]!.y - p[j]!.y) < ROBOT_CHECK_DISTANCE) return true;
    return false;
  }

  /** Angle between the torso's z axis and the world's (rad). */
  private tilt(r: ArticulatedRobot): number {
    const [, x, y] = r.torsoQuaternion(this.state);
    return Math.acos(Math.max(-1, Math.min(1, 1 - 2 * (x * x + y * y))));
  }

  /**
   * Remembers which robot touched the ball. The model's contact sensors count each robot's contacts with the
   * ball, so most steps read a few numbers; MuJoCo's contact list (copied out of WebAssembly per contact) is read
   * only when several robots touch the ball at once, to keep the contact order's last robot as the toucher.
   * Touches count only while a link of some robot is near the ball (the rule from before the sensors).
   */
  private detectBallTouch(): void {
    const sensordata = this.state.sensordata;
    let touching: ArticulatedRobot | undefined;
    let several = false;
    for (const c of this.ballContacts) {
      if (sensordata[c.address]! <= 0) continue;
      if (touching) several = true;
      touching = c.robot;
    }
    if (!touching || !this.anyRobotNearBall()) return;
    if (several) this.readTouchesFromContacts();
    else this.lastTouchedBy = touching.name;
  }

  /** Whether some robot's torso is near the ball and one of its link frames is close to the ball's centre. */
  private anyRobotNearBall(): boolean {
    const ball = this.rootPosition(this.ballRoot!);
    const xpos = this.state.xpos;
    return this.robots.some((r) => {
      const p = this.rootPosition(r.rootIndex);
      if (Math.abs(p.x - ball.x) > TOUCH_CHECK_DISTANCE || Math.abs(p.y - ball.y) > TOUCH_CHECK_DISTANCE) return false;
      return this.bodiesOfRobot
        .get(r)!
        .some(
          (b) =>
            Math.hypot(xpos[b * 3]! - ball.x, xpos[b * 3 + 1]! - ball.y, xpos[b * 3 + 2]! - ball.z) < LINK_NEAR_BALL,
        );
    });
  }

  /** Sets the toucher from MuJoCo's contact list: the robot of the last contact with the ball. */
  private readTouchesFromContacts(): void {
    this.forEachContact((a, b) => {
      const other = a === this.ballRoot ? b : b === this.ballRoot ? a : undefined;
      const robot = other !== undefined ? this.robotOfRoot.get(other) : undefined;
      if (robot) this.lastTouchedBy = robot.name;
    });
  }

  /** World position (m) of a root body. */
  private rootPosition(root: number): Vec3 {
    const xpos = this.state.xpos;
    const b = this.description.roots[root]!.body * 3;
    return { x: xpos[b]!, y: xpos[b + 1]!, z: xpos[b + 2]! };
  }

  /**
   * Places a robot standing at rest (field frame, mm, rad): upright, velocities zero, its lowest point on the
   * ground. A robot on its feet keeps its joints where its motors hold them (the last request); a fallen one (lying,
   * or in the middle of getting up) is put down in the scene's initial pose, as a person stands a robot on its feet.
   */
  moveRobot(robot: string, pose: Pose2): void {
    const r = this.robot(robot);
    const qpos = this.data.qpos as Float64Array,
      qvel = this.data.qvel as Float64Array;
    const a = r.root.qposAddress,
      v = r.root.dofAddress;
    if (a === undefined || v === undefined) return;
    for (const { joint, motor } of r.actuated) {
      const hold = r.fallen ? joint.init : motor.spec.type === 'velocity' ? qpos[joint.qposAddress]! : motor.holding;
      qpos[joint.qposAddress] = hold;
      qvel[joint.dofAddress] = 0;
      motor.reset(hold);
    }
    qpos[a] = pose.translation.x / 1000;
    qpos[a + 1] = pose.translation.y / 1000;
    qpos[a + 2] = r.root.initial.translation.z;
    qpos.set([Math.cos(pose.rotation / 2), 0, 0, Math.sin(pose.rotation / 2)], a + 3);
    for (let i = 0; i < 6; i++) qvel[v + i] = 0;
    this.engine('mj_forward');
    qpos[a + 2] -= this.lowestPoint(r.rootIndex) - 0.001;
    this.engine('mj_forward');
    // Placed upright: not fallen any more, but it did not get up by itself.
    r.fallen = false;
    this.stateCache = undefined;
  }

  /** The lowest point (m) of a root's collision geometry (boxes exactly, other shapes by their radius). */
  private lowestPoint(root: number): number {
    const m = this.model,
      d = this.data;
    const geomBody = m.geom_bodyid as Int32Array,
      type = m.geom_type as Int32Array,
      size = m.geom_size as Float64Array;
    const xpos = d.geom_xpos as Float64Array,
      xmat = d.geom_xmat as Float64Array;
    const BOX = this.mj.mjtGeom.mjGEOM_BOX.value,
      SPHERE = this.mj.mjtGeom.mjGEOM_SPHERE.value;
    let lowest = Infinity;
    for (let g = 0; g < m.ngeom; g++) {
      if (this.rootOfBody[geomBody[g]!] !== root) continue;
      const z = xpos[g * 3 + 2]!;
      const s = size.subarray(g * 3, g * 3 + 3),
        R = xmat.subarray(g * 9 + 6, g * 9 + 9);
      // Row 2 of the (row-major) rotation: how much each local axis reaches down.
      const reach =
        type[g] === BOX
          ? Math.abs(R[0]!) * s[0]! + Math.abs(R[1]!) * s[1]! + Math.abs(R[2]!) * s[2]!
          : type[g] === SPHERE
            ? s[0]!
            : s[0]! + Math.abs(R[2]!) * s[1]!;
      lowest = Math.min(lowest, z - reach);
    }
    return Number.isFinite(lowest) ? lowest : 0;
  }

  /** Places the ball (mm; z defaults to resting on the ground) with an optional velocity (mm/s), rolling. */
  moveBall(position: { x: number; y: number; z?: number }, velocity: Vec3 = { x: 0, y: 0, z: 0 }): void {
    if (this.ballRoot === undefined) return;
    const root = this.description.roots[this.ballRoot]!;
    const qpos = this.data.qpos as Float64Array,
      qvel = this.data.qvel as Float64Array;
    const a = root.qposAddress!,
      v = root.dofAddress!;
    qpos.set(
      [
        position.x / 1000,
        position.y / 1000,
        position.z !== undefined ? position.z / 1000 : this.ballRadius,
        1,
        0,
        0,
        0,
      ],
      a,
    );
    // A free joint's angular velocity is in the body frame, which is the world frame at this orientation.
    qvel.set(
      [
        velocity.x / 1000,
        velocity.y / 1000,
        velocity.z / 1000,
        -velocity.y / 1000 / this.ballRadius,
        velocity.x / 1000 / this.ballRadius,
        0,
      ],
      v,
    );
    this.engine('mj_forward');
    this.stateCache = undefined;
  }

  /** A robot camera's pose in the field frame (mm) from the head's real kinematics; `upper` is the first camera. */
  cameraPose(robot: string, camera: 'upper' | 'lower'): Pose3 | undefined {
    const r = this.robot(robot);
    const cams = this.description.cameras.filter((c) => c.root === r.rootIndex);
    const cam =
      cams.find((c) => (camera === 'upper' ? /top|upper/i : /bottom|lower/i).test(c.name)) ??
      cams[camera === 'upper' ? 0 : 1];
    if (!cam) return undefined;
    const t = cam.local.translation;
    return composePose3(this.bodyPose(cam.body), {
      rotation: cam.local.rotation,
      translation: { x: t.x * 1000, y: t.y * 1000, z: t.z * 1000 },
    });
  }

  /** World pose (mm) of a MuJoCo body. */
  bodyPose(body: number): Pose3 {
    const xpos = this.state.xpos,
      xmat = this.data.xmat as Float64Array;
    const m = xmat.subarray(body * 9, body * 9 + 9);
    // MuJoCo's matrices are row-major; Pose3 rotations are column-major.
    return {
      rotation: [m[0]!, m[3]!, m[6]!, m[1]!, m[4]!, m[7]!, m[2]!, m[5]!, m[8]!],
      translation: { x: xpos[body * 3]! * 1000, y: xpos[body * 3 + 1]! * 1000, z: xpos[body * 3 + 2]! * 1000 },
    };
  }

  /**
   * Where the physics has MuJoCo bodies `bodies`: 7 numbers per body appended to `out`, position (mm, field frame)
   * and orientation quaternion (w, x, y, z). For the views, not the step.
   */
  bodyPoses(bodies: readonly number[], out: number[] = []): number[] {
    const { xpos, xquat } = this.state;
    for (const b of bodies)
      out.push(
        xpos[b * 3]! * 1000,
        xpos[b * 3 + 1]! * 1000,
        xpos[b * 3 + 2]! * 1000,
        xquat[b * 4]!,
        xquat[b * 4 + 1]!,
        xquat[b * 4 + 2]!,
        xquat[b * 4 + 3]!,
      );
    return out;
  }

  /** The MuJoCo body of the ball, if the scene has one. */
  get ballBody(): number | undefined {
    return this.ballRoot === undefined ? undefined : this.description.roots[this.ballRoot]!.body;
  }

  /** The ground-truth state after the last step (the same object until the world changes: treat it as read-only). */
  getState(): WorldState {
    return (this.stateCache ??= this.computeState());
  }

  private computeState(): WorldState {
    const qvel = this.state.qvel;
    const robots: RobotGroundTruth[] = this.robots.map((r) => {
      const p = this.rootPosition(r.rootIndex);
      const [w, x, y, z] = r.torsoQuaternion(this.state);
      const yaw = Math.atan2(2 * (w * z + x * y), 1 - 2 * (y * y + z * z));
      const v = r.root.dofAddress;
      const vx = v === undefined ? 0 : qvel[v]! * 1000,
        vy = v === undefined ? 0 : qvel[v + 1]! * 1000;
      const c = Math.cos(yaw),
        s = Math.sin(yaw);
      const wz = v === undefined ? 0 : qvel[v + 5]!;
      return {
        name: r.name,
        team: r.def.team,
        playerNumber: r.def.playerNumber,
        controlled: r.controlled,
        pose: { rotation: normalizeAngle(yaw), translation: { x: p.x * 1000, y: p.y * 1000 } },
        velocity: { rotation: wz, translation: { x: vx, y: vy } },
        walkSpeed: { rotation: wz, translation: { x: c * vx + s * vy, y: -s * vx + c * vy } },
        fallen: r.fallen,
        upAgainAt: undefined,
        falls: r.falls,
        fallsAfterContact: r.fallsAfterContact,
        getUps: r.getUps,
        kicks: 0,
        distanceWalked: r.distance,
        torso: {
          z: p.z * 1000,
          roll: Math.atan2(2 * (w * x + y * z), 1 - 2 * (x * x + y * y)),
          pitch: Math.asin(Math.max(-1, Math.min(1, 2 * (w * y - z * x)))),
        },
      };
    });
    let ball: BallGroundTruth | undefined;
    if (this.ballRoot !== undefined) {
      const p = this.rootPosition(this.ballRoot),
        v = this.description.roots[this.ballRoot]!.dofAddress!;
      ball = {
        position: { x: p.x * 1000, y: p.y * 1000, z: p.z * 1000 },
        velocity: { x: qvel[v]! * 1000, y: qvel[v + 1]! * 1000, z: qvel[v + 2]! * 1000 },
        lastTouchedBy: this.lastTouchedBy,
      };
    }
    return { time: this.time, step: this.steps, robots, ball };
  }

  /** Releases MuJoCo's memory (WebAssembly objects are not garbage-collected). */
  dispose(): void {
    this.data.delete();
    this.model.delete();
  }
}

/** Compiles the MJCF; MuJoCo's complaint is reported at the scene element behind the offending line. */
function compile(mj: Mujoco, description: ModelDescription): MjModel {
  try {
    return mj.MjModel.from_xml_string(description.xml);
  } catch (e) {
    const message = String((e as Error)?.message ?? e).replace(/^MuJoCo Error: (Loading error: )?(Error: )?/, '');
    const line = /line (\d+)/.exec(message);
    const node = line ? description.lineNodes[Number(line[1]) - 1] : undefined;
    const detail = `the physics engine refused the scene: ${message.split('\n')[0]!.trim()}`;
    if (node) throw new SceneError(node.file, node.line, node.path, detail);
    throw new SceneError(description.roots[0]?.node.file ?? 'scene', 1, '', detail);
  }
}
