/**
 * @file Camera images of simulated robots, rendered only when somebody wants them: for a camera thread whose
 * modules read the image (image-based perception: the robot's program needs them, whoever watches), for every
 * robot while `ci on` (both at the configured rate: the two cameras share it, as in SimRobot), and for a single
 * camera thread while a console requests `representation:CameraImage` from it. `ci off` stops images for the
 * robots' programs (a robot with image-based perception is then blind, by the user's choice); a view still gets
 * what it asks for. Rendering costs milliseconds per image, so simulations whose robots perceive from oracles
 * never render.
 */
import type { Pose3 } from '@robot-runtime/math/types';
import { torsoPose } from '@robot-runtime/representations/Perception/cameraKinematics';
import { RobotDimensions } from '@robot-runtime/representations/Configuration/RobotDimensions';
import { Joint, numOfJoints } from '@robot-runtime/representations/Infrastructure/Joints';
import { intrinsicsFromOpeningAngles } from '../camera/CameraIntrinsics';
import { robotCameraPose } from '../camera/cameraPose';
import { renderCameraImage } from '../camera/renderCameraImage';
import { renderSceneFromState, type RenderBodies } from '../camera/RenderScene';
import type { WorldState } from '../physics/WorldState';
import type { CameraDefinition, RobotDefinition, SceneModel } from '../scene/SceneModel';

/** Who may want an image: the robot's program and its debug requests. */
export interface ImageConsumer {
  readonly def: RobotDefinition;
  isRequested(thread: string, request: string): boolean;
  /** Whether the program's `thread` runs a module that reads the camera image. */
  readsCameraImages(thread: string): boolean;
  /** Measured head angles (rad). */
  headAngles(): { yaw: number; pitch: number };
  /** Measured joint angles (JointSensorData order): bent legs lower the cameras. */
  jointAngles?(): readonly number[];
  /** The camera's pose in the field frame (mm) where the physics knows it (articulated bodies). */
  cameraPose?(camera: 'upper' | 'lower'): Pose3 | undefined;
}

/** A rendered image. */
export interface RenderedImage {
  width: number;
  height: number;
  image: Uint8Array;
}

/** Decides when to render and renders. */
export class CameraImages {
  /**
   * `ci`: `needed` (the default) renders for the camera threads that read images, `on` for every robot, `off`
   * for none; views get what they request in every mode. `rate`: images per second per robot (both cameras
   * together); the default 60 renders every frame of both 30 Hz camera threads.
   */
  mode: 'off' | 'needed' | 'on' = 'needed';
  rate = 60;
  /** Images rendered so far (for benchmarks). */
  rendered = 0;
  private readonly lastRendered = new Map<string, number>();

  /** `bodies`: what an articulated simulation adds (posed robot parts, the ball's orientation). */
  constructor(
    private readonly scene: SceneModel,
    private readonly state: () => WorldState,
    private readonly bodies: () => RenderBodies | undefined = () => undefined,
  ) {}

  /** The image for a camera frame of `thread` at `time`, if one is due. */
  imageFor(robot: ImageConsumer, thread: string, time: number): RenderedImage | undefined {
    const requested = robot.isRequested(thread, 'representation:CameraImage');
    const wanted = this.mode === 'on' || (this.mode === 'needed' && robot.readsCameraImages(thread));
    if (!requested && !wanted) return undefined;
    const key = `${robot.def.name}/${thread}`;
    const last = this.lastRendered.get(key);
    const interval = 2000 / Math.max(1e-3, this.rate);
    if (!requested && last !== undefined && time - last < interval - 1) return undefined;
    this.lastRendered.set(key, time);
    const angles = robot.jointAngles?.();
    const camera = thread === 'Upper' ? 'upper' : 'lower';
    const torsoHeight = angles && torsoHeightOf(robot.def, angles);
    return this.render(robot.def, camera, robot.headAngles(), torsoHeight, robot.cameraPose?.(camera));
  }

  /**
   * Renders `camera` of `robot` now (the IDE's image view of a robot that does not request images). The torso
   * stands at `torsoHeight` (mm; default: the scene's, with straight legs), unless the camera's pose is known.
   */
  render(
    def: RobotDefinition,
    camera: 'upper' | 'lower',
    head: { yaw: number; pitch: number } = { yaw: 0, pitch: 0 },
    torsoHeight = def.pose.translation.z,
    cameraPose?: Pose3,
  ): RenderedImage | undefined {
    const cam = cameraOf(def, camera);
    const truth = this.state().robots.find((r) => r.name === def.name);
    if (!cam || !truth) return undefined;
    const headAngles = { HeadYaw: head.yaw, HeadPitch: head.pitch };
    const pose: Pose3 = cameraPose ?? robotCameraPose(truth.pose, torsoHeight, cam, headAngles);
    const k = intrinsicsFromOpeningAngles(cam.imageWidth, cam.imageHeight, cam.angleX, cam.angleY);
    this.rendered++;
    return {
      width: cam.imageWidth,
      height: cam.imageHeight,
      image: renderCameraImage(renderSceneFromState(this.scene, this.state(), this.bodies()), pose, k),
    };
  }
}

/** The scene camera for the upper (first) or lower (second) camera. */
function cameraOf(def: RobotDefinition, camera: 'upper' | 'lower'): CameraDefinition | undefined {
  const cams = def.model.cameras;
  return (
    cams.find((c) => (camera === 'upper' ? /top|upper/i : /bottom|lower/i).test(c.name)) ??
    cams[camera === 'upper' ? 0 : 1]
  );
}

const dimensions = RobotDimensions.defaultValue();
const straightLegs = torsoPose(dimensions, new Array<number>(numOfJoints).fill(0), 0, 0).translation.z;

/**
 * The torso's height for the measured leg angles: the physics keeps robots upright at the scene's torso height
 * (straight legs), but a crouching robot's cameras are lower, and its CameraMatrix knows that. Rendering from
 * the same height keeps images and CameraMatrix consistent, as they are on a real robot.
 */
export function torsoHeightOf(def: RobotDefinition, angles: readonly number[]): number {
  return def.pose.translation.z + torsoPose(dimensions, angles, 0, 0).translation.z - straightLegs;
}

/** Head angles from a joint angle array (JointSensorData order). */
export function headAnglesOf(angles: readonly number[]): { yaw: number; pitch: number } {
  return { yaw: angles[Joint.headYaw] ?? 0, pitch: angles[Joint.headPitch] ?? 0 };
}
