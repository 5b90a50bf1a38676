/**
 * @file A minimal striker: in `playing`, walk behind the ball facing the opponent goal and kick; without a recent
 * ball, turn on the spot towards where it was last seen. Outside `playing` (and while penalized) it stands.
 * Enough to exercise the whole pipeline in simulation; no obstacle avoidance, roles or team play yet.
 */
import { defineModule } from '../../../core/module/defineModule';
import { Pose2f, defineParameters, field, t } from '../../../core/streamable';
import type { Pose2, Vec2 } from '../../../math/types';
import { angleOf, deg, norm, normalizeAngle, poseToGlobal, rotate, sub } from '../../../math/vec2';
import { FieldDimensions } from '../../../representations/Configuration/FieldDimensions';
import { BehaviorActivity, BehaviorStatus } from '../../../representations/BehaviorControl/BehaviorStatus';
import { FrameInfo } from '../../../representations/Infrastructure/FrameInfo';
import { GameState, GameStateState } from '../../../representations/Infrastructure/GameState';
import { BallModel } from '../../../representations/Modeling/BallModel';
import { RobotPose } from '../../../representations/Modeling/RobotPose';
import { MotionInfo } from '../../../representations/MotionControl/MotionInfo';
import { KickType, MotionRequest, MotionType } from '../../../representations/MotionControl/MotionRequest';

const Parameters = defineParameters('BehaviorControl', {
  ballLostTime: field(t.uint32, 'A ball not seen for longer than this (ms) is searched for.', 3000),
  kickDistance: field(t.float, 'Distance of the robot origin behind the ball when kicking (mm).', 170),
  kickFootOffset: field(t.float, 'Sideways offset of the kicking foot from the robot origin (mm).', 55),
  kickPositionTolerance: field(t.float, 'The robot kicks when it is this close to the kick position (mm) …', 40),
  kickAngleTolerance: field(t.angle, '… and faces the shot direction within this angle (rad).', deg(8)),
  alignDistance: field(t.float, 'Farther from the ball than this (mm) the robot faces the ball while walking, closer it turns to the goal.', 600),
  searchRotationSpeed: field(t.float, 'Turn speed while searching for the ball (fraction of the maximum).', 0.6),
  readyPosition: field(Pose2f, 'Where the robot walks in `ready` (field coordinates).', () => ({ rotation: 0, translation: { x: -1000, y: 0 } })),
});

export const BehaviorControl = defineModule({
  name: 'BehaviorControl',
  category: 'BehaviorControl',
  requires: [FrameInfo, GameState, BallModel, RobotPose, FieldDimensions],
  uses: [MotionInfo],
  provides: [MotionRequest, BehaviorStatus],
  parameters: Parameters,
  loadsParameters: true,
}).implement(({ the, params }) => {
  let frameTime = -1;
  let motion = MotionRequest.defaultValue();
  let status = BehaviorStatus.defaultValue();

  const stand = (activity: number): void => {
    motion = { ...MotionRequest.defaultValue(), motion: MotionType.stand };
    status = { ...status, activity, walkingTo: { ...the.RobotPose.translation } };
  };
  const walkTo = (target: Pose2): void => {
    motion = { ...MotionRequest.defaultValue(), motion: MotionType.walkToPose, walkTarget: target };
  };

  /** Decides once per frame; both provided representations read the decision. */
  function decide(): void {
    if (the.FrameInfo.time === frameTime) return;
    frameTime = the.FrameInfo.time;
    const pose = the.RobotPose;
    const goal: Vec2 = { x: the.FieldDimensions.xPosOpponentGroundLine, y: 0 };
    status.shootingTo = goal;
    status.passTarget = -1;

    if (the.GameState.isPenalized) return stand(BehaviorActivity.penalized);
    if (the.GameState.state === GameStateState.ready) {
      const target = params.readyPosition;
      const rel = sub(target.translation, pose.translation);
      walkTo({ rotation: normalizeAngle(target.rotation - pose.rotation), translation: rotate(rel, -pose.rotation) });
      status = { ...status, activity: BehaviorActivity.standing, walkingTo: { ...target.translation } };
      return;
    }
    if (the.GameState.state !== GameStateState.playing) return stand(BehaviorActivity.standing);

    const ball = the.BallModel;
    const ballKnown = ball.timeWhenLastSeen !== 0 && the.FrameInfo.time - ball.timeWhenLastSeen <= params.ballLostTime;
    if (!ballKnown) {
      const side = ball.timeWhenLastSeen !== 0 && ball.estimate.position.y < 0 ? -1 : 1;
      motion = { ...MotionRequest.defaultValue(), motion: MotionType.walkAtRelativeSpeed, walkSpeed: { rotation: side * params.searchRotationSpeed, translation: { x: 0, y: 0 } } };
      status = { ...status, activity: BehaviorActivity.searchForBall, walkingTo: { ...pose.translation } };
      return;
    }

    const ballRel = ball.estimate.position;
    const ballField = poseToGlobal(pose, ballRel);
    const shotDirection = normalizeAngle(angleOf(sub(goal, ballField)) - pose.rotation); // relative to the robot
    // Kick with the foot on the side the ball is on, so the robot needs the shorter sidestep.
    const useLeft = rotate(ballRel, -shotDirection).y >= 0;
    const foot = useLeft ? params.kickFootOffset : -params.kickFootOffset;
    const kickPosition = sub(ballRel, rotate({ x: params.kickDistance, y: foot }, shotDirection));
    const far = norm(ballRel) > params.alignDistance;
    const target: Pose2 = { rotation: far ? angleOf(ballRel) : shotDirection, translation: kickPosition };
    status = { ...status, walkingTo: poseToGlobal(pose, kickPosition) };

    const inPosition = norm(kickPosition) < params.kickPositionTolerance && Math.abs(shotDirection) < params.kickAngleTolerance;
    if (inPosition || the.MotionInfo.isKicking) {
      motion = { ...MotionRequest.defaultValue(), motion: MotionType.kick, kickType: useLeft ? KickType.forwardLeft : KickType.forwardRight };
      status.activity = BehaviorActivity.kick;
    } else {
      walkTo(target);
      status.activity = BehaviorActivity.goToBall;
    }
  }

  return {
    update: {
      MotionRequest(request) {
        decide();
        Object.assign(request, motion);
      },
      BehaviorStatus(behaviorStatus) {
        decide();
        Object.assign(behaviorStatus, status, { walkingTo: { ...status.walkingTo }, shootingTo: { ...status.shootingTo } });
      },
    },
  };
});
