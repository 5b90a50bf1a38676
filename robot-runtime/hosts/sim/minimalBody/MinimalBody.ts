/**
 * @file A minimal simulated body for running one robot on a PC without the simulator (`npm run robot`): joint
 * sensors follow the joint requests with a lag, the IMU reports standing upright, the robot moves on the field
 * as its odometry says, and the ball rolls and can be kicked. Each thread gets the data B-Human's simulator
 * would inject (formats §7.3) through LogDataProvider, so the modules cannot tell this body from a real one.
 */
import type { InjectedData } from '@robot-runtime/core/module/defineModule';
import type { Pose2 } from '@robot-runtime/math/types';
import { JointMotors } from '../jointMotors';
import { naoCameraInfo } from '@robot-runtime/representations/Infrastructure/CameraInfo';
import { JOINT_IGNORE, JOINT_OFF, numOfJoints } from '@robot-runtime/representations/Infrastructure/Joints';
import { InertialData } from '@robot-runtime/representations/Sensing/InertialData';
import { MinimalWorld, moveRobot, rollBall, type WorldSnapshot } from './MinimalWorld';

/** Read access to the thread's blackboard (previous frame's values of its own representations). */
export interface BlackboardView {
  get(name: string): unknown;
}

/** Who the robot is, for the data that identifies it. */
export interface BodySettings {
  teamNumber: number;
  playerNumber: number;
  /** Where the robot starts (field coordinates, mm and rad). */
  startPose: Pose2;
  /** Where the ball starts (mm). */
  ballStart: { x: number; y: number };
}

export const defaultBodySettings: BodySettings = {
  teamNumber: 5,
  playerNumber: 1,
  startPose: { rotation: 0, translation: { x: -2000, y: 0 } },
  ballStart: { x: 800, y: 300 },
};

/** How fast simulated joints follow their requests (fraction of the remaining error per Motion frame). */
const JOINT_RESPONSE = 0.35;
/** Kick reach: the ball must be this close in front of the robot (mm). */
const KICK_REACH = 250;
/** Ball speed after a kick (mm/s). */
const KICK_SPEED = 2500;

function injected(values: Record<string, unknown>): InjectedData {
  return { get: (name) => values[name] };
}

/** Produces each thread's injected data per frame; one instance per robot and thread. */
export class MinimalBody {
  private jointAngles: number[] = new Array<number>(numOfJoints).fill(0);
  /** Currents and temperatures of the joint motors (what the joints view shows). */
  private readonly motors = new JointMotors();
  private lastOdometry: Pose2 | undefined;
  private lastMotionTime: number | undefined;
  private wasKicking = false;

  constructor(
    private readonly world: MinimalWorld,
    private readonly settings: BodySettings = defaultBodySettings,
  ) {}

  /** Initializes the shared world (call once, before the threads start). */
  static createWorld(settings: BodySettings = defaultBodySettings, buffer?: SharedArrayBuffer): MinimalWorld {
    const world = new MinimalWorld(buffer);
    world.write({ robot: settings.startPose, ball: { ...settings.ballStart }, ballVelocity: { x: 0, y: 0 } });
    return world;
  }

  /** The injected data for one frame of `thread` at `timeMs`. */
  frame(thread: string, timeMs: number, blackboard: BlackboardView): InjectedData {
    const time = Math.max(0, Math.round(timeMs));
    switch (thread) {
      case 'Motion':
        return this.motion(time, blackboard);
      case 'Upper':
      case 'Lower':
        return this.camera(thread, time);
      default:
        return injected({
          FrameInfo: { time },
          Settings: { teamNumber: this.settings.teamNumber, playerNumber: this.settings.playerNumber },
        });
    }
  }

  private motion(time: number, blackboard: BlackboardView): InjectedData {
    const request = blackboard.get('JointRequest') as { angles: number[]; stiffnesses?: number[] } | undefined;
    if (request) {
      this.jointAngles = this.jointAngles.map((angle, i) => {
        const target = request.angles[i]!;
        return target === JOINT_OFF || target === JOINT_IGNORE ? angle : angle + (target - angle) * JOINT_RESPONSE;
      });
    }
    this.stepWorld(time, blackboard);
    this.motors.update(time, request, this.jointAngles);
    return injected({
      FrameInfo: { time },
      JointSensorData: {
        angles: [...this.jointAngles],
        timestamp: time,
        currents: this.motors.currents(),
        temperatures: this.motors.temperatures(),
      },
      InertialData: InertialData.defaultValue(),
    });
  }

  /** Moves the robot by its odometry since the last frame, rolls the ball, applies kicks. */
  private stepWorld(time: number, blackboard: BlackboardView): void {
    const state: WorldSnapshot = this.world.read();
    const odometry = blackboard.get('OdometryData') as Pose2 | undefined;
    if (odometry && this.lastOdometry) {
      const dRotation = odometry.rotation - this.lastOdometry.rotation;
      const dGlobal = {
        x: odometry.translation.x - this.lastOdometry.translation.x,
        y: odometry.translation.y - this.lastOdometry.translation.y,
      };
      // Odometry accumulates in the frame the robot started in: express the increment in the robot's frame.
      const c = Math.cos(-this.lastOdometry.rotation);
      const s = Math.sin(-this.lastOdometry.rotation);
      state.robot = moveRobot(state.robot, {
        rotation: dRotation,
        translation: { x: c * dGlobal.x - s * dGlobal.y, y: s * dGlobal.x + c * dGlobal.y },
      });
    }
    if (odometry) this.lastOdometry = { rotation: odometry.rotation, translation: { ...odometry.translation } };
    if (this.lastMotionTime !== undefined) rollBall(state, time - this.lastMotionTime);
    this.lastMotionTime = time;
    const kicking = Boolean((blackboard.get('MotionInfo') as { isKicking?: boolean } | undefined)?.isKicking);
    if (kicking && !this.wasKicking) this.kick(state);
    this.wasKicking = kicking;
    this.world.write(state);
  }

  private kick(state: WorldSnapshot): void {
    const dx = state.ball.x - state.robot.translation.x;
    const dy = state.ball.y - state.robot.translation.y;
    const c = Math.cos(-state.robot.rotation);
    const s = Math.sin(-state.robot.rotation);
    const local = { x: c * dx - s * dy, y: s * dx + c * dy };
    if (local.x < 0 || Math.hypot(local.x, local.y) > KICK_REACH) return;
    state.ballVelocity = {
      x: Math.cos(state.robot.rotation) * KICK_SPEED,
      y: Math.sin(state.robot.rotation) * KICK_SPEED,
    };
  }

  private camera(thread: 'Upper' | 'Lower', time: number): InjectedData {
    const state = this.world.read();
    const upper = thread === 'Upper';
    return injected({
      FrameInfo: { time },
      CameraInfo: naoCameraInfo(upper ? 0 : 1, upper ? 640 : 320, upper ? 480 : 240),
      GroundTruthWorldState: {
        ownTeamPlayers: [],
        opponentTeamPlayers: [],
        ownPose: state.robot,
        balls: [
          {
            position: { x: state.ball.x, y: state.ball.y, z: 50 },
            velocity: { x: state.ballVelocity.x, y: state.ballVelocity.y, z: 0 },
          },
        ],
      },
    });
  }
}
