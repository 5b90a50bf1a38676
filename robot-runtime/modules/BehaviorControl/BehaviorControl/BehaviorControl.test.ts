import { describe, expect, it } from 'vitest';
import { createModuleForTest } from '@robot-runtime/core/testing/moduleHarness';
import { deg } from '@robot-runtime/math/vec2';
import {
  BehaviorActivity,
  BehaviorRole,
  BehaviorStatus,
} from '@robot-runtime/representations/BehaviorControl/BehaviorStatus';
import { TeamData, Teammate } from '@robot-runtime/representations/Communication/TeamData';
import { FieldDimensions } from '@robot-runtime/representations/Configuration/FieldDimensions';
import { GameControllerData } from '@robot-runtime/representations/Infrastructure/GameControllerData';
import { GameState, GameStateState } from '@robot-runtime/representations/Infrastructure/GameState';
import { BallModel } from '@robot-runtime/representations/Modeling/BallModel';
import { Obstacle, ObstacleModel } from '@robot-runtime/representations/Modeling/ObstacleModel';
import { RobotPose } from '@robot-runtime/representations/Modeling/RobotPose';
import { MotionInfo } from '@robot-runtime/representations/MotionControl/MotionInfo';
import {
  KickKind,
  KickType,
  MotionRequest,
  MotionType,
} from '@robot-runtime/representations/MotionControl/MotionRequest';
import { BehaviorControl } from './BehaviorControl';

function setup() {
  const frameInfo = { time: 10_000 };
  const gameState = { ...GameState.defaultValue(), state: GameStateState.playing };
  const ball = BallModel.defaultValue();
  const pose = RobotPose.defaultValue();
  const motionInfo = MotionInfo.defaultValue();
  const obstacles = ObstacleModel.defaultValue();
  const h = createModuleForTest(BehaviorControl, {
    the: {
      FrameInfo: frameInfo,
      GameState: gameState,
      BallModel: ball,
      RobotPose: pose,
      FieldDimensions: FieldDimensions.defaultValue(),
      MotionInfo: motionInfo,
      ObstacleModel: obstacles,
    },
  });
  const request = MotionRequest.defaultValue();
  const status = BehaviorStatus.defaultValue();
  const frame = () => {
    frameInfo.time += 16;
    h.update.MotionRequest!(request);
    h.update.BehaviorStatus!(status);
  };
  return { ...h, frameInfo, gameState, ball, pose, motionInfo, obstacles, request, status, frame };
}

describe('BehaviorControl', () => {
  it('a striker that knows of no ball during its own kick-off searches instead of failing', () => {
    const s = setup();
    Object.assign(s.gameState, { gameControllerActive: true, ownKickOff: true, playerNumber: 2 });
    s.gameState.timeWhenStateStarted = s.frameInfo.time;
    (s.the as Record<string, unknown>).GameControllerData = GameControllerData.defaultValue();
    expect(() => s.frame()).not.toThrow();
    expect(s.status.activity).toBe(BehaviorActivity.searchForBall);
  });

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
    // The kick position: the in-walk kick's distance behind the ball as seen from the goal (5.2 m away: a dribble).
    const target = s.request.walkTarget.translation;
    expect(Math.hypot(1500 - target.x, 1500 - target.y)).toBeCloseTo(Math.hypot(200, 50), 0);
    expect(Math.hypot(6500 - target.x, 0 - target.y)).toBeGreaterThan(Math.hypot(6500 - 1500, 1500));
    expect(s.status.activity).toBe(BehaviorActivity.goToBall);
    expect(s.status.shootingTo).toEqual({ x: 4500, y: 0 });
    // walkingTo is in field coordinates: roughly the ball's field position minus the kick distance.
    expect(s.status.walkingTo.x).toBeLessThan(-500);
    expect(s.status.walkingTo.y).toBeGreaterThan(1300);
  });

  it('walks slowly with another robot close ahead, at its pace otherwise', () => {
    const s = setup();
    s.pose.translation = { x: -2000, y: 0 };
    s.ball.timeWhenLastSeen = s.frameInfo.time;
    s.ball.estimate.position = { x: 450, y: 0 };
    s.frame();
    expect(s.request.walkSpeed.translation.x).toBeGreaterThan(s.params.crowdSpeed);
    // Another robot at the ball, right where this one is going (so no detour round it).
    s.obstacles.obstacles = [{ ...Obstacle.defaultValue(), center: { x: 330, y: 0 } }];
    s.frame();
    expect(s.request.walkSpeed.translation.x).toBe(s.params.crowdSpeed);
    // Beside the robot, out of its way: no slowing down.
    s.obstacles.obstacles = [{ ...Obstacle.defaultValue(), center: { x: 0, y: 350 } }];
    s.frame();
    expect(s.request.walkSpeed.translation.x).toBeGreaterThan(s.params.crowdSpeed);
  });

  it('leaves a ball near it to a teammate that is closer to it', () => {
    const s = setup();
    Object.assign(s.gameState, { gameControllerActive: true, playerNumber: 4 });
    (s.the as Record<string, unknown>).GameControllerData = GameControllerData.defaultValue();
    s.pose.translation = { x: -3000, y: 0 };
    s.ball.timeWhenLastSeen = s.frameInfo.time;
    s.ball.estimate.position = { x: 400, y: 0 };
    s.params.strikerBonus = 100000; // teammate 2 stays the striker wherever it stands
    const mate = (number: number, x: number, role: number) => ({
      ...Teammate.defaultValue(),
      number,
      role,
      timeWhenLastPacketReceived: s.frameInfo.time,
      pose: { rotation: Math.PI, translation: { x, y: 0 } },
      poseValid: true,
    });
    const teammates = (strikerX: number) => ({
      ...TeamData.defaultValue(),
      teammates: [mate(2, strikerX, BehaviorRole.striker), mate(3, -4000, BehaviorRole.defender)],
    });
    // The striker stands 150 mm from the ball, this supporter 400 mm: it leaves the ball to the striker.
    (s.the as Record<string, unknown>).TeamData = teammates(-2450);
    s.frame();
    expect(s.status.role).toBe(BehaviorRole.supporter);
    expect(s.status.activity).toBe(BehaviorActivity.positioning);
    // With the striker farther from the ball than this robot, the supporter plays the ball at its feet itself.
    (s.the as Record<string, unknown>).TeamData = teammates(-1500);
    s.frame();
    expect(s.status.role).toBe(BehaviorRole.supporter);
    expect([BehaviorActivity.goToBall, BehaviorActivity.kick]).toContain(s.status.activity);
  });

  it('waits ahead of the ball on its wing as a forward when it stands furthest up the field', () => {
    const s = setup();
    Object.assign(s.gameState, { gameControllerActive: true, playerNumber: 5 });
    (s.the as Record<string, unknown>).GameControllerData = GameControllerData.defaultValue();
    s.pose.translation = { x: 1000, y: 1400 };
    s.ball.timeWhenLastSeen = s.frameInfo.time;
    s.ball.estimate.position = { x: -2000, y: -1400 }; // on the field at (-1000, 0)
    const mate = (number: number, x: number, y: number) => ({
      ...Teammate.defaultValue(),
      number,
      timeWhenLastPacketReceived: s.frameInfo.time,
      pose: { rotation: Math.PI, translation: { x, y } },
      poseValid: true,
    });
    // Player 2 is at the ball (striker), 3 next to it (supporter); of the rest, 5 and 6 stand furthest up the field.
    (s.the as Record<string, unknown>).TeamData = {
      ...TeamData.defaultValue(),
      teammates: [
        mate(2, -1200, 0),
        mate(3, -1500, 500),
        mate(4, -3000, -1000),
        mate(6, 800, -1500),
        mate(7, -3000, 1000),
      ],
    };
    s.frame();
    expect(s.status.role).toBe(BehaviorRole.forward);
    expect(s.status.activity).toBe(BehaviorActivity.positioning);
    // The left one of the two forwards: 1.8 m ahead of the ball, 1.5 m to its left.
    expect(s.status.walkingTo.x).toBeCloseTo(800);
    expect(s.status.walkingTo.y).toBeCloseTo(1500);
    s.params.maxForwards = 0;
    s.frame();
    expect(s.status.role).toBe(BehaviorRole.defender);
    expect(s.status.walkingTo.x).toBeLessThan(-1000);
  });

  /** A robot facing the goal with the ball `ahead` mm in front of its right foot, `fromGoal` mm from the goal. */
  function facingGoal(fromGoal: number, ahead: number, executed: number) {
    const s = setup();
    s.pose.translation = { x: 4500 - fromGoal - ahead, y: 0 };
    s.ball.timeWhenLastSeen = s.frameInfo.time;
    s.ball.estimate.position = { x: ahead, y: -45 };
    s.motionInfo.executedMotion = executed;
    return s;
  }

  it('shoots at goal with the long kick: stops in the kick position, then kicks standing', () => {
    const s = facingGoal(3000, 240, MotionType.walkAtRelativeSpeed);
    s.frame();
    expect(s.request.motion).toBe(MotionType.stand);
    s.motionInfo.executedMotion = MotionType.stand;
    s.frame();
    expect(s.request.motion).toBe(MotionType.kick);
    expect(s.request.kickKind).toBe(KickKind.long);
    expect(s.request.kickType).toBe(KickType.forwardRight);
    expect(s.status.activity).toBe(BehaviorActivity.kick);
    // Standing, but 60 mm off: it corrects with a small step instead of kicking.
    const off = facingGoal(3000, 300, MotionType.stand);
    off.frame();
    expect(off.request.motion).toBe(MotionType.walkToPose);
  });

  it('dribbles with in-walk kicks far from the goal, walking through the kick position', () => {
    const s = facingGoal(6000, 200, MotionType.walkAtRelativeSpeed);
    s.ball.estimate.position = { x: 200, y: -50 };
    s.frame();
    expect(s.request.motion).toBe(MotionType.kick);
    expect(s.request.kickKind).toBe(KickKind.inWalk);
    expect(s.request.kickType).toBe(KickType.forwardRight);
    // The walk goes on beyond the kick position.
    expect(s.request.walkTarget.translation.x).toBeGreaterThan(100);
  });

  it('plays the in-walk kick near the goal when another robot is close to the ball, and for the kick-off pass', () => {
    const crowded = facingGoal(3000, 200, MotionType.walkAtRelativeSpeed);
    crowded.ball.estimate.position = { x: 200, y: -50 };
    // Beside the ball, out of its way to the goal, closer to it than the long kick's clearance.
    const beside = { x: 300, y: -50 + 0.8 * crowded.params.longKickClearance };
    crowded.obstacles.obstacles = [{ ...Obstacle.defaultValue(), center: beside }];
    crowded.frame();
    expect(crowded.request.kickKind).toBe(KickKind.inWalk);
  });

  it('kicks the ball straight on from where it stands when a duel at the ball lasts', () => {
    // Beside the ball's line to the goal, facing +y, the ball 150 mm ahead, an opponent just beyond it: the kick
    // towards the goal needs the robot behind the ball, which the opponent keeps it from reaching.
    const s = setup();
    s.pose.translation = { x: 1000, y: 0 };
    s.pose.rotation = deg(90);
    s.ball.estimate.position = { x: 150, y: 0 };
    s.obstacles.obstacles = [{ ...Obstacle.defaultValue(), center: { x: 400, y: 0 } }];
    s.motionInfo.executedMotion = MotionType.walkAtRelativeSpeed;
    const facingOf = (): number => s.request.walkTarget.rotation;
    for (let t = 0; t < s.params.duelTime - 100; t += 16) {
      s.ball.timeWhenLastSeen = s.frameInfo.time;
      s.frame();
    }
    // Still going round the ball towards the goal (+x, i.e. to its right).
    expect(facingOf()).toBeLessThan(deg(-45));
    for (let t = 0; t < 300; t += 16) {
      s.ball.timeWhenLastSeen = s.frameInfo.time;
      s.frame();
    }
    // After duelTime: straight on, sideways past the opponent's goal-ward path, with the in-walk kick.
    expect(Math.abs(facingOf())).toBeLessThan(deg(10));
    expect(s.status.activity === BehaviorActivity.kick || s.request.motion === MotionType.walkToPose).toBe(true);
    // Facing the own goal, it does not: the duel goes on.
    const own = setup();
    own.pose.translation = { x: 1000, y: 0 };
    own.pose.rotation = deg(180);
    own.ball.estimate.position = { x: 150, y: 0 };
    own.obstacles.obstacles = [{ ...Obstacle.defaultValue(), center: { x: 400, y: 0 } }];
    for (let t = 0; t < own.params.duelTime + 500; t += 16) {
      own.ball.timeWhenLastSeen = own.frameInfo.time;
      own.frame();
    }
    expect(Math.abs(own.request.walkTarget.rotation)).toBeGreaterThan(deg(60));
  });
});
