/**
 * The simulated world: a Rapier world with the scene's static geometry, the ball and one upright body per robot.
 * Robots are dynamic capsules that may only translate in the ground plane and turn about z; each step their
 * velocity is set from the walk command (clipped to NAO limits, ramped by the acceleration limits), so they push
 * the ball and each other, and walls and posts stop them. Units at the API: mm, rad, s; inside Rapier: metres.
 * Deterministic: a fixed step, fixed creation order and no wall clock, so the same calls give the same states.
 */
import type { Pose2, Vec3 } from '@robot-runtime/math/types';
import { normalizeAngle } from '@robot-runtime/math/vec2';
import { quaternionFromYaw, yawOf } from '../geometry/quaternion';
import type { RobotDefinition, SceneModel } from '../scene/SceneModel';
import { FALL_PUSH_THRESHOLD, GET_UP_DURATION, integratePush, pushedSpeed } from './fallModel';
import { kickingFoot, MAX_KICK_SPEED } from './kick';
import { RAPIER } from './rapier';
import { horizontalSpeed, rollingScale } from './rollingResistance';
import { addStaticColliders } from './staticColliders';
import { accelerate, clipWalkSpeed, NAO_WALK_LIMITS, type WalkLimits } from './walkLimits';
import type { BallGroundTruth, RobotGroundTruth, WorldState } from './WorldState';

/**
 * The robot's collision shape: an upright capsule of radius 100 mm (half the NAO's shoulder width of ~275 mm,
 * its feet reach ~100 mm forward) from 10 mm to 570 mm above the ground (the NAO is 574 mm tall).
 */
export const ROBOT_RADIUS = 0.1;
const ROBOT_HALF_HEIGHT = 0.18;
const ROBOT_CENTER_Z = 0.29;
/** Coefficient of restitution of a robot's body (plastic shell). */
const ROBOT_RESTITUTION = 0.5;

const zeroPose = (): Pose2 => ({ rotation: 0, translation: { x: 0, y: 0 } });

interface SimRobot {
  def: RobotDefinition;
  controlled: boolean;
  body: InstanceType<typeof RAPIER.RigidBody>;
  target: Pose2;
  current: Pose2;
  push: number;
  fallen: boolean;
  upAgainAt: number | undefined;
  falls: number;
  getUps: number;
  kicks: number;
  distance: number;
  velocity: Pose2;
}

/** Options beyond the scene model. */
export interface PhysicsOptions {
  walkLimits?: WalkLimits;
}

/** The physics of one scene. Call `await initPhysics()` once before constructing. */
export class PhysicsWorld {
  private readonly world: InstanceType<typeof RAPIER.World>;
  private readonly robots: SimRobot[] = [];
  private readonly byName = new Map<string, SimRobot>();
  private readonly ball: InstanceType<typeof RAPIER.RigidBody> | undefined;
  private readonly ballRadius: number;
  private readonly stepMs: number;
  private readonly limits: WalkLimits;
  private steps = 0;
  private lastTouchedBy: string | undefined;

  constructor(
    readonly scene: SceneModel,
    options: PhysicsOptions = {},
  ) {
    this.limits = options.walkLimits ?? NAO_WALK_LIMITS;
    this.world = new RAPIER.World({ x: 0, y: 0, z: scene.gravity });
    this.world.timestep = scene.stepLength;
    // Simulated time advances by whole milliseconds per step, as B-Human's simulator does.
    this.stepMs = Math.round(scene.stepLength * 1000);
    addStaticColliders(this.world, scene.graph);

    for (const def of [...scene.robots, ...scene.extras]) {
      const p = def.pose2;
      const body = this.world.createRigidBody(
        RAPIER.RigidBodyDesc.dynamic()
          .setTranslation(p.translation.x / 1000, p.translation.y / 1000, ROBOT_CENTER_Z)
          .setRotation(quaternionFromYaw(p.rotation))
          .setGravityScale(0)
          .enabledTranslations(true, true, false)
          .enabledRotations(false, false, true)
          .setCanSleep(false),
      );
      const collider = RAPIER.ColliderDesc.capsule(ROBOT_HALF_HEIGHT, ROBOT_RADIUS)
        .setRotation({ x: Math.SQRT1_2, y: 0, z: 0, w: Math.SQRT1_2 })
        .setMass(def.model.mass > 0 ? def.model.mass : 5.3)
        .setFriction(0.3)
        .setRestitution(ROBOT_RESTITUTION);
      this.world.createCollider(collider, body);
      const robot: SimRobot = {
        def,
        controlled: scene.robots.includes(def),
        body,
        target: zeroPose(),
        current: zeroPose(),
        push: 0,
        fallen: false,
        upAgainAt: undefined,
        falls: 0,
        getUps: 0,
        kicks: 0,
        distance: 0,
        velocity: zeroPose(),
      };
      this.robots.push(robot);
      this.byName.set(def.name, robot);
    }

    this.ballRadius = (scene.ball?.radius ?? 50) / 1000;
    if (scene.ball) {
      const b = scene.ball;
      this.ball = this.world.createRigidBody(
        RAPIER.RigidBodyDesc.dynamic()
          .setTranslation(b.position.x / 1000, b.position.y / 1000, Math.max(b.position.z / 1000, this.ballRadius))
          .setCcdEnabled(true)
          .setCanSleep(false),
      );
      this.world.createCollider(
        RAPIER.ColliderDesc.ball(this.ballRadius).setMass(b.mass).setFriction(b.friction).setRestitution(b.restitution),
        this.ball,
      );
    }
  }

  /** Simulated time (ms). */
  get time(): number {
    return this.steps * this.stepMs;
  }

  private robot(name: string): SimRobot {
    const r = this.byName.get(name);
    if (!r) throw new Error(`no robot named '${name}'`);
    return r;
  }

  /** Sets a robot's requested walk speed (robot frame: mm/s, rad/s); it is clipped to the walk limits. */
  setWalk(robot: string, speed: Pose2): void {
    this.robot(robot).target = clipWalkSpeed(speed, this.limits);
  }

  /**
   * Kicks the ball if it lies in front of one of the robot's feet: the ball gets an impulse giving it
   * `strength` (0..1) of the maximum kick speed in `direction` (rad, robot frame). Returns whether it hit.
   */
  kick(robot: string, strength: number, direction = 0): boolean {
    const r = this.robot(robot);
    if (!this.ball || r.fallen) return false;
    const rp = r.body.translation();
    const yaw = yawOf(r.body.rotation());
    const bp = this.ball.translation();
    if (bp.z > 3 * this.ballRadius) return false;
    const dx = (bp.x - rp.x) * 1000,
      dy = (bp.y - rp.y) * 1000;
    const rel = { x: Math.cos(yaw) * dx + Math.sin(yaw) * dy, y: -Math.sin(yaw) * dx + Math.cos(yaw) * dy };
    if (!kickingFoot(rel)) return false;
    const speed = (Math.max(0, Math.min(1, strength)) * MAX_KICK_SPEED) / 1000;
    const heading = yaw + direction;
    const v = this.ball.linvel();
    const m = this.ball.mass();
    this.ball.applyImpulse(
      { x: m * (speed * Math.cos(heading) - v.x), y: m * (speed * Math.sin(heading) - v.y), z: 0 },
      true,
    );
    this.setRollingSpin(speed * Math.cos(heading), speed * Math.sin(heading));
    r.kicks++;
    this.lastTouchedBy = r.def.name;
    return true;
  }

  /** Places a robot (field frame, mm, rad); it stops, and a fallen robot stays fallen. */
  moveRobot(robot: string, pose: Pose2): void {
    const r = this.robot(robot);
    r.body.setTranslation({ x: pose.translation.x / 1000, y: pose.translation.y / 1000, z: ROBOT_CENTER_Z }, true);
    r.body.setRotation(quaternionFromYaw(pose.rotation), true);
    r.body.setLinvel({ x: 0, y: 0, z: 0 }, true);
    r.body.setAngvel({ x: 0, y: 0, z: 0 }, true);
    r.current = zeroPose();
    r.push = 0;
  }

  /** Places the ball (mm; z defaults to resting on the ground) with an optional velocity (mm/s). */
  moveBall(position: { x: number; y: number; z?: number }, velocity: Vec3 = { x: 0, y: 0, z: 0 }): void {
    if (!this.ball) return;
    this.ball.setTranslation(
      { x: position.x / 1000, y: position.y / 1000, z: position.z !== undefined ? position.z / 1000 : this.ballRadius },
      true,
    );
    this.ball.setLinvel({ x: velocity.x / 1000, y: velocity.y / 1000, z: velocity.z / 1000 }, true);
    this.setRollingSpin(velocity.x / 1000, velocity.y / 1000);
  }

  /**
   * Gives the ball the spin of rolling without slipping at (vx, vy) m/s, so that the given speed is the rolling
   * speed (a ball set sliding would first lose 2/7 of its speed to friction while spinning up).
   */
  private setRollingSpin(vx: number, vy: number): void {
    this.ball!.setAngvel({ x: -vy / this.ballRadius, y: vx / this.ballRadius, z: 0 }, true);
  }

  /** Advances the world by one step of the scene's step length. */
  step(): void {
    const dt = this.scene.stepLength;
    const now = this.time;
    for (const r of this.robots) {
      if (r.fallen && r.upAgainAt !== undefined && now >= r.upAgainAt) {
        r.fallen = false;
        r.upAgainAt = undefined;
        r.push = 0;
        r.getUps++;
      }
      r.current = r.fallen ? zeroPose() : accelerate(r.current, r.target, dt, this.limits);
      const yaw = yawOf(r.body.rotation());
      const c = Math.cos(yaw),
        s = Math.sin(yaw);
      const vx = c * r.current.translation.x - s * r.current.translation.y;
      const vy = s * r.current.translation.x + c * r.current.translation.y;
      r.body.setLinvel({ x: vx / 1000, y: vy / 1000, z: 0 }, true);
      r.body.setAngvel({ x: 0, y: 0, z: r.current.rotation }, true);
    }
    this.applyRollingResistance(dt);
    this.world.step();
    this.steps++;
    this.afterStep(dt);
  }

  private applyRollingResistance(dt: number): void {
    const ball = this.ball;
    if (!ball || ball.translation().z > this.ballRadius * 1.1) return;
    const v = ball.linvel();
    const scale = rollingScale(horizontalSpeed(v), this.scene.ball!.rollingFriction, -this.scene.gravity, dt);
    if (scale === 1) return;
    ball.setLinvel({ x: v.x * scale, y: v.y * scale, z: v.z }, true);
    const w = ball.angvel();
    ball.setAngvel({ x: w.x * scale, y: w.y * scale, z: w.z * scale }, true);
  }

  private afterStep(dt: number): void {
    const now = this.time;
    const touchDistance = 2 * ROBOT_RADIUS + 0.005;
    // One read per body: every read crosses into WebAssembly.
    const positions = this.robots.map((r) => r.body.translation());
    for (const [i, r] of this.robots.entries()) {
      const v = r.body.linvel();
      const yaw = yawOf(r.body.rotation());
      r.velocity = { rotation: r.body.angvel().z, translation: { x: v.x * 1000, y: v.y * 1000 } };
      r.distance += Math.hypot(v.x, v.y) * dt * 1000;
      if (r.fallen) continue;
      const p = positions[i]!;
      const touching = positions.some(
        (o, j) => j !== i && Math.abs(o.x - p.x) < touchDistance && Math.hypot(o.x - p.x, o.y - p.y) < touchDistance,
      );
      const c = Math.cos(yaw),
        s = Math.sin(yaw);
      const commanded = {
        x: c * r.current.translation.x - s * r.current.translation.y,
        y: s * r.current.translation.x + c * r.current.translation.y,
      };
      r.push = integratePush(r.push, touching ? pushedSpeed(commanded, r.velocity.translation) : 0, dt);
      if (r.push > FALL_PUSH_THRESHOLD) {
        r.fallen = true;
        r.falls++;
        r.upAgainAt = now + Math.round(GET_UP_DURATION * 1000);
        r.current = zeroPose();
      }
    }
    if (this.ball) {
      const b = this.ball.translation();
      for (const [i, r] of this.robots.entries()) {
        const p = positions[i]!;
        if (Math.hypot(b.x - p.x, b.y - p.y) < ROBOT_RADIUS + this.ballRadius + 0.01) this.lastTouchedBy = r.def.name;
      }
    }
  }

  /** The ground-truth state after the last step. */
  getState(): WorldState {
    const robots: RobotGroundTruth[] = this.robots.map((r) => {
      const t = r.body.translation();
      return {
        name: r.def.name,
        team: r.def.team,
        playerNumber: r.def.playerNumber,
        controlled: r.controlled,
        pose: { rotation: normalizeAngle(yawOf(r.body.rotation())), translation: { x: t.x * 1000, y: t.y * 1000 } },
        velocity: { rotation: r.velocity.rotation, translation: { ...r.velocity.translation } },
        walkSpeed: { rotation: r.current.rotation, translation: { ...r.current.translation } },
        fallen: r.fallen,
        upAgainAt: r.upAgainAt,
        falls: r.falls,
        // A capsule falls only when pushed by a robot it touches.
        fallsAfterContact: r.falls,
        getUps: r.getUps,
        kicks: r.kicks,
        distanceWalked: r.distance,
      };
    });
    let ball: BallGroundTruth | undefined;
    if (this.ball) {
      const p = this.ball.translation(),
        v = this.ball.linvel();
      ball = {
        position: { x: p.x * 1000, y: p.y * 1000, z: p.z * 1000 },
        velocity: { x: v.x * 1000, y: v.y * 1000, z: v.z * 1000 },
        lastTouchedBy: this.lastTouchedBy,
      };
    }
    return { time: this.time, step: this.steps, robots, ball };
  }

  /** Releases the engine's memory (WebAssembly objects are not garbage-collected). */
  dispose(): void {
    this.world.free();
  }
}
