/**
 * @file The soccer behaviour. Outside `playing` it follows the GameController: stand in initial, set and finished,
 * walk to the kick-off position in ready, stand while penalized. In `playing` it plays its role: the goalkeeper
 * guards the goal and clears balls in its penalty area; the striker walks behind the ball facing the opponent
 * goal and kicks; the supporter waits diagonally behind the ball; forwards wait ahead of it on the wings; defenders
 * form a line in front of the own goal.
 * The striker shoots at goal with the long kick when it can stand and align, and plays in-walk kicks otherwise
 * (kickChoice.ts). Roles come from team communication (roles.ts). The robot walks around other robots, keeps out of the centre
 * circle during the opponent's kick-off and away from the ball during the opponent's set plays, and uses the
 * teammates' ball when it does not see the ball itself. Without a GameController it plays alone as a striker.
 */
import { defineModule } from '@robot-runtime/core/module/defineModule';
import { copyInPlace, defineParameters, field, t } from '@robot-runtime/core/streamable';
import type { Pose2, Vec2 } from '@robot-runtime/math/types';
import {
  add,
  angleOf,
  deg,
  norm,
  normalizeAngle,
  poseToGlobal,
  poseToLocal,
  rotate,
  sub,
} from '@robot-runtime/math/vec2';
import {
  BehaviorActivity,
  BehaviorRole,
  BehaviorStatus,
} from '@robot-runtime/representations/BehaviorControl/BehaviorStatus';
import { TeamData } from '@robot-runtime/representations/Communication/TeamData';
import { FieldDimensions } from '@robot-runtime/representations/Configuration/FieldDimensions';
import { FrameInfo } from '@robot-runtime/representations/Infrastructure/FrameInfo';
import { GameControllerData } from '@robot-runtime/representations/Infrastructure/GameControllerData';
import { GameState, GameStateState } from '@robot-runtime/representations/Infrastructure/GameState';
import { BallModel, type BallState } from '@robot-runtime/representations/Modeling/BallModel';
import { ObstacleModel } from '@robot-runtime/representations/Modeling/ObstacleModel';
import { RobotPose } from '@robot-runtime/representations/Modeling/RobotPose';
import { MotionInfo } from '@robot-runtime/representations/MotionControl/MotionInfo';
import {
  KickKind,
  KickType,
  MotionRequest,
  MotionType,
} from '@robot-runtime/representations/MotionControl/MotionRequest';
import { chooseKickKind, chooseShotDirection } from './kickChoice';
import { avoidObstacles, goalPostObstacles } from './obstacleAvoidance';
import { defenderPosition, forwardPosition, goalkeeperPosition, kickOffPosition, supporterPosition } from './positions';
import { assignRoles, timeToReachBall, type Candidate, type RoleAssignment } from './roles';

const Parameters = defineParameters('BehaviorControl', {
  ballLostTime: field(t.uint32, 'A ball not seen for longer than this (ms) is searched for.', 3000),
  kickDistance: field(
    t.float,
    'Long kick: distance of the robot origin behind the ball when it starts (mm); the swing meets the ball best there.',
    240,
  ),
  kickFootOffset: field(
    t.float,
    'Long kick: sideways offset of the ball from the robot origin (mm); the foot is at 50, a ball further out goes sideways.',
    45,
  ),
  kickPositionTolerance: field(
    t.float,
    'Long kick: the robot stops and kicks when it is this close to the kick position (mm) …',
    30,
  ),
  kickAngleTolerance: field(t.angle, '… and faces the shot direction within this angle (rad).', deg(6)),
  inWalkKickDistance: field(
    t.float,
    'In-walk kick: distance of the robot origin behind the ball where the kick is requested (mm); walking on, the kicking step comes within a step, the ball ~170-230 mm ahead.',
    200,
  ),
  inWalkKickFootOffset: field(t.float, 'In-walk kick: sideways offset of the ball from the robot origin (mm).', 50),
  inWalkKickPositionTolerance: field(
    t.float,
    'In-walk kick: the kick is requested with the ball this close to its distance ahead (mm) …',
    60,
  ),
  inWalkKickLateralTolerance: field(
    t.float,
    "… with the ball this close to the kicking foot's line sideways (mm) …",
    25,
  ),
  inWalkKickAngleTolerance: field(
    t.angle,
    '… facing the kick direction within this angle (rad); aligning more precisely took strikers with robots near many seconds in articulated games.',
    deg(10),
  ),
  inWalkKickWalkThrough: field(
    t.float,
    'In-walk kick: close to the ball the robot walks towards a point this far beyond the kick position (mm), so it passes the kick position walking.',
    200,
  ),
  inWalkKickSpeed: field(
    t.float,
    'In-walk kick: the fastest walk (fraction of the maximum) while the kick is requested; the kicking step is tuned for a moderate pace.',
    0.6,
  ),
  longKickRange: field(
    t.float,
    'A ball at most this far from the opponent goal (mm) is shot with the long kick; farther away it is dribbled with in-walk kicks.',
    5000,
  ),
  longKickClearance: field(
    t.float,
    'The long kick needs the time to stand and align: no other robot closer than this to the ball (mm). At 700 mm the ' +
      'articulated 7 vs 7 had goals in 7 of 16 halves, at 450 mm in 9 of 16 (14 goals against 7, falls the same).',
    450,
  ),
  shotCorridor: field(
    t.float,
    "A robot whose centre is closer than this (mm) to the ball's path blocks a kick; the kick then goes past it.",
    220,
  ),
  shotBlockRange: field(t.float, '… counted if it stands within this distance (mm) along the path.', 1200),
  shotMaxDeviation: field(
    t.angle,
    'A blocked kick goes in the free direction closest to the goal, at most this far off it (rad).',
    deg(100),
  ),
  duelBallDistance: field(t.float, 'A duel: this robot and another both closer than this (mm) to the ball …', 350),
  duelTime: field(
    t.uint32,
    '… for this long (ms) without a kick: the robot kicks the ball straight on from where it stands (two strikers each walking round the ball to their kick positions pushed it along for 40 s) …',
    1500,
  ),
  duelOwnGoalClearance: field(
    t.angle,
    '… unless straight on is closer than this (rad) to the direction of the own goal.',
    deg(60),
  ),
  kickPositionOccupied: field(
    t.float,
    "Another robot's centre closer than this (mm) to the kick position behind the ball occupies it: a direction whose kick position is free is preferred.",
    200,
  ),
  alignDistance: field(
    t.float,
    'Farther from the ball than this (mm) the robot faces the ball while walking, closer it turns to the goal.',
    600,
  ),
  searchRotationSpeed: field(t.float, 'Turn speed while searching for the ball (fraction of the maximum).', 0.6),
  searchTurnTime: field(
    t.uint32,
    'A search turns on the spot this long (ms; about one full turn) before it walks elsewhere.',
    10000,
  ),
  searchWalkTime: field(
    t.uint32,
    'Then it walks this long (ms) towards where the ball was, or away from there if it stands on that spot.',
    5000,
  ),
  searchViewDistance: field(
    t.float,
    "A robot this close (mm) to where it lost the ball walks this far from there towards the field centre: a ball at its feet or hidden behind it is out of its cameras' view.",
    1500,
  ),
  teamBallTimeout: field(
    t.uint32,
    "A teammate's ball older than this (ms since the teammate saw it) is not used.",
    4000,
  ),
  teammateTimeout: field(
    t.uint32,
    'A teammate not heard from for this long (ms) does not take part in role assignment.',
    15000,
  ),
  maxForwards: field(
    t.uint8,
    'Of the field players neither striker nor supporter, at most this many (and at most half) wait ahead of the ball as forwards; the others defend.',
    2,
  ),
  strikerBonus: field(
    t.uint32,
    'The current striker counts as this much (ms) closer to the ball, so roles do not flicker.',
    1500,
  ),
  kickOffKickStrength: field(
    t.float,
    'Strength (0..1) of the first kick of an own kick-off: a short pass, as a direct goal would not count.',
    0.3,
  ),
  kickOffDuration: field(
    t.uint32,
    'How long after a kick-off (ms) the opponents must stay out of the centre circle.',
    10000,
  ),
  setPlayDistance: field(
    t.float,
    "Distance (mm) kept from the ball during the opponent's set plays and kick-off.",
    900,
  ),
  playBallDistance: field(
    t.float,
    'Supporters and defenders play a ball closer than this (mm) themselves, if no teammate is closer to it (they walked into the striker).',
    500,
  ),
  crowdDistance: field(
    t.float,
    'Another robot closer than this (mm) ahead of the robot, within 45° of where it walks, slows it down …',
    400,
  ),
  crowdSpeed: field(
    t.float,
    '… to this fraction of its top speed: robots walking into each other at the ball at full pace fell (the most common fall in articulated games).',
    0.3,
  ),
  goalkeeperClearDistance: field(
    t.float,
    'The goalkeeper leaves its line for balls in its penalty area closer than this (mm).',
    1500,
  ),
  obstacleCorridor: field(t.float, 'Half width (mm) of the corridor in which robots count as blocking the way.', 250),
  obstacleClearance: field(t.float, 'Clearance (mm) kept to an obstacle when walking around it.', 300),
  obstacleIgnoreNearTarget: field(t.float, 'Obstacles this close (mm) to the walk target do not cause a detour.', 400),
  positionTolerance: field(t.float, 'Closer than this (mm) to a position (and facing right), the robot stands.', 120),
});

export const BehaviorControl = defineModule({
  name: 'BehaviorControl',
  category: 'BehaviorControl',
  requires: [FrameInfo, GameState, BallModel, RobotPose, FieldDimensions],
  uses: [MotionInfo, TeamData, ObstacleModel, GameControllerData],
  provides: [MotionRequest, BehaviorStatus],
  parameters: Parameters,
  loadsParameters: true,
}).implement(({ the, params, keep }) => {
  const kept = keep({
    frameTime: -1,
    role: BehaviorRole.none as number,
    motion: MotionRequest.defaultValue(),
    status: BehaviorStatus.defaultValue(),
    /** The kind of kick chosen for the ball being played (MotionRequest's KickKind), kept once close to it. */
    kickKind: undefined as number | undefined,
    /** The foot chosen for it (true: left), kept once close to the ball. */
    kickLeft: undefined as boolean | undefined,
    /** The field direction of the kick chosen last frame (past robots in the ball's way). */
    shotFieldDirection: undefined as number | undefined,
    /** Since when another robot and this one have both been at the ball (ms). */
    duelSince: undefined as number | undefined,
    /** The search under way: when it began, its turn direction and where the ball was lost (field, if known). */
    searchState: undefined as { since: number; lastFrame: number; turn: number; lostAt: Vec2 | undefined } | undefined,
  });

  const stand = (activity: number): void => {
    kept.motion = { ...MotionRequest.defaultValue(), motion: MotionType.stand };
    kept.status.activity = activity;
    kept.status.walkingTo = { ...the.RobotPose.translation };
  };

  /** Walks to a field position, facing `facing` (field angle), around obstacles; stands once there. */
  const walkToField = (target: Vec2, facing: number, activity: number): void => {
    const pose = the.RobotPose;
    const rel = poseToLocal(pose, target);
    const turn = normalizeAngle(facing - pose.rotation);
    kept.status.activity = activity;
    kept.status.walkingTo = { ...target };
    if (norm(rel) < params.positionTolerance && Math.abs(turn) < deg(10)) {
      kept.motion = { ...MotionRequest.defaultValue(), motion: MotionType.stand };
      return;
    }
    walkToRelative({ rotation: norm(rel) > 1000 ? angleOf(rel) : turn, translation: rel });
  };

  /** walkToPose to a relative target at `speed` (fraction of the maximum), detouring around obstacles. */
  const walkToRelative = (target: Pose2, speed = 1): void => {
    const obstacles = [
      ...(the.ObstacleModel?.obstacles ?? []),
      ...goalPostObstacles(the.RobotPose, the.FieldDimensions),
    ];
    const way = avoidObstacles(target.translation, obstacles, {
      corridorHalfWidth: params.obstacleCorridor,
      clearance: params.obstacleClearance,
      ignoreNearTarget: params.obstacleIgnoreNearTarget,
    });
    const detour = way !== target.translation;
    const pace = Math.min(speed, crowdedPace(way));
    kept.motion = {
      ...MotionRequest.defaultValue(),
      motion: MotionType.walkToPose,
      walkTarget: { rotation: detour ? angleOf(way) : target.rotation, translation: way },
      walkSpeed: { rotation: 1, translation: { x: pace, y: pace } },
    };
  };

  /** The fastest pace (fraction of the top speed) towards `way` (relative): slow with a robot close ahead. */
  const crowdedPace = (way: Vec2): number => {
    if (norm(way) < 1) return 1;
    const heading = angleOf(way);
    const crowded = (the.ObstacleModel?.obstacles ?? []).some(
      (o) =>
        norm(o.center) < params.crowdDistance && Math.abs(normalizeAngle(angleOf(o.center) - heading)) < Math.PI / 4,
    );
    return crowded ? params.crowdSpeed : 1;
  };

  /** The ball on the field: own estimate if recent, else the freshest teammate ball; undefined if unknown. */
  function ballOnField(): { position: Vec2; own: boolean } | undefined {
    const now = the.FrameInfo.time;
    const ball = the.BallModel;
    if (ball.timeWhenLastSeen !== 0 && now - ball.timeWhenLastSeen <= params.ballLostTime)
      return { position: poseToGlobal(the.RobotPose, ball.estimate.position), own: true };
    let best: { position: Vec2; time: number } | undefined;
    for (const m of the.TeamData?.teammates ?? []) {
      if (m.timeWhenBallLastSeen === 0 || now - m.timeWhenBallLastSeen > params.teamBallTimeout || !m.poseValid)
        continue;
      if (!best || m.timeWhenBallLastSeen > best.time)
        best = { position: { ...m.ballPosition }, time: m.timeWhenBallLastSeen };
    }
    return best ? { position: best.position, own: false } : undefined;
  }

  /** The own team's goalkeeper number, from the GameController (none without one). */
  function goalkeeperNumber(): number | undefined {
    if (!the.GameState.gameControllerActive) return undefined;
    const gc = the.GameControllerData;
    const own = gc?.teams.find((team) => team.teamNumber === the.GameState.ownTeam.number);
    return own?.goalkeeper ?? 1;
  }

  /** This robot's role and its slot in its line, from its own time to the ball and its teammates' reports. */
  function chooseRole(ball: Vec2 | undefined): RoleAssignment {
    const me = the.GameState.playerNumber;
    const keeper = goalkeeperNumber();
    if (keeper === undefined) return { role: BehaviorRole.striker, slot: 0, slots: 0 };
    if (me === keeper) return { role: BehaviorRole.goalkeeper, slot: 0, slots: 0 };
    const now = the.FrameInfo.time;
    const candidates: Candidate[] = [
      {
        number: me,
        time: ball ? timeToReachBall(the.RobotPose, ball) : 100000,
        striker: kept.role === BehaviorRole.striker,
        x: the.RobotPose.translation.x,
        y: the.RobotPose.translation.y,
      },
    ];
    for (const m of the.TeamData?.teammates ?? []) {
      if (
        m.number === keeper ||
        m.isPenalized ||
        !m.isUpright ||
        now - m.timeWhenLastPacketReceived > params.teammateTimeout
      )
        continue;
      const time = ball && m.poseValid ? timeToReachBall(m.pose, ball) : m.timeToReachBall;
      const { x, y } = m.pose.translation;
      candidates.push({ number: m.number, time, striker: m.role === BehaviorRole.striker, x, y });
    }
    return assignRoles(candidates, params.strikerBonus, params.maxForwards).get(me)!;
  }

  /**
   * Other spots to shoot at when the way to `target` is blocked: across the goal mouth when the target is the
   * opponent goal's centre (a keeper in the middle leaves the corners), none for other targets.
   */
  function goalSpots(target: Vec2): Vec2[] {
    const f = the.FieldDimensions;
    if (target.x !== f.xPosOpponentGroundLine || target.y !== 0) return [];
    const inner = f.yPosLeftGoal - f.goalPostRadius - 150;
    return [inner / 2, -inner / 2, inner, -inner].map((y) => ({ x: target.x, y }));
  }

  /**
   * Goes behind the ball and kicks it towards `goal` with `strength`: the long kick from standing for shots on goal
   * with room to stand and align, the in-walk kick otherwise (and always for a short pass, `shortPass`). The kind
   * is chosen while approaching and kept once close to the ball, so the kick position does not jump.
   */
  function playBall(goal: Vec2, strength: number, shortPass = false): void {
    const pose = the.RobotPose;
    const ball = the.BallModel;
    const ballRel = ball.estimate.position;
    const ballField = poseToGlobal(pose, ballRel);
    const far = norm(ballRel) > params.alignDistance;
    const obstacles = (the.ObstacleModel?.obstacles ?? []).map((o) => poseToGlobal(pose, o.center));
    const now = the.FrameInfo.time;
    const contested =
      norm(ballRel) < params.duelBallDistance &&
      obstacles.some((o) => norm(sub(o, ballField)) < params.duelBallDistance);
    if (!contested || the.MotionInfo?.isKicking) kept.duelSince = undefined;
    else kept.duelSince ??= now;
    const ownGoalDirection = angleOf(sub({ x: -the.FieldDimensions.xPosOpponentGroundLine, y: 0 }, ballField));
    const straightOn = angleOf(sub(ballField, pose.translation));
    // A duel that lasts: the ball goes where this robot can kick it from where it stands, unless at the own goal.
    const duel =
      kept.duelSince !== undefined &&
      now - kept.duelSince >= params.duelTime &&
      Math.abs(normalizeAngle(straightOn - ownGoalDirection)) > params.duelOwnGoalClearance;
    if (duel) {
      kept.shotFieldDirection = straightOn;
      kept.kickKind = KickKind.inWalk;
    } else
      kept.shotFieldDirection = chooseShotDirection({
        ball: ballField,
        target: goal,
        alternatives: goalSpots(goal),
        obstacles,
        previous: kept.shotFieldDirection,
        corridor: params.shotCorridor,
        blockRange: params.shotBlockRange,
        maxDeviation: params.shotMaxDeviation,
        step: deg(15),
        halfLength: the.FieldDimensions.xPosOpponentGroundLine,
        halfWidth: the.FieldDimensions.yPosLeftSideline,
        goalHalfWidth: the.FieldDimensions.yPosLeftGoal - the.FieldDimensions.goalPostRadius,
        kickDistance: params.kickDistance,
        occupiedRadius: params.kickPositionOccupied,
      });
    const shotDirection = normalizeAngle(kept.shotFieldDirection - pose.rotation); // relative to the robot
    const choice = chooseKickKind({
      ball: ballField,
      target: goal,
      obstacles,
      shortPass,
      longKickRange: params.longKickRange,
      longKickClearance: params.longKickClearance,
    });
    // Close to the ball only a change to the in-walk kick is taken (another robot came near: no time to stand),
    // so the kick position does not jump back and forth.
    if (far || kept.kickKind === undefined || choice === KickKind.inWalk) kept.kickKind = choice;
    const long = kept.kickKind === KickKind.long;
    // Kick with the foot on the side the ball is on, so the robot needs the shorter sidestep. Like the kind, the
    // foot is kept close to the ball: the torso sways sideways while walking, and a ball between the feet would
    // otherwise change sides every step.
    if (far || kept.kickLeft === undefined) kept.kickLeft = rotate(ballRel, -shotDirection).y >= 0;
    const useLeft = kept.kickLeft;
    const offset = long ? params.kickFootOffset : params.inWalkKickFootOffset;
    const distance = long ? params.kickDistance : params.inWalkKickDistance;
    const kickPosition = sub(ballRel, rotate({ x: distance, y: useLeft ? offset : -offset }, shotDirection));
    const past = kept.shotFieldDirection !== angleOf(sub(goal, ballField));
    kept.status.shootingTo = past
      ? add(ballField, rotate({ x: norm(sub(goal, ballField)), y: 0 }, kept.shotFieldDirection))
      : goal;
    kept.status.walkingTo = poseToGlobal(pose, kickPosition);
    // How far the ball is from where the foot needs it, in the robot's own frame: the kick goes where the robot
    // faces, so a small turn still to make must not hide a ball that lies beside the foot.
    const error = norm(sub(ballRel, { x: distance, y: useLeft ? offset : -offset }));
    const aimError = Math.abs(shotDirection);
    const requested = kept.motion.motion === MotionType.kick;
    const executed = the.MotionInfo?.executedMotion;
    // A kick in progress is kept requested only while the ball is still at the foot; once it is gone, asking
    // on would start the next kick the moment this one ends.
    const tolerance = long ? params.kickPositionTolerance : params.inWalkKickPositionTolerance;
    const kickGoingOn = (the.MotionInfo?.isKicking ?? false) && error < 3 * tolerance;
    let kick: boolean;
    let stop = false;
    if (long) {
      // The long kick starts from standing: at the kick position the robot stops, and kicks once it stands there
      // (the KickEngine waits until the torso is still; until it swings, the position is checked on); standing
      // elsewhere it corrects with small steps. A stop, once asked for, is kept until the robot stands: its torso
      // sways by centimetres while it stops.
      const precise = error < tolerance && aimError < params.kickAngleTolerance;
      const standing = executed === undefined || executed === MotionType.stand || executed === MotionType.kick;
      const stopping = kept.motion.motion === MotionType.stand && error < 5 * tolerance;
      kick = kickGoingOn || (standing && precise);
      stop = !kick && !standing && (precise || stopping);
    } else {
      // Walking, the torso sways sideways by a few centimetres: the ball must lie in front of the foot more
      // precisely than it may lie ahead of it.
      const lateral = Math.abs(ballRel.y - (useLeft ? offset : -offset));
      const inPosition =
        Math.abs(ballRel.x - distance) < tolerance &&
        lateral < params.inWalkKickLateralTolerance &&
        aimError < params.inWalkKickAngleTolerance;
      // Once asked for, the kick stays requested with the ball near the foot, but only while the robot still faces
      // the kick direction: otherwise, with a robot at the ball blocking the way, it kicked into it every step.
      const stillAimed = aimError < 2 * params.inWalkKickAngleTolerance;
      // In a duel the other robot keeps this one from the exact kick position: any ball in front of the foot goes.
      const inReach =
        duel &&
        ballRel.x > 0 &&
        ballRel.x < distance + tolerance &&
        lateral < 2 * params.inWalkKickLateralTolerance &&
        stillAimed;
      kick = kickGoingOn || inPosition || inReach || (requested && stillAimed && error < 2 * tolerance);
    }
    if (stop) {
      kept.motion = { ...MotionRequest.defaultValue(), motion: MotionType.stand };
      kept.status.activity = BehaviorActivity.kick;
      return;
    }
    // The in-walk kick is played walking: close to the ball, coming from behind the kick position, the robot walks
    // towards a point beyond it, so it arrives there at speed instead of slowing down and keeps walking through the
    // kicking step. A robot already past the kick position (too close to the ball) walks back to it.
    const behind = rotate(kickPosition, -shotDirection).x > -tolerance;
    const walkThrough =
      long || far || !behind
        ? kickPosition
        : add(kickPosition, rotate({ x: params.inWalkKickWalkThrough, y: 0 }, shotDirection));
    if (kick) {
      const speed = Math.min(long ? 1 : params.inWalkKickSpeed, crowdedPace(walkThrough));
      kept.motion = {
        ...MotionRequest.defaultValue(),
        motion: MotionType.kick,
        kickType: useLeft ? KickType.forwardLeft : KickType.forwardRight,
        kickKind: kept.kickKind,
        kickStrength: strength,
        walkTarget: { rotation: shotDirection, translation: walkThrough },
        walkSpeed: { rotation: 1, translation: { x: speed, y: speed } },
      };
      kept.status.activity = BehaviorActivity.kick;
    } else {
      // Far away, the ball itself is the target (no detour for what lies right at it); close by, the kick pose.
      // Close to the ball the in-walk kick's approach already walks at the kick's pace: asked for at the top speed,
      // the kicking step could begin before the walk had slowed down (at ~220 mm/s), and the ball went short.
      walkToRelative(
        { rotation: far ? angleOf(ballRel) : shotDirection, translation: walkThrough },
        long || far ? 1 : params.inWalkKickSpeed,
      );
      kept.status.activity = BehaviorActivity.goToBall;
    }
  }

  /**
   * Searches for the ball: turns on the spot (towards the side it was last seen on, chosen once, so that odometry
   * moving the old estimate across the robot's axis cannot make it turn back and forth), then walks towards where
   * the ball was lost, or away from that spot if it already stands there, and turns again. Turning alone would
   * never find a ball lying at the robot's feet, or one that a robot in front of it hides from every teammate.
   */
  function search(): void {
    const now = the.FrameInfo.time;
    const ball = the.BallModel;
    const pose = the.RobotPose;
    if (!kept.searchState || now - kept.searchState.lastFrame > 500) {
      const seen = ball.timeWhenLastSeen !== 0;
      kept.searchState = {
        since: now,
        lastFrame: now,
        turn: seen && ball.estimate.position.y < 0 ? -1 : 1,
        lostAt: seen ? poseToGlobal(pose, ball.estimate.position) : undefined,
      };
    }
    kept.searchState.lastFrame = now;
    kept.status.activity = BehaviorActivity.searchForBall;
    const phase = (now - kept.searchState.since) % (params.searchTurnTime + params.searchWalkTime);
    if (phase < params.searchTurnTime) {
      kept.motion = {
        ...MotionRequest.defaultValue(),
        motion: MotionType.walkAtRelativeSpeed,
        walkSpeed: { rotation: kept.searchState.turn * params.searchRotationSpeed, translation: { x: 0, y: 0 } },
      };
      kept.status.walkingTo = { ...pose.translation };
      return;
    }
    const lostAt = kept.searchState.lostAt ?? { x: 0, y: 0 };
    const offset = sub(lostAt, pose.translation);
    let target = lostAt;
    if (norm(offset) < params.searchViewDistance) {
      const towardsCentre =
        norm(lostAt) > 1 ? { x: -lostAt.x / norm(lostAt), y: -lostAt.y / norm(lostAt) } : { x: -1, y: 0 };
      target = {
        x: lostAt.x + towardsCentre.x * params.searchViewDistance,
        y: lostAt.y + towardsCentre.y * params.searchViewDistance,
      };
    }
    walkToField(target, angleOf(sub(lostAt, target)), BehaviorActivity.searchForBall);
  }

  /** A position that keeps `distance` from the ball on the own goal's side (opponent set plays and kick-offs). */
  function keepAway(ball: Vec2, distance: number): void {
    const ownGoal = { x: -the.FieldDimensions.xPosOpponentGroundLine, y: 0 };
    const away = sub(ownGoal, ball);
    const spot = { x: ball.x + (away.x / norm(away)) * distance, y: ball.y + (away.y / norm(away)) * distance };
    walkToField(spot, angleOf(sub(ball, spot)), BehaviorActivity.waitForKickOff);
  }

  function play(): void {
    const now = the.FrameInfo.time;
    const fieldDims = the.FieldDimensions;
    const goal = { x: fieldDims.xPosOpponentGroundLine, y: 0 };
    const known = ballOnField();
    const ballField = known?.position;
    const assignment = chooseRole(ballField);
    kept.role = assignment.role;
    kept.status.role = kept.role;
    kept.status.timeToReachBall = ballField ? timeToReachBall(the.RobotPose, ballField) : 100000;
    kept.status.shootingTo = goal;

    const gc = the.GameControllerData;
    const sinceStart = now - the.GameState.timeWhenStateStarted;
    const opponentSetPlay =
      the.GameState.gameControllerActive && gc !== undefined && gc.setPlay !== 0 && !the.GameState.ownKickOff;
    const opponentKickOff =
      the.GameState.gameControllerActive &&
      !the.GameState.ownKickOff &&
      gc?.setPlay === 0 &&
      sinceStart < params.kickOffDuration;
    const ownKickOff =
      the.GameState.gameControllerActive &&
      the.GameState.ownKickOff &&
      gc?.setPlay === 0 &&
      sinceStart < params.kickOffDuration;
    const ownDistance = known?.own ? norm(the.BallModel.estimate.position) : Infinity;

    if (kept.role === BehaviorRole.goalkeeper) {
      const penaltyArea =
        ballField !== undefined &&
        ballField.x < -fieldDims.xPosOpponentPenaltyArea &&
        Math.abs(ballField.y) < fieldDims.yPosLeftPenaltyArea;
      if (known?.own && penaltyArea && ownDistance < params.goalkeeperClearDistance && !opponentSetPlay)
        return playBall(goal, 1);
      const spot = goalkeeperPosition(ballField, fieldDims);
      return walkToField(spot, ballField ? angleOf(sub(ballField, spot)) : 0, BehaviorActivity.guardGoal);
    }
    if (ballField && (opponentSetPlay || (opponentKickOff && norm(ballField) < fieldDims.centerCircleRadius + 300))) {
      if (kept.role === BehaviorRole.striker)
        return keepAway(
          ballField,
          opponentKickOff
            ? Math.max(params.setPlayDistance, fieldDims.centerCircleRadius + 250)
            : params.setPlayDistance,
        );
    }
    const teammateCloser = (the.TeamData?.teammates ?? []).some(
      (m) =>
        m.poseValid &&
        m.isUpright &&
        !m.isPenalized &&
        ballField !== undefined &&
        norm(sub(m.pose.translation, ballField)) < ownDistance,
    );
    if (
      kept.role === BehaviorRole.striker ||
      (known?.own && ownDistance < params.playBallDistance && !teammateCloser && !opponentSetPlay && !opponentKickOff)
    ) {
      // A striker may know of no ball at all (none seen, none from teammates): then it searches, below.
      const kickOffPass = ownKickOff && ballField !== undefined && norm(ballField) < 500;
      if (known?.own) return playBall(goal, kickOffPass ? params.kickOffKickStrength : 1, kickOffPass);
      if (ballField)
        return walkToField(ballField, angleOf(sub(ballField, the.RobotPose.translation)), BehaviorActivity.goToBall);
      return search();
    }
    if (!ballField) return search();
    const spot =
      kept.role === BehaviorRole.supporter
        ? supporterPosition(ballField, fieldDims)
        : kept.role === BehaviorRole.forward
          ? forwardPosition(assignment.slot, assignment.slots, ballField, fieldDims)
          : defenderPosition(assignment.slot, assignment.slots, ballField, fieldDims);
    walkToField(spot, angleOf(sub(ballField, spot)), BehaviorActivity.positioning);
  }

  /** Decides once per frame; both provided representations read the decision. */
  function decide(): void {
    if (the.FrameInfo.time === kept.frameTime) return;
    kept.frameTime = the.FrameInfo.time;
    kept.status = {
      ...BehaviorStatus.defaultValue(),
      role: kept.role,
      timeToReachBall: kept.status.timeToReachBall,
      shootingTo: { x: the.FieldDimensions.xPosOpponentGroundLine, y: 0 },
    };
    if (the.GameState.isPenalized) return stand(BehaviorActivity.penalized);
    switch (the.GameState.state) {
      case GameStateState.ready: {
        const keeper = goalkeeperNumber();
        const number =
          keeper !== undefined && the.GameState.playerNumber === keeper
            ? 1
            : the.GameState.playerNumber === 1 && keeper !== undefined
              ? keeper
              : the.GameState.playerNumber;
        const target = kickOffPosition(number, the.GameState.ownKickOff, the.FieldDimensions);
        return walkToField(target.translation, target.rotation, BehaviorActivity.positioning);
      }
      case GameStateState.playing:
        return play();
      default:
        return stand(BehaviorActivity.standing);
    }
  }

  return {
    update: {
      MotionRequest(request) {
        decide();
        // The request keeps its own BallState, overwritten in place (motion's default one is not shared).
        const { ballEstimate } = request;
        Object.assign(request, kept.motion);
        request.ballEstimate = copyInPlace(ballEstimate, the.BallModel.estimate) as BallState;
      },
      BehaviorStatus(behaviorStatus) {
        decide();
        Object.assign(behaviorStatus, kept.status, {
          walkingTo: { ...kept.status.walkingTo },
          shootingTo: { ...kept.status.shootingTo },
        });
      },
    },
  };
});
