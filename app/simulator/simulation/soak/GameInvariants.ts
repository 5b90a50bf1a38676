/**
 * @file What a whole game must never show, checked once per simulated second by the soak run: a robot whose belief
 * (RobotPose) is far from the truth, an unpenalized robot that stands still for long while playing, and a ball
 * that nobody plays for longer than the game-stuck time without the referee deciding something.
 */
import type { Pose2, Vec2 } from '@robot-runtime/math/types';
import { normalizeAngle } from '@robot-runtime/math/vec2';
import { GameState, Penalty } from '../../gameController/GameControllerData';
import { GAME_STUCK_DURATION } from '../../gameController/rules';
import type { Simulation } from '../Simulation';
import { BallStillness } from '../ballStillness';
import { toTeamFrame } from '../teamFrame';

/** Bounds of the invariants. */
export interface InvariantBounds {
  /** A robot's believed position may be this far (mm) from the truth … */
  beliefDistance: number;
  /** … and its believed heading this far (rad), … */
  beliefRotation: number;
  /** … for at most this long (ms) in a row (a fall or a kick-off jump may throw it off briefly). */
  beliefGrace: number;
  /** An unpenalized, upright robot may stand still for this long (ms) of playing time. */
  standStill: number;
  /** Below this distance (mm) per second a robot stands still. */
  stillDistance: number;
  /** A goalkeeper farther than this (mm) from the ball, or in its penalty area, guards its goal: not frozen. */
  keeperGuardDistance: number;
  /**
   * A field player farther than this (mm) from the ball holds its position (a defender's line while the ball is at
   * the other goal): not frozen; so does one with a teammate nearer to the ball (a defender in its place while the
   * striker fights for the ball in the corner). A frozen game shows at the ball: the robot of each team nearest to
   * it stops, and the ball with them.
   */
  holdPositionDistance: number;
  /** The ball may lie unplayed this long (ms) of playing time before the referee must have decided something. */
  ballStuck: number;
  /**
   * A ball that stays within this (mm) of where it was and is not touched is not played: half the referee's 300 mm,
   * so that a ball this invariant calls stuck is one the referee saw unplayed too.
   */
  ballProgress: number;
}

/** The bounds of a healthy game: beliefs near the truth, 30 s standing still, the rules' game-stuck time. */
export const DEFAULT_BOUNDS: InvariantBounds = {
  beliefDistance: 1000,
  // A goalkeeper that sees few field features may be off by tens of degrees for a while; a mirrored belief is 180°.
  beliefRotation: Math.PI / 2,
  beliefGrace: 10_000,
  standStill: 30_000,
  stillDistance: 50,
  keeperGuardDistance: 3000,
  holdPositionDistance: 3000,
  ballStuck: GAME_STUCK_DURATION + 2_000,
  ballProgress: 150,
};

/** One broken invariant. */
export interface Violation {
  /** Simulated time (ms). */
  time: number;
  kind: 'belief' | 'standingStill' | 'ballStuck';
  /** The robot concerned, if any. */
  robot?: string;
  /** What was seen, as a sentence with numbers. */
  detail: string;
}

interface RobotTrack {
  position: Vec2;
  stillSince: number | undefined;
  beliefOffSince: number | undefined;
  reported: Set<Violation['kind']>;
}

/** Checks a running simulation; call {@link check} once per simulated second. */
export class GameInvariants {
  readonly violations: Violation[] = [];
  /** Largest belief error (mm) seen per half (index 0 first half), for the report. */
  readonly worstBelief: [number, number] = [0, 0];
  private readonly robots = new Map<string, RobotTrack>();
  private ball: { touches: number; decision: string; reported: boolean } | undefined;
  /**
   * Where the ball has been, judged with half the referee's radius: a ball that stayed within it for the bound
   * stayed within the referee's radius of where it was at the window's start, so the referee saw it unplayed too.
   */
  private readonly stillness: BallStillness;

  constructor(private readonly bounds: InvariantBounds = DEFAULT_BOUNDS) {
    this.stillness = new BallStillness(bounds.ballProgress, bounds.ballStuck);
  }

  /** Checks every invariant at the simulation's current time. */
  check(sim: Simulation): void {
    const data = sim.gc.getData();
    const now = sim.time;
    const playing = data.state === GameState.playing;
    const nearest = this.nearestFieldPlayers(sim, data);
    for (const truth of sim.worldState.robots) {
      if (!truth.controlled) continue;
      const robot = sim.robot(truth.name);
      if (!robot) continue;
      const penalized = sim.gc.penaltyOf(truth.team, truth.playerNumber) !== Penalty.none;
      let track = this.robots.get(truth.name);
      if (!track)
        this.robots.set(
          truth.name,
          (track = {
            position: truth.pose.translation,
            stillSince: undefined,
            beliefOffSince: undefined,
            reported: new Set(),
          }),
        );
      const moved = Math.hypot(
        truth.pose.translation.x - track.position.x,
        truth.pose.translation.y - track.position.y,
      );
      track.position = truth.pose.translation;
      const ball = sim.worldState.ball?.position;
      const field = sim.scene.field;
      const inPenaltyArea =
        Math.abs(truth.pose.translation.x) > field.length / 2 - field.penaltyAreaLength &&
        Math.abs(truth.pose.translation.y) < field.penaltyAreaWidth / 2;
      const ballDistance =
        ball === undefined
          ? Infinity
          : Math.hypot(ball.x - truth.pose.translation.x, ball.y - truth.pose.translation.y);
      const guarding =
        truth.playerNumber === data.teams[truth.team].goalkeeper
          ? inPenaltyArea || ballDistance > this.bounds.keeperGuardDistance
          : ballDistance > this.bounds.holdPositionDistance || nearest[truth.team] !== truth.name;
      if (!playing || penalized || guarding || truth.fallen || moved >= this.bounds.stillDistance)
        track.stillSince = undefined;
      else if (track.stillSince === undefined) track.stillSince = now;
      else if (now - track.stillSince > this.bounds.standStill)
        this.report(track, {
          time: now,
          kind: 'standingStill',
          robot: truth.name,
          detail: `stood still for ${((now - track.stillSince) / 1000).toFixed(0)} s of playing time at (${truth.pose.translation.x.toFixed(0)}, ${truth.pose.translation.y.toFixed(0)})`,
        });
      const belief = robot.program.thread('Cognition')?.blackboard.get('RobotPose') as Pose2 | undefined;
      if (!belief || penalized || data.state === GameState.initial) {
        track.beliefOffSince = undefined;
        continue;
      }
      const mirrored = truth.team !== sim.gc.defendsNegativeX;
      const own = toTeamFrame(truth.pose, mirrored);
      const distance = Math.hypot(belief.translation.x - own.translation.x, belief.translation.y - own.translation.y);
      const turn = Math.abs(normalizeAngle(belief.rotation - own.rotation));
      const half = data.firstHalf ? 0 : 1;
      this.worstBelief[half] = Math.max(this.worstBelief[half], distance);
      if (distance <= this.bounds.beliefDistance && turn <= this.bounds.beliefRotation)
        track.beliefOffSince = undefined;
      else if (track.beliefOffSince === undefined) track.beliefOffSince = now;
      else if (now - track.beliefOffSince > this.bounds.beliefGrace) {
        const fmt = (p: Pose2) =>
          `(${p.translation.x.toFixed(0)}, ${p.translation.y.toFixed(0)}, ${((p.rotation * 180) / Math.PI).toFixed(1)}°)`;
        this.report(track, {
          time: now,
          kind: 'belief',
          robot: truth.name,
          detail: `${half ? 'second' : 'first'} half: believes ${fmt(belief)}, truth ${fmt(own)} (team frame)`,
        });
      }
    }
    this.checkBall(sim, playing, `${data.state}/${data.setPlay}/${data.teams[0].score}:${data.teams[1].score}`);
  }

  /**
   * Per team, the field player nearest to the ball among those that can play (controlled, unpenalized, upright):
   * the one that should be playing it; its teammates hold their places.
   */
  private nearestFieldPlayers(sim: Simulation, data: ReturnType<Simulation['gc']['getData']>): (string | undefined)[] {
    const ball = sim.worldState.ball?.position;
    const nearest: { name: string; distance: number }[] = [];
    if (!ball) return [];
    for (const r of sim.worldState.robots) {
      const team = data.teams[r.team];
      if (!r.controlled || r.fallen || r.playerNumber === team.goalkeeper) continue;
      if (sim.gc.penaltyOf(r.team, r.playerNumber) !== Penalty.none) continue;
      const distance = Math.hypot(ball.x - r.pose.translation.x, ball.y - r.pose.translation.y);
      if (!nearest[r.team] || distance < nearest[r.team]!.distance) nearest[r.team] = { name: r.name, distance };
    }
    return nearest.map((n) => n?.name);
  }

  private checkBall(sim: Simulation, playing: boolean, decision: string): void {
    const ball = sim.worldState.ball;
    if (!ball) return;
    const now = sim.time;
    const touches = sim.worldState.robots.reduce((n, r) => n + r.kicks, 0);
    const b = this.ball;
    if (!playing || !b || touches !== b.touches || b.decision !== decision) {
      this.ball = { touches, decision, reported: false };
      this.stillness.reset();
      this.stillness.add(now, ball.position.x, ball.position.y);
      return;
    }
    if (!this.stillness.add(now, ball.position.x, ball.position.y)) {
      b.reported = false;
      return;
    }
    if (!b.reported) {
      b.reported = true;
      this.violations.push({
        time: now,
        kind: 'ballStuck',
        detail: `ball unplayed for ${(this.bounds.ballStuck / 1000).toFixed(0)} s at (${ball.position.x.toFixed(0)}, ${ball.position.y.toFixed(0)}) without a referee decision`,
      });
    }
  }

  private report(track: RobotTrack, violation: Violation): void {
    // Once per robot and kind: a stuck robot would otherwise report every second.
    if (track.reported.has(violation.kind)) return;
    track.reported.add(violation.kind);
    this.violations.push(violation);
  }
}
