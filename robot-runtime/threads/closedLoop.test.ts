import { describe, expect, it } from 'vitest';
import { createModuleForTest } from '../core/testing/moduleHarness';
import type { Pose2 } from '../math/types';
import { norm, poseCompose, poseToLocal, rotate } from '../math/vec2';
import { BehaviorStatus } from '../representations/BehaviorControl/BehaviorStatus';
import { FieldDimensions } from '../representations/Configuration/FieldDimensions';
import { RobotDimensions } from '../representations/Configuration/RobotDimensions';
import { Camera, naoCameraInfo } from '../representations/Infrastructure/CameraInfo';
import { GameState, GameStateState } from '../representations/Infrastructure/GameState';
import { GroundTruthWorldState } from '../representations/Infrastructure/GroundTruthWorldState';
import { JointRequest } from '../representations/Infrastructure/JointRequest';
import { JointSensorData } from '../representations/Infrastructure/JointSensorData';
import { BallModel } from '../representations/Modeling/BallModel';
import { RobotPose } from '../representations/Modeling/RobotPose';
import { MotionInfo } from '../representations/MotionControl/MotionInfo';
import { MotionRequest } from '../representations/MotionControl/MotionRequest';
import { OdometryData } from '../representations/MotionControl/OdometryData';
import { KickEngineOutput } from '../representations/MotionControl/KickEngineOutput';
import { WalkingEngineOutput } from '../representations/MotionControl/WalkingEngineOutput';
import { KeyframeMotionEngineOutput } from '../representations/MotionControl/KeyframeMotionEngineOutput';
import { BallPercept } from '../representations/Perception/BallPercept';
import { CameraCalibration } from '../representations/Configuration/CameraCalibration';
import { CameraMatrix } from '../representations/Perception/CameraMatrix';
import { LandmarkPercept } from '../representations/Perception/LandmarkPercept';
import { InertialData } from '../representations/Sensing/InertialData';
import { allModules } from './allModules';

const moduleNamed = (name: string) => allModules.find((m) => m.name === name)!;

/**
 * The default modules wired by hand (no framework) with a toy world: the robot moves exactly as its odometry
 * says, a kick launches a ball lying in front of the feet. Checks that the pieces agree on frames and signs.
 */
describe('closed loop', () => {
  it('walks to the ball and kicks it towards the opponent goal', () => {
    const start: Pose2 = { rotation: 0.5, translation: { x: -1500, y: -800 } };
    const ball = { x: -300, y: 400, vx: 0, vy: 0 };
    const world = GroundTruthWorldState.defaultValue();
    const bb = {
      FrameInfo: { time: 0 },
      FieldDimensions: FieldDimensions.defaultValue(),
      RobotDimensions: RobotDimensions.defaultValue(),
      GameState: { ...GameState.defaultValue(), state: GameStateState.playing },
      GroundTruthWorldState: world,
      JointSensorData: JointSensorData.defaultValue(),
      InertialData: InertialData.defaultValue(),
      CameraInfo: naoCameraInfo(Camera.upper, 640, 480),
      CameraMatrix: CameraMatrix.defaultValue(),
      BallPercept: BallPercept.defaultValue(),
      LandmarkPercept: LandmarkPercept.defaultValue(),
      OdometryData: OdometryData.defaultValue(),
      BallModel: BallModel.defaultValue(),
      RobotPose: RobotPose.defaultValue(),
      MotionRequest: MotionRequest.defaultValue(),
      BehaviorStatus: BehaviorStatus.defaultValue(),
      JointRequest: JointRequest.defaultValue(),
      MotionInfo: MotionInfo.defaultValue(),
      WalkingEngineOutput: WalkingEngineOutput.defaultValue(),
      KickEngineOutput: KickEngineOutput.defaultValue(),
      KeyframeMotionEngineOutput: KeyframeMotionEngineOutput.defaultValue(),
      CameraCalibration: CameraCalibration.defaultValue(),
    };
    const the = bb as unknown as Record<string, unknown>;
    const make = (name: string, params: Record<string, unknown> = {}) =>
      createModuleForTest(moduleNamed(name), { the, params, seed: 11 }).update;
    const cameraMatrix = make('CameraMatrixProvider');
    const oracle = make('OracledPerceptsProvider');
    const ballLocator = make('BallLocator');
    const selfLocator = make('SelfLocator', { startPose: start });
    const behavior = make('BehaviorControl');
    const walk = make('WalkingEngine');
    const kickEngine = make('KickEngine');
    const keyframes = make('KeyframeMotionEngine');
    const combinator = make('MotionCombinator');

    let kicks = 0;
    let wasKicking = false;
    for (let tick = 0; tick < 2500 && kicks === 0; tick++) {
      bb.FrameInfo.time = tick * 12;
      // Motion thread (every 12 ms); the sensors report what was commanded.
      walk.WalkingEngineOutput!(bb.WalkingEngineOutput);
      walk.OdometryData!(bb.OdometryData);
      kickEngine.KickEngineOutput!(bb.KickEngineOutput);
      keyframes.KeyframeMotionEngineOutput!(bb.KeyframeMotionEngineOutput);
      combinator.JointRequest!(bb.JointRequest);
      combinator.MotionInfo!(bb.MotionInfo);
      bb.JointSensorData.angles = bb.JointRequest.angles.map((a) => (Math.abs(a) > 100 ? 0 : a));
      // The gyroscope measures the turn the walk executes (the odometry's turn comes from it).
      bb.InertialData.gyro.z = bb.MotionInfo.speed.rotation;
      const truth = poseCompose(start, bb.OdometryData);
      if (bb.MotionInfo.isKicking && !wasKicking) {
        const rel = poseToLocal(truth, ball);
        if (rel.x > 0 && rel.x < 300 && Math.abs(rel.y) < 150) {
          const v = rotate({ x: 3000, y: 0 }, truth.rotation);
          ball.vx = v.x;
          ball.vy = v.y;
          kicks++;
        }
      }
      wasKicking = bb.MotionInfo.isKicking;
      world.ownPose = truth;
      world.balls = [{ position: { x: ball.x, y: ball.y, z: 50 }, velocity: { x: ball.vx, y: ball.vy, z: 0 } }];

      // A camera frame every ~36 ms, alternating cameras, each followed by a Cognition frame.
      if (tick % 3 === 0) {
        bb.CameraInfo =
          (tick / 3) % 2 === 0 ? naoCameraInfo(Camera.upper, 640, 480) : naoCameraInfo(Camera.lower, 320, 240);
        cameraMatrix.CameraMatrix!(bb.CameraMatrix);
        oracle.BallPercept!(bb.BallPercept);
        oracle.LandmarkPercept!(bb.LandmarkPercept);
        ballLocator.BallModel!(bb.BallModel);
        selfLocator.RobotPose!(bb.RobotPose);
        behavior.MotionRequest!(bb.MotionRequest);
        behavior.BehaviorStatus!(bb.BehaviorStatus);
      }
    }
    expect(kicks).toBe(1);
    // The kick points roughly at the goal: the ball's direction of travel is within 25 deg of the goal centre.
    const toGoal = Math.atan2(0 - ball.y, 4500 - ball.x);
    expect(Math.abs(Math.atan2(ball.vy, ball.vx) - toGoal)).toBeLessThan(0.45);
    expect(
      norm({
        x: bb.RobotPose.translation.x - world.ownPose.translation.x,
        y: bb.RobotPose.translation.y - world.ownPose.translation.y,
      }),
    ).toBeLessThan(300);
  });
});
