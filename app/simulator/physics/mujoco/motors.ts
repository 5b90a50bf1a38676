/**
 * The joint motors of the articulated simulation, computed each step as a torque for MuJoCo's plain torque
 * actuators (SimRobot's MuJoCo core does the same): a ServoMotor is a PD position servo, torque =
 * p·(setpoint − angle) − d·velocity, clipped to ±maxForce, its setpoint clipped to the joint's range and taking
 * effect `delay` seconds after it was given; a VelocityMotor drives the joint's speed towards its setpoint within
 * ±maxForce; a PT2Motor moves its setpoint through a second-order lag (time constant T, damping D, gain K,
 * speed ≤ V) and holds the joint on it with a stiff PD limited to ±F. `stiffness` (0..1, the NAO's per-joint
 * stiffness) scales the torque: 0 lets the joint go limp; `strength` makes the motor weaker or stronger.
 */
import type { MotorSpec } from '../../scene/sceneGraph';

/** Velocity gain of a VelocityMotor: full force when the speed is off by a tenth of its maximum. */
const VELOCITY_GAIN_AT = 0.1;
/** PD gains that hold a PT2Motor's joint on its filtered setpoint (Nm/rad, Nm·s/rad). */
const PT2_P = 40;
const PT2_D = 1;

/** One motor's state between steps. */
export class MotorController {
  /** The setpoint in effect (rad, m, or rad/s for a velocity motor). */
  private setpoint: number;
  /** Setpoints not yet in effect: [time (s) they apply, value]. */
  private readonly queue: [number, number][] = [];
  /** PT2 state: filtered setpoint and its rate. */
  private y: number;
  private yRate = 0;
  /** Stiffness 0..1. */
  stiffness = 1;
  /** Factor on the motor's torque, gain and limit alike: 1 as the scene says, below 1 a weaker (worn) motor. */
  strength = 1;
  /** The torque (Nm or N) written last. */
  torque = 0;

  constructor(
    readonly spec: MotorSpec,
    private readonly range: [number, number] | undefined,
    initial: number,
  ) {
    this.setpoint = spec.type === 'velocity' ? 0 : initial;
    this.y = initial;
  }

  /** Commands a new setpoint at simulated time `now` (s). */
  command(value: number, now: number): void {
    const v =
      this.range && this.spec.type !== 'velocity' ? Math.min(this.range[1], Math.max(this.range[0], value)) : value;
    const delay = this.spec.type === 'servo' ? this.spec.delay : 0;
    if (delay <= 0) {
      this.setpoint = v;
      // Setting an array's length is a slow generic store: only when something is queued (after a delay change).
      if (this.queue.length) this.queue.length = 0;
      return;
    }
    // Bounded: one entry per command within the delay window, older ones are consumed every step.
    if (this.queue.length > 1000) this.queue.shift();
    this.queue.push([now + delay, v]);
  }

  /** Forgets queued setpoints and holds `value` (after the robot was moved). */
  reset(value: number): void {
    this.queue.length = 0;
    this.setpoint = this.spec.type === 'velocity' ? 0 : value;
    this.y = value;
    this.yRate = 0;
  }

  /** The torque for this step from the joint's position and velocity at simulated time `now` (s, step dt). */
  update(position: number, velocity: number, now: number, dt: number): number {
    while (this.queue.length && this.queue[0]![0] <= now + 1e-9) this.setpoint = this.queue.shift()![1];
    const s = this.spec;
    let torque: number;
    if (s.type === 'servo') torque = clip(s.p * (this.setpoint - position) - s.d * velocity, s.maxForce);
    else if (s.type === 'velocity') {
      const target = clip(this.setpoint, s.maxVelocity);
      torque = clip(
        (s.maxForce / (VELOCITY_GAIN_AT * Math.max(s.maxVelocity, 1e-6))) * (target - velocity),
        s.maxForce,
      );
    } else {
      // y'' = (K·u − y − 2·D·T·y') / T²; a T of 0 follows the setpoint at once.
      if (s.T > 0) {
        this.yRate += ((s.K * this.setpoint - this.y - 2 * s.D * s.T * this.yRate) / (s.T * s.T)) * dt;
        if (s.V > 0) this.yRate = clip(this.yRate, s.V);
        this.y += this.yRate * dt;
      } else this.y = s.K * this.setpoint;
      torque = clip(PT2_P * (this.y - position) - PT2_D * velocity, s.F);
    }
    this.torque = torque * this.stiffness * this.strength;
    return this.torque;
  }

  /** The position the motor holds now (its setpoint; a velocity motor's filtered position is meaningless). */
  get holding(): number {
    return this.spec.type === 'pt2' ? this.y : this.setpoint;
  }

  /** The largest torque the motor gives (Nm or N). */
  get maxTorque(): number {
    return this.spec.type === 'pt2' ? this.spec.F : this.spec.maxForce;
  }
}

const clip = (v: number, limit: number): number => (limit > 0 ? Math.min(limit, Math.max(-limit, v)) : v);
