/**
 * @file The oracled world model of fast simulations (B-Human's SimulatedWorldModelProvider): the ball model, the
 * robot pose and the obstacles straight from the simulator's ground truth, so that behaviour and motion run
 * without perception and localization. The obstacle model is also used with real modelling, as Pitchside has no
 * obstacle perception yet: it then stands in for a perfect obstacle detector within a range.
 */
import { defineModule } from '@robot-runtime/core/module/defineModule';
import { defineParameters, field, t } from '@robot-runtime/core/streamable';
import type { Pose2 } from '@robot-runtime/math/types';
import { norm, poseToLocal, rotate } from '@robot-runtime/math/vec2';
import { FrameInfo } from '@robot-runtime/representations/Infrastructure/FrameInfo';
import { GroundTruthWorldState } from '@robot-runtime/representations/Infrastructure/GroundTruthWorldState';
import { BallModel } from '@robot-runtime/representations/Modeling/BallModel';
import { ObstacleModel, ObstacleType, type Obstacle } from '@robot-runtime/representations/Modeling/ObstacleModel';
import { LocalizationQuality, RobotPose } from '@robot-runtime/representations/Modeling/RobotPose';

const Parameters = defineParameters('SimulatedWorldModelProvider', {
  obstacleRadius: field(t.float, 'Radius (mm) of the circle a robot occupies as an obstacle.', 200),
  obstacleRange: field(t.float, 'Robots farther away than this (mm) are not reported as obstacles.', 3000),
});

type Player = GroundTruthWorldState['ownTeamPlayers'][number];

/**
 * Appends the players within range as obstacles. A function of the module file, not a closure per frame: a
 * closure per update is garbage (and, run under tsx, a named function) for every Cognition frame of every robot.
 */
function addObstacles(
  obstacles: Obstacle[],
  ownPose: Pose2,
  players: readonly Player[],
  own: boolean,
  params: { obstacleRange: number; obstacleRadius: number },
): void {
  for (const p of players) {
    const center = poseToLocal(ownPose, p.pose.translation);
    if (norm(center) > params.obstacleRange) continue;
    const type = own
      ? p.upright
        ? ObstacleType.teammate
        : ObstacleType.fallenTeammate
      : p.upright
        ? ObstacleType.opponent
        : ObstacleType.fallenOpponent;
    obstacles.push({ center, radius: params.obstacleRadius, type, number: p.number });
  }
}

const nearestFirst = (a: Obstacle, b: Obstacle): number => norm(a.center) - norm(b.center);

export const SimulatedWorldModelProvider = defineModule({
  name: 'SimulatedWorldModelProvider',
  category: 'Modeling',
  requires: [FrameInfo, GroundTruthWorldState],
  provides: [BallModel, RobotPose, ObstacleModel],
  parameters: Parameters,
  stateless: true,
}).implement(({ the, params }) => ({
  update: {
    BallModel(model) {
      const world = the.GroundTruthWorldState;
      const ball = world.balls[0];
      if (!ball) return;
      const relative = poseToLocal(world.ownPose, ball.position);
      model.lastPerception = relative;
      model.estimate = {
        ...model.estimate,
        position: relative,
        velocity: rotate(ball.velocity, -world.ownPose.rotation),
        covariance: [1, 0, 0, 1],
      };
      model.timeWhenLastSeen = Math.max(1, the.FrameInfo.time);
      model.seenPercentage = 100;
    },
    RobotPose(pose) {
      const own = the.GroundTruthWorldState.ownPose;
      pose.rotation = own.rotation;
      pose.translation = { ...own.translation };
      pose.quality = LocalizationQuality.superb;
      pose.covariance = [1, 0, 0, 0, 1, 0, 0, 0, 0.0001];
      pose.timestamp = the.FrameInfo.time;
    },
    ObstacleModel(model) {
      const world = the.GroundTruthWorldState;
      const obstacles: Obstacle[] = [];
      addObstacles(obstacles, world.ownPose, world.ownTeamPlayers, true, params);
      addObstacles(obstacles, world.ownPose, world.opponentTeamPlayers, false, params);
      obstacles.sort(nearestFirst);
      model.obstacles = obstacles;
    },
  },
}));
