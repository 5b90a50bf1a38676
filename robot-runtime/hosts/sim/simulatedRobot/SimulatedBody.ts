/**
 * @file The body of a robot inside the simulator: per frame it turns what the simulated world reports about this
 * robot (its senses) into the data B-Human's simulator injects per thread (formats §7.3), and after a frame it reads
 * what the robot wants the world to do (walk, kick, broadcast). In an articulated simulation the world measures
 * the Motion thread's sensors (joints, IMU, foot pressure); otherwise they are synthesized: joint sensors follow
 * the joint requests with a lag, the IMU reports the torso lying on the ground while the robot is fallen. Cameras
 * get their CameraInfo,
 * the ground truth in the robot's team frame and, when one was rendered, the image; the Cognition thread gets the
 * GameController's data, team messages and the ground truth too. Pure: the world behind the
 * senses is the simulator's business.
 */
import { JointMotors } from '../jointMotors';
import type { InjectedData } from '@robot-runtime/core/module/defineModule';
import type { Pose2 } from '@robot-runtime/math/types';
import { naoCameraInfo } from '@robot-runtime/representations/Infrastructure/CameraInfo';
import { JOINT_IGNORE, JOINT_OFF, numOfJoints } from '@robot-runtime/representations/Infrastructure/Joints';

/** A received team message as the Cognition thread gets it. */
export interface ReceivedTeamMessage {
  bytes: Uint8Array;
  receivedAt: number;
}

/** What the world tells one robot; the simulator refreshes it every step. */
export interface RobotSenses {
  /** GroundTruthWorldState in the robot's team frame (a plain value of that representation). */
  groundTruth(): unknown;
  /** GameControllerData (a plain value of that representation), or undefined without a GameController. */
  gameControllerData(): unknown;
  /** Whether the robot lies on the ground, and whether it fell forwards. */
  fallen: boolean;
  fellForward: boolean;
  /** How fast the body turns (rad/s, counterclockwise), pushes and collisions included: what the gyro's z measures. */
  turnRate: number;
  /**
   * The Motion thread's sensor data measured by an articulated simulation (plain values of JointSensorData,
   * InertialData and FsrSensorData); without it the body synthesizes them.
   */
  measurements?(): { JointSensorData: { angles: number[] }; InertialData: unknown; FsrSensorData: unknown };
  /** A rendered image for the camera thread (`Upper`/`Lower`), if one is due. */
  /** The rendered YUYV image of a camera frame (width in pixels), if one is due. */
  cameraImage?(thread: string, time: number): { width: number; height: number; image: Uint8Array } | undefined;
  /** The microphones' samples since the previous Audio frame (a plain AudioData value), if the world has sound. */
  audio?(time: number): unknown;
  /**
   * The Whistle as SimRobot's GameController writes it directly (kept for scenes that set `mr Whistle
   * LogDataProvider` instead of running the WhistleDetector on the audio).
   */
  whistle?(): unknown;
}

/** Who the robot is. */
export interface BodyIdentity {
  teamNumber: number;
  playerNumber: number;
  magicNumber: number;
}

/** Read access to a thread's blackboard. */
export interface BlackboardReader {
  get(name: string): unknown;
}

/** How fast simulated joints follow their requests (fraction of the remaining error per Motion frame). */
const JOINT_RESPONSE = 0.35;
const GRAVITY = 9.80665;

/**
 * One frame's injected data. A body hands out the same object every frame with new values: a frame only reads it
 * while it runs, and a closure per frame cost measurable time (run under tsx every closure is also named).
 */
class InjectedValues implements InjectedData {
  values: Record<string, unknown> = {};

  get(name: string): unknown {
    return this.values[name];
  }
}

/** The per-robot sensor model and injection. */
export class SimulatedBody {
  private measuredAngles: number[] = new Array<number>(numOfJoints).fill(0);
  /** Currents and temperatures of the joint motors (what the joints view shows). */
  private readonly motors = new JointMotors();
  private inbox: ReceivedTeamMessage[] = [];
  private readonly upperInfo = naoCameraInfo(0, 640, 480);
  private readonly lowerInfo = naoCameraInfo(1, 320, 240);
  private readonly injected = new InjectedValues();

  constructor(
    readonly identity: BodyIdentity,
    private readonly senses: RobotSenses,
  ) {}

  private injectedFrom(values: Record<string, unknown>): InjectedData {
    this.injected.values = values;
    return this.injected;
  }

  /** The measured joint angles (JointSensorData order). */
  get jointAngles(): readonly number[] {
    return this.measuredAngles;
  }

  /** Queues a team message for the next Cognition frame. */
  deliver(message: ReceivedTeamMessage): void {
    this.inbox.push(message);
  }

  /** The data injected into one frame of `thread` at `time`; `blackboard` is that thread's (previous frame). */
  frame(thread: string, time: number, blackboard: BlackboardReader): InjectedData {
    const t = Math.max(0, Math.round(time));
    switch (thread) {
      case 'Motion':
        return this.motion(t, blackboard);
      case 'Upper':
      case 'Lower':
        return this.camera(thread, t);
      case 'Audio':
        return this.injectedFrom({
          FrameInfo: { time: t },
          AudioData: this.senses.audio?.(t),
          Whistle: this.senses.whistle?.(),
        });
      default: {
        const messages = this.inbox;
        this.inbox = [];
        return this.injectedFrom({
          FrameInfo: { time: t },
          // Also here, as B-Human's simulator injects it (formats §7.3): its scene scripts take the ground truth
          // in Cognition (`for Cognition mr GroundTruthWorldState LogDataProvider`) for the oracled world model.
          GroundTruthWorldState: this.senses.groundTruth(),
          GameControllerData: this.senses.gameControllerData(),
          Settings: { ...this.identity },
          TeamMessages: messages,
        });
      }
    }
  }

  private motion(time: number, blackboard: BlackboardReader): InjectedData {
    const measured = this.senses.measurements?.();
    if (measured) {
      this.measuredAngles = measured.JointSensorData.angles;
      return this.injectedFrom({ FrameInfo: { time }, ...measured });
    }
    const request = blackboard.get('JointRequest') as { angles: number[]; stiffnesses?: number[] } | undefined;
    if (request) {
      const angles = this.measuredAngles;
      for (let i = 0; i < angles.length; i++) {
        const target = request.angles[i]!;
        if (target !== JOINT_OFF && target !== JOINT_IGNORE)
          angles[i] = angles[i]! + (target - angles[i]!) * JOINT_RESPONSE;
      }
    }
    this.motors.update(time, request, this.measuredAngles);
    const s = this.senses;
    const pitch = s.fallen ? (s.fellForward ? Math.PI / 2 : -Math.PI / 2) : 0;
    return this.injectedFrom({
      FrameInfo: { time },
      JointSensorData: {
        angles: [...this.measuredAngles],
        timestamp: time,
        currents: this.motors.currents(),
        temperatures: this.motors.temperatures(),
      },
      InertialData: {
        angle: { x: 0, y: pitch, z: 0 },
        gyro: { x: 0, y: 0, z: s.fallen ? 0 : s.turnRate },
        acc: s.fallen ? { x: s.fellForward ? -GRAVITY : GRAVITY, y: 0, z: 0 } : { x: 0, y: 0, z: GRAVITY },
      },
    });
  }

  private camera(thread: 'Upper' | 'Lower', time: number): InjectedData {
    const values: Record<string, unknown> = {
      FrameInfo: { time },
      CameraInfo: thread === 'Upper' ? this.upperInfo : this.lowerInfo,
      GroundTruthWorldState: this.senses.groundTruth(),
    };
    const image = this.senses.cameraImage?.(thread, time);
    // Injected as B-Human's CameraImage: the width counts YUYV pixel pairs.
    if (image)
      values.CameraImage = { width: image.width / 2, height: image.height, image: image.image, timestamp: time };
    return this.injectedFrom(values);
  }
}

/** What a robot asks of the world after a Motion frame. */
export interface MotionOutput {
  /** Walk speed to execute (robot frame, mm/s, rad/s). */
  walkSpeed: Pose2;
  /** Set when a kick starts in this frame: its strength (0..1). */
  kickStrength?: number;
}

/** Reads the Motion thread's outputs; `wasKicking` is the previous frame's state (kicks fire on the rising edge). */
export function readMotionOutput(
  blackboard: BlackboardReader,
  wasKicking: boolean,
): MotionOutput & { isKicking: boolean } {
  const info = blackboard.get('MotionInfo') as
    { speed: Pose2; isKicking: boolean; kickStrength: number; isFallen: boolean } | undefined;
  if (!info) return { walkSpeed: { rotation: 0, translation: { x: 0, y: 0 } }, isKicking: false };
  const walkSpeed = info.isFallen ? { rotation: 0, translation: { x: 0, y: 0 } } : info.speed;
  return {
    walkSpeed,
    isKicking: info.isKicking,
    kickStrength: info.isKicking && !wasKicking ? info.kickStrength : undefined,
  };
}

/** The team message produced in a Cognition frame at `time`, if any. */
export function readTeamMessage(blackboard: BlackboardReader, time: number): Uint8Array | undefined {
  const out = blackboard.get('TeamMessageOutput') as { sentAt: number; bytes: Uint8Array } | undefined;
  return out && out.sentAt === Math.round(time) && out.bytes.length > 0 ? out.bytes : undefined;
}
