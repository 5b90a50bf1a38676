/**
 * @file Runs the Motion thread's motion modules (WalkingEngine, KickEngine, KeyframeMotionEngine with the
 * motions of the Default configuration, MotionCombinator), as modules on their own, on one articulated (MuJoCo) NAO: each 12 ms
 * frame it reads what the body measures, updates the engines and hands the combined JointRequest to the motors.
 * For tests and benchmarks of the motions on the real physics without the rest of the robot program. With `head`,
 * the HeadMotionEngine runs first as in the Motion thread, fed a BallModel of the true ball (always seen).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createModuleForTest } from '@robot-runtime/core/testing/moduleHarness';
import type { Pose2, Vec2 } from '@robot-runtime/math/types';
import { RobotDimensions } from '@robot-runtime/representations/Configuration/RobotDimensions';
import { JointRequest } from '@robot-runtime/representations/Infrastructure/JointRequest';
import { Joint } from '@robot-runtime/representations/Infrastructure/Joints';
import { BallModel } from '@robot-runtime/representations/Modeling/BallModel';
import { HeadAngles } from '@robot-runtime/representations/MotionControl/HeadAngles';
import { MotionInfo } from '@robot-runtime/representations/MotionControl/MotionInfo';
import { MotionRequest } from '@robot-runtime/representations/MotionControl/MotionRequest';
import { OdometryData } from '@robot-runtime/representations/MotionControl/OdometryData';
import { KickEngineOutput } from '@robot-runtime/representations/MotionControl/KickEngineOutput';
import { KickEngine } from '@robot-runtime/modules/MotionControl/KickEngine/KickEngine';
import { WalkingEngineOutput } from '@robot-runtime/representations/MotionControl/WalkingEngineOutput';
import { KeyframeMotionEngineOutput } from '@robot-runtime/representations/MotionControl/KeyframeMotionEngineOutput';
import { HeadMotionEngine } from '@robot-runtime/modules/MotionControl/HeadMotionEngine/HeadMotionEngine';
import { KeyframeMotionEngine } from '@robot-runtime/modules/MotionControl/KeyframeMotionEngine/KeyframeMotionEngine';
import { MotionCombinator } from '@robot-runtime/modules/MotionControl/MotionCombinator/MotionCombinator';
import { WalkingEngine } from '@robot-runtime/modules/MotionControl/WalkingEngine/WalkingEngine';
import { ArticulatedWorld } from '../physics/mujoco/ArticulatedWorld';
import { loadScene } from '../scene/loadScene';
import { loadRobotConfig } from '../simulation/robotConfig';
import { sharedCorpus } from '@robot-runtime/hosts/node/testing/sharedCorpus';

const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const includes = path.join(repository, 'scenes/Includes');

/**
 * B-Human's NAO V6 model in the shared corpus (read from there, never copied): its own masses, inertias, motors and
 * collision boxes. A test that asks for it fails, naming where it looked, when the corpus is missing.
 */
const bhumanNao = (): string => sharedCorpus('bhuman', 'Config', 'Scenes', 'Includes', 'NaoV6H25.rsi3');

/** Which NAO model the harness simulates: Pitchside's own (scenes/Includes/NaoV6.rsi3) or B-Human's. */
export type NaoModel = 'pitchside' | 'bhuman';

/** Both models with the names tests print, for goals that must hold on each. */
export const NAO_MODELS: readonly { model: NaoModel; name: string }[] = [
  { model: 'pitchside', name: "Pitchside's" },
  { model: 'bhuman', name: "B-Human's" },
];

/** One NAO at the field's centre and a ball, simulated articulated. */
function sceneFile(ball: { x: number; y: number }, model: NaoModel): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'walk-'));
  const file = path.join(dir, 'walk.ros3');
  // Both models stand on straight legs with the torso origin 333 mm above the ground (B-Human's sole is 0.08 mm
  // higher); B-Human's own scenes put it at 320 mm and let it drop into the carpet's contact.
  const robot = model === 'bhuman' ? `<Include href="${bhumanNao()}"/>` : `<Include href="${includes}/7vs7.rsi3"/>`;
  fs.writeFileSync(
    file,
    `<Simulation>
  <Include href="${includes}/Field.rsi3"/>
  <Include href="${includes}/Ball.rsi3"/>
  ${robot}
  <Scene name="RoboCup" controller="SimulatedNao" stepLength="0.012s">
    <Set name="simulation" value="articulated"/>
    <Compound ref="field"/>
    <Compound name="robots"><Body ref="Nao" name="robot1"><Translation z="333mm"/></Body></Compound>
    <Compound name="balls"><Body ref="ball" name="ball"><Translation x="${ball.x}mm" y="${ball.y}mm" z="50mm"/></Body></Compound>
  </Scene>
</Simulation>`,
  );
  return file;
}

export type WalkParams = Partial<ReturnType<NonNullable<typeof WalkingEngine.parameters>['defaultValue']>>;

/** The motion engines and their combinator driving one articulated NAO. */
export class WalkHarness {
  readonly request = MotionRequest.defaultValue();
  readonly joints = JointRequest.defaultValue();
  readonly odometry = OdometryData.defaultValue();
  readonly info = MotionInfo.defaultValue();
  readonly walkOutput = WalkingEngineOutput.defaultValue();
  readonly keyframeOutput = KeyframeMotionEngineOutput.defaultValue();
  readonly headAngles = HeadAngles.defaultValue();
  readonly ballModel = BallModel.defaultValue();
  readonly kickOutput = KickEngineOutput.defaultValue();
  /** Head yaw and pitch the joint sensors measured in the last frame (rad). */
  measuredHead = { yaw: 0, pitch: 0 };
  /** Largest torso tilt (roll or pitch, rad) seen so far. */
  maxTilt = 0;
  /** CPU time the motion modules' updates cost (ms, summed; the walk's almost all of it) and frames run. */
  engineMs = 0;
  frames = 0;
  private readonly frameInfo = { time: 100 };
  /** MuJoCo body ids of the left and right foot. */
  private readonly feet: number[];
  private readonly the: Record<string, unknown>;
  readonly engine: ReturnType<typeof createModuleForTest>;
  readonly keyframes: ReturnType<typeof createModuleForTest>;
  readonly combinator: ReturnType<typeof createModuleForTest>;
  readonly head: ReturnType<typeof createModuleForTest> | undefined;
  readonly kick: ReturnType<typeof createModuleForTest>;

  private constructor(
    readonly world: ArticulatedWorld,
    params: WalkParams,
    withHead: boolean,
  ) {
    const robotDimensions = RobotDimensions.defaultValue();
    this.the = {
      FrameInfo: this.frameInfo,
      MotionRequest: this.request,
      RobotDimensions: robotDimensions,
      WalkingEngineOutput: this.walkOutput,
      KickEngineOutput: this.kickOutput,
      KeyframeMotionEngineOutput: this.keyframeOutput,
      // The previous frame's, as the Motion thread's blackboard holds them while the engines run.
      MotionInfo: this.info,
      JointRequest: this.joints,
    };
    // The Default configuration's parameters, as the robots of a game load them; `params` overrides the walk's.
    const config = loadRobotConfig();
    const walk = config.parameters(WalkingEngine) as Record<string, object>;
    const overrides = params as Record<string, object | undefined>;
    const walkParams = { ...walk, ...overrides, inWalkKick: { ...walk.inWalkKick, ...overrides.inWalkKick } };
    this.engine = createModuleForTest(WalkingEngine, { the: this.the, params: walkParams as never });
    const motions = config.parameters(KeyframeMotionEngine);
    this.keyframes = createModuleForTest(KeyframeMotionEngine, { the: this.the, params: motions as never });
    this.kick = createModuleForTest(KickEngine, { the: this.the, params: config.parameters(KickEngine) as never });
    this.combinator = createModuleForTest(MotionCombinator, { the: this.the });
    const robot = world.robot('robot1');
    this.feet = ['LFoot', 'RFoot'].map(
      (name) => world.description.bodies.find((b) => b.root === robot.rootIndex && b.name === name)!.id,
    );
    if (withHead) {
      this.head = createModuleForTest(HeadMotionEngine, { the: this.the });
      Object.assign(this.the, { BallModel: this.ballModel, HeadAngles: this.headAngles });
    }
  }

  static async create(
    params: WalkParams = {},
    ball = { x: 3000, y: 3000 },
    withHead = false,
    model: NaoModel = 'pitchside',
  ): Promise<WalkHarness> {
    const file = sceneFile(ball, model);
    try {
      return new WalkHarness(await ArticulatedWorld.create(loadScene(file)), params, withHead);
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  }

  get params(): Record<string, unknown> {
    return this.engine.params as Record<string, unknown>;
  }

  /** The robot's true pose on the field (mm, rad). */
  get pose(): Pose2 {
    return this.world.getState().robots[0]!.pose;
  }

  /**
   * The robot's pose as the runtime's own frame has it (CameraMatrixProvider): origin on the ground midway between
   * the ankles, heading of the torso. The torso itself sways sideways over each support foot by centimetres while
   * walking; a ball fed relative to it seemed to swing from side to side, so the behaviour kept sidestepping after it.
   */
  get robotPose(): Pose2 {
    const feet = this.feet.map((id) => this.world.bodyPose(id).translation);
    return {
      rotation: this.pose.rotation,
      translation: { x: (feet[0]!.x + feet[1]!.x) / 2, y: (feet[0]!.y + feet[1]!.y) / 2 },
    };
  }

  get fallen(): boolean {
    return this.world.getState().robots[0]!.fallen;
  }

  /** Runs `seconds` of simulated time; `each` may change the request before each frame. */
  run(seconds: number, each?: (t: number) => void): void {
    const n = Math.round(seconds / this.world.scene.stepLength);
    for (let i = 0; i < n; i++) {
      each?.(this.world.time / 1000);
      const m = this.world.measure('robot1');
      this.the.InertialData = m.InertialData;
      this.the.FsrSensorData = m.FsrSensorData;
      this.the.JointSensorData = m.JointSensorData;
      this.frameInfo.time += this.world.scene.stepLength * 1000;
      const sensed = m.JointSensorData.angles;
      this.measuredHead = { yaw: sensed[Joint.headYaw]!, pitch: sensed[Joint.headPitch]! };
      if (this.head) this.seeBall();
      const begin = process.cpuUsage();
      this.head?.update.HeadAngles!(this.headAngles);
      this.engine.update.WalkingEngineOutput!(this.walkOutput);
      this.engine.update.OdometryData!(this.odometry);
      this.kick.update.KickEngineOutput!(this.kickOutput);
      this.keyframes.update.KeyframeMotionEngineOutput!(this.keyframeOutput);
      this.combinator.update.JointRequest!(this.joints);
      this.combinator.update.MotionInfo!(this.info);
      const used = process.cpuUsage(begin);
      this.engineMs += (used.user + used.system) / 1000;
      this.frames++;
      this.world.setJointRequest('robot1', this.joints.angles, this.joints.stiffnessData.stiffnesses);
      this.world.step();
      this.maxTilt = Math.max(this.maxTilt, Math.abs(m.InertialData.angle.x), Math.abs(m.InertialData.angle.y));
    }
  }

  /**
   * The true ball in the robot's own frame (robotPose), as the runtime's BallModel has it: position (mm) and velocity
   * over the ground (mm/s).
   */
  trueBall(): { position: Vec2; velocity: Vec2 } | undefined {
    const ball = this.world.getState().ball;
    if (!ball) return undefined;
    const { rotation: r, translation: p } = this.robotPose;
    const [c, s] = [Math.cos(r), Math.sin(r)];
    const toRobot = (x: number, y: number): Vec2 => ({ x: c * x + s * y, y: -s * x + c * y });
    return {
      position: toRobot(ball.position.x - p.x, ball.position.y - p.y),
      velocity: toRobot(ball.velocity.x, ball.velocity.y),
    };
  }

  /**
   * The head control sees the true ball this frame. In the robot's own frame, as on the robot: relative to the torso,
   * the ball seemed to move sideways while the long kick shifted the hips over the support foot, the head turned after
   * it, and the kick fell less often than it does with the head still (kicks.test.ts; docs/motion.md).
   */
  private seeBall(): void {
    const ball = this.trueBall();
    if (!ball) return;
    Object.assign(this.ballModel.estimate, ball);
    this.ballModel.timeWhenLastSeen = this.frameInfo.time;
  }

  dispose(): void {
    this.world.dispose();
  }
}
