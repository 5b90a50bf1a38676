import { describe, expect, it } from 'vitest';
import { createModuleForTest } from '../../../core/testing/moduleHarness';
import { deg } from '../../../math/vec2';
import { BehaviorActivity, BehaviorStatus } from '../../../representations/BehaviorControl/BehaviorStatus';
import { FieldDimensions } from '../../../representations/Configuration/FieldDimensions';
import { GameState, GameStateState } from '../../../representations/Infrastructure/GameState';
import { BallModel } from '../../../representations/Modeling/BallModel';
import { RobotPose } from '../../../representations/Modeling/RobotPose';
import { MotionInfo } from '../../../representations/MotionControl/MotionInfo';
import { KickType, MotionRequest, MotionType } from '../../../representations/MotionControl/MotionRequest';
import { BehaviorControl } from './BehaviorControl';

function setup() {
  const frameInfo = { time: 10_000 };
  const gameState = { ...GameState.defaultValue(), state: GameStateState.playing };
  const ball = BallModel.defaultValue();
  const pose = RobotPose.defaultValue();
  const h = createModuleForTest(BehaviorControl, {
    the: {
      FrameInfo: frameInfo,
      GameState: gameState,
      BallModel: ball,
      RobotPose: pose,
      FieldDimensions: FieldDimensions.defaultValue(),
      MotionInfo: MotionInfo.defaultValue(),
    },
  });
  const request = MotionRequest.defaultValue();
  const status = BehaviorStatus.defaultValue();
  const frame = () => {
    frameInfo.time += 16;
    h.update.MotionRequest!(request);
    h.update.BehaviorStatus!(status);
  };
  return { ...h, frameInfo, gameState, ball, pose, request, status, frame };
}

describe('BehaviorControl', () => {
  it('stands outside playing and while penalized', () => {
    const s = setup();
    s.gameState.state = GameStateState.set;
    s.frame();
    expect(s.request.motion).toBe(MotionType.stand);
    s.gameState.state = GameStateState.playing;
    s.gameState.isPenalized = true;
    s.frame();
    expect(s.request.motion).toBe(MotionType.stand);
    expect(s.status.activity).toBe(BehaviorActivity.penalized);
  });

  it('searches by turning towards the side the ball was last seen on', () => {
    const s = setup();
    s.frame();
    expect(s.request.motion).toBe(MotionType.walkAtRelativeSpeed);
    expect(s.request.walkSpeed.rotation).toBeGreaterThan(0);
    expect(s.status.activity).toBe(BehaviorActivity.searchForBall);
    const right = setup();
    right.ball.timeWhenLastSeen = 1000; // long ago, on the right
    right.ball.estimate.position = { x: 500, y: -800 };
    right.frame();
    expect(right.request.walkSpeed.rotation).toBeLessThan(0);
  });

  it('keeps its turn direction while odometry moves the lost ball across its axis', () => {
    const s = setup();
    s.ball.timeWhenLastSeen = 1000;
    s.ball.estimate.position = { x: 30, y: -20 };
    s.frame();
    expect(s.request.walkSpeed.rotation).toBeLessThan(0);
    s.ball.estimate.position = { x: 30, y: 20 };
    for (let i = 0; i < 20; i++) s.frame();
    expect(s.request.walkSpeed.rotation).toBeLessThan(0);
  });

  it('walks away from a ball lost at its feet after a full turn, and towards one lost far away', () => {
    const near = setup();
    near.pose.translation = { x: -4200, y: 200 };
    near.ball.timeWhenLastSeen = 1000;
    near.ball.estimate.position = { x: 30, y: -20 };
    const turnFrames = Math.ceil(10_000 / 16) + 1;
    for (let i = 0; i < turnFrames; i++) near.frame();
    expect(near.status.activity).toBe(BehaviorActivity.searchForBall);
    expect(near.request.motion).toBe(MotionType.walkToPose);
    // Towards the field centre, away from the goal line where the ball lies hidden.
    expect(near.status.walkingTo.x).toBeGreaterThan(-3000);
    const far = setup();
    far.ball.timeWhenLastSeen = 1000;
    far.ball.estimate.position = { x: 3000, y: 0 };
    for (let i = 0; i < turnFrames; i++) far.frame();
    expect(far.request.motion).toBe(MotionType.walkToPose);
    expect(far.status.walkingTo).toEqual({ x: 3000, y: 0 });
  });

  it('walks to a point behind the ball, facing the ball while far away', () => {
    const s = setup();
    s.pose.translation = { x: -2000, y: 0 };
    s.ball.timeWhenLastSeen = s.frameInfo.time;
    s.ball.estimate.position = { x: 1500, y: 1500 };
    s.frame();
    expect(s.request.motion).toBe(MotionType.walkToPose);
    expect(s.request.walkTarget.rotation).toBeCloseTo(deg(45), 3);
    expect(s.request.walkTarget.translation.x).toBeLessThan(1500);
    expect(s.request.walkTarget.translation.y).toBeLessThan(1500);
    expect(s.status.activity).toBe(BehaviorActivity.goToBall);
    expect(s.status.shootingTo).toEqual({ x: 4500, y: 0 });
    // walkingTo is in field coordinates: roughly the ball's field position minus the kick distance.
    expect(s.status.walkingTo.x).toBeLessThan(-500);
    expect(s.status.walkingTo.y).toBeGreaterThan(1300);
  });

  it('kicks with the foot on the ball side once in position facing the goal', () => {
    const s = setup();
    s.pose.translation = { x: 0, y: 0 };
    s.ball.timeWhenLastSeen = s.frameInfo.time;
    s.ball.estimate.position = { x: 170, y: -55 };
    s.frame();
    expect(s.request.motion).toBe(MotionType.kick);
    expect(s.request.kickType).toBe(KickType.forwardRight);
    expect(s.status.activity).toBe(BehaviorActivity.kick);
  });
});
