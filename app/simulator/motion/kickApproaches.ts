/**
 * @file Kicks on an articulated NAO (kicks.test.ts on Pitchside's model; kicksOnBHumanNao.long.test.ts on B-Human's),
 * chosen and aimed by the real BehaviorControl: it sees the true ball and its true pose (in the robot's own frame,
 * between the ankles), plays alone as the striker (no GameController) and shoots at the opponent goal. The ball leaves
 * the foot by physics only.
 */
import { describe, expect, it } from 'vitest';
import { createModuleForTest } from '@robot-runtime/core/testing/moduleHarness';
import { seededRandom } from '@robot-runtime/math/SeededRandom';
import type { Vec2 } from '@robot-runtime/math/types';
import { BehaviorControl } from '@robot-runtime/modules/BehaviorControl/BehaviorControl/BehaviorControl';
import { FieldDimensions } from '@robot-runtime/representations/Configuration/FieldDimensions';
import { GameState, GameStateState } from '@robot-runtime/representations/Infrastructure/GameState';
import { BallModel } from '@robot-runtime/representations/Modeling/BallModel';
import { RobotPose } from '@robot-runtime/representations/Modeling/RobotPose';
import { KickKind, MotionType } from '@robot-runtime/representations/MotionControl/MotionRequest';
import { WalkHarness, type NaoModel } from './walkHarness';

const GOAL = { x: 4500, y: 0 };
const degrees = (rad: number): number => (rad * 180) / Math.PI;

interface Kick {
  /** Ball displacement (mm) and its direction's error from the direction to the goal (rad). */
  distance: number;
  error: number;
  fell: boolean;
  kinds: Set<number>;
  /** Whether the robot stood still between walking off and the kick. */
  stoppedBeforeKick: boolean;
}

/**
 * The robot at `robot` (field, facing the goal) plays the ball at `ball` for `seconds`. The kick is measured
 * `rollTime` (s) after it started; until then the behaviour plays on (after an in-walk kick it walks after the
 * ball, as in a game) or, with `standAfter`, the robot stands.
 */
async function play(
  model: NaoModel,
  robot: Vec2,
  ball: Vec2,
  seconds: number,
  rollTime: number,
  standAfter: boolean,
): Promise<Kick> {
  const h = await WalkHarness.create({ odometryNoise: 0 }, { x: 3000, y: 3000 }, true, model);
  try {
    return approach(h, robot, ball, seconds, rollTime, standAfter);
  } finally {
    h.dispose();
  }
}

/** One approach on a harness that `play` disposes of afterwards. */
function approach(
  h: WalkHarness,
  robot: Vec2,
  ball: Vec2,
  seconds: number,
  rollTime: number,
  standAfter: boolean,
): Kick {
  h.world.moveRobot('robot1', { rotation: Math.atan2(GOAL.y - robot.y, GOAL.x - robot.x), translation: robot });
  h.run(1); // stand up into the walk's crouch
  h.world.moveBall(ball);
  const frameInfo = { time: 0 };
  const ballModel = BallModel.defaultValue();
  const pose = RobotPose.defaultValue();
  const behavior = createModuleForTest(BehaviorControl, {
    the: {
      FrameInfo: frameInfo,
      GameState: { ...GameState.defaultValue(), state: GameStateState.playing },
      BallModel: ballModel,
      RobotPose: pose,
      FieldDimensions: FieldDimensions.defaultValue(),
      MotionInfo: h.info,
    },
  });
  const start = h.world.getState().ball!.position;
  let end: Vec2 | undefined;
  let kickedAt = Infinity;
  const kinds = new Set<number>();
  let fell = false;
  let kicked = false;
  let walked = false;
  let stoppedBeforeKick = false;
  h.run(seconds, () => {
    const { rotation: r, translation: p } = h.robotPose;
    const b = h.world.getState().ball!.position;
    frameInfo.time = Math.round(h.world.time);
    Object.assign(pose, { rotation: r, translation: { ...p } });
    Object.assign(ballModel.estimate, h.trueBall());
    ballModel.timeWhenLastSeen = frameInfo.time;
    if (standAfter && kicked && !h.info.isKicking) h.request.motion = MotionType.stand;
    else behavior.update.MotionRequest!(h.request);
    if (!kicked && h.info.isKicking) kickedAt = h.world.time / 1000;
    if (!end && h.world.time / 1000 >= kickedAt + rollTime) end = { ...b };
    if (h.request.motion === MotionType.kick) kinds.add(h.request.kickKind);
    kicked ||= h.info.isKicking;
    walked ||= h.info.executedMotion === MotionType.walkAtRelativeSpeed;
    stoppedBeforeKick ||= walked && !kicked && h.info.executedMotion === MotionType.stand;
    fell ||= h.fallen;
  });
  end ??= h.world.getState().ball!.position;
  fell ||= h.fallen;
  const moved = Math.atan2(end.y - start.y, end.x - start.x);
  const wanted = Math.atan2(GOAL.y - start.y, GOAL.x - start.x);
  return {
    distance: Math.hypot(end.x - start.x, end.y - start.y),
    error: Math.atan2(Math.sin(moved - wanted), Math.cos(moved - wanted)),
    fell,
    kinds,
    stoppedBeforeKick,
  };
}

/**
 * Plays the approaches one after the other and counts the kicks that met the goal: `kind` only, no fall, at least
 * `distance` (mm) within 20° of the goal's direction. Every approach stops before its kick or none does (`stops`).
 */
async function metGoal(
  kind: number,
  distance: number,
  stops: boolean,
  approaches: ReadonlyArray<{ label: string; play: () => Promise<Kick> }>,
): Promise<number> {
  const results: string[] = [];
  let met = 0;
  for (const approach of approaches) {
    const kick = await approach.play();
    expect(kick.stoppedBeforeKick).toBe(stops);
    const onlyKind = kick.kinds.size === 1 && kick.kinds.has(kind);
    if (onlyKind && !kick.fell && kick.distance >= distance && Math.abs(degrees(kick.error)) < 20) met++;
    const fell = kick.fell ? ', fell' : '';
    results.push(`${approach.label}: ${kick.distance.toFixed(0)} mm, ${degrees(kick.error).toFixed(1)}°${fell}`);
  }
  console.log(
    `${KickKind.names[kind]} kicks (${met} of ${approaches.length} met the goal):\n  ${results.join('\n  ')}`,
  );
  return met;
}

// Whether one approach meets the goal turns on a few millimetres of where the foot meets the ball, so each test plays
// many approaches from seeded random places, reports every one and asks for a share (eight fixed approaches had said
// anything from 3 to 6 of 8 for in-walk kicks of the same quality). The in-walk kick meets the goal in about half of
// them (docs/motion.md, "Kicks": mostly short, the ball met late in the swing), 32 of these 48 now; the long kick in
// about five of six, 30 of these 32 now. Each test requires a share it would miss by chance about once in a hundred
// runs at today's rate; the goal is all of them.
const IN_WALK_APPROACHES = 48;
const IN_WALK_REQUIRED = 20;
const LONG_APPROACHES = 32;
const LONG_REQUIRED = 22;

/** The kick tests on `model` (`name` for the report). */
export function describeKicks(model: NaoModel, name: string): void {
  describe(`kicks on ${name} articulated NAO`, () => {
    it(`far from the goal the behaviour walks up and plays an in-walk kick: the ball rolls ≥ 1.5 m goalwards (${IN_WALK_REQUIRED} of ${IN_WALK_APPROACHES} approaches)`, async () => {
      // The ball 5.5 m from the goal: a dribble, not a shot. The robot walks up from 0.6–1.1 m behind, the ball up to
      // 90 mm left or right of its centre, and kicks without stopping.
      const random = seededRandom(1);
      const runs = Array.from({ length: IN_WALK_APPROACHES }, () => {
        const start = Math.round(-1600 - 500 * random());
        const y = Math.round(-90 + 180 * random());
        return {
          label: `from ${start}, ball y ${y}`,
          play: () => play(model, { x: start, y: 0 }, { x: -1000, y }, 7, 2.5, false),
        };
      });
      expect(await metGoal(KickKind.inWalk, 1500, false, runs)).toBeGreaterThanOrEqual(IN_WALK_REQUIRED);
    }, 240_000);

    it(`near the goal the behaviour stands, aligns and plays the long kick: the ball rolls ≥ 3 m goalwards (${LONG_REQUIRED} of ${LONG_APPROACHES} approaches)`, async () => {
      // The ball 2.8–3.2 m from the goal, up to 0.4 m off its centre line; the robot starts 0.5–0.6 m behind it and up
      // to 60 mm to the side: it walks up, stops, aligns and kicks.
      const random = seededRandom(1);
      const runs = Array.from({ length: LONG_APPROACHES }, () => {
        const ball = { x: Math.round(1300 + 400 * random()), y: Math.round(-400 + 800 * random()) };
        const robot = { x: ball.x - Math.round(500 + 100 * random()), y: ball.y + Math.round(-60 + 120 * random()) };
        return {
          label: `ball (${ball.x}, ${ball.y}), robot ${ball.x - robot.x} mm behind`,
          play: () => play(model, robot, ball, 11, 4, true),
        };
      });
      expect(await metGoal(KickKind.long, 3000, true, runs)).toBeGreaterThanOrEqual(LONG_REQUIRED);
    });
  });
}
