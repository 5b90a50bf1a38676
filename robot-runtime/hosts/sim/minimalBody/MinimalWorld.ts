/**
 * @file The world of the standalone robot's minimal simulated body: one robot and one ball on an empty field.
 * It lives in a SharedArrayBuffer because the robot's threads may run in different workers: the Motion thread
 * is the only writer (it knows how the robot walked), the camera threads read it to see the ball. A sequence
 * counter (seqlock) keeps readers from seeing half an update.
 */
import type { Pose2, Vec2 } from '@robot-runtime/math/types';
import { normalizeAngle, rotate } from '@robot-runtime/math/vec2';

/** What the world holds. */
export interface WorldSnapshot {
  robot: Pose2;
  ball: Vec2;
  ballVelocity: Vec2;
}

const SEQ = 0;
const F = { robotX: 0, robotY: 1, robotRot: 2, ballX: 3, ballY: 4, ballVx: 5, ballVy: 6 } as const;
const FLOATS = 7;

/** Rolling resistance of the ball on carpet (mm/s² of deceleration). */
const BALL_DECELERATION = 350;

/** Shared state of one robot's minimal world. */
export class MinimalWorld {
  private readonly seq: Int32Array;
  private readonly values: Float64Array;

  constructor(readonly buffer: SharedArrayBuffer = new SharedArrayBuffer(8 + FLOATS * 8)) {
    this.seq = new Int32Array(buffer, 0, 2);
    this.values = new Float64Array(buffer, 8, FLOATS);
  }

  /** Sets the whole state (single writer only). */
  write(state: WorldSnapshot): void {
    Atomics.add(this.seq, SEQ, 1); // odd: writing
    const v = this.values;
    v[F.robotX] = state.robot.translation.x;
    v[F.robotY] = state.robot.translation.y;
    v[F.robotRot] = state.robot.rotation;
    v[F.ballX] = state.ball.x;
    v[F.ballY] = state.ball.y;
    v[F.ballVx] = state.ballVelocity.x;
    v[F.ballVy] = state.ballVelocity.y;
    Atomics.add(this.seq, SEQ, 1); // even: consistent
  }

  /** A consistent copy of the state (retries while the writer is in the middle of an update). */
  read(): WorldSnapshot {
    for (;;) {
      const before = Atomics.load(this.seq, SEQ);
      if (before & 1) continue;
      const v = this.values;
      const snapshot: WorldSnapshot = {
        robot: { rotation: v[F.robotRot]!, translation: { x: v[F.robotX]!, y: v[F.robotY]! } },
        ball: { x: v[F.ballX]!, y: v[F.ballY]! },
        ballVelocity: { x: v[F.ballVx]!, y: v[F.ballVy]! },
      };
      if (Atomics.load(this.seq, SEQ) === before) return snapshot;
    }
  }
}

/** Moves the robot by an odometry increment (expressed in the robot's frame). */
export function moveRobot(robot: Pose2, delta: Pose2): Pose2 {
  const t = rotate(delta.translation, robot.rotation);
  return {
    rotation: normalizeAngle(robot.rotation + delta.rotation),
    translation: { x: robot.translation.x + t.x, y: robot.translation.y + t.y },
  };
}

/** Rolls the ball for `dtMs` with constant deceleration until it stops. */
export function rollBall(state: WorldSnapshot, dtMs: number): void {
  const dt = dtMs / 1000;
  const speed = Math.hypot(state.ballVelocity.x, state.ballVelocity.y);
  if (speed === 0) return;
  const newSpeed = Math.max(0, speed - BALL_DECELERATION * dt);
  const travelled = ((speed + newSpeed) / 2) * dt;
  state.ball.x += (state.ballVelocity.x / speed) * travelled;
  state.ball.y += (state.ballVelocity.y / speed) * travelled;
  state.ballVelocity.x *= newSpeed / speed;
  state.ballVelocity.y *= newSpeed / speed;
}
