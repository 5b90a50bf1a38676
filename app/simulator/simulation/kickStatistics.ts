/**
 * @file What the kicks of a run did, measured on the ground truth: every kick a robot's motion starts (the rising
 * edge of MotionInfo `isKicking`, either kind, capsules and articulated alike) is followed until the ball comes to
 * rest after the kick motion (or 4 s after it): how far the ball went, how far off the direction to the opponent goal, whether the kicker fell.
 * Also when goals fell and how long the ball lay in each penalty area. `npm run sim` prints the summary; it is the
 * instrument for "why do robots (not) score".
 */
import type { Vec2 } from '@robot-runtime/math/types';
import type { FieldDimensions } from '../scene/SceneModel';
import type { WorldState } from '../physics/WorldState';

/** MotionInfo's KickKind values, as printed. */
const KIND_NAMES = ['long', 'inWalk'] as const;

/** A ball that moved less than this (mm) after a kick was missed. */
export const MISS_DISTANCE = 200;
/** After the kick motion ended, a kick is followed at most this long (ms) … */
const FOLLOW_TIME = 4000;
/**
 * … and ends earlier once the ball is this slow (mm/s), at least REST_AFTER (ms) after the kick's start and
 * REST_AFTER_END after its motion ended: the long kick swings a second after it starts, and measured from its start,
 * a ball still waiting for the swing was taken for a miss (every long kick of the articulated games "missed").
 */
const REST_SPEED = 50;
const REST_AFTER = 600;
const REST_AFTER_END = 200;
/** A kick whose motion never reports its end is followed at most this long (ms) from its start. */
const MAX_FOLLOW_TIME = 10000;
/** The kicker falling within this long (ms) after the kick counts against the kick. */
const FALL_WINDOW = 2000;

/** One kick's outcome. */
export interface KickOutcome {
  robot: string;
  team: 0 | 1;
  /** Simulated time (ms) of the kick's start. */
  time: number;
  /** 'long' or 'inWalk'. */
  kind: string;
  /** Ball distance from the kicker's torso (mm) and its bearing in the kicker's frame (rad) at the kick's start. */
  ballDistance: number;
  ballBearing: number;
  /** Where the ball lay on the field (mm) at the kick's start. */
  ball: Vec2;
  /** Distance (mm) from the ball to the nearest other robot at the kick's start. */
  nearestOther: number;
  /** How far the ball went (mm). */
  distance: number;
  /** Direction the ball went minus the direction from the ball to the opponent goal's centre (rad); 0 if missed. */
  goalDirectionError: number;
  /** The kicker fell within 2 s. */
  fell: boolean;
}

/** Per robot, the kicks and what they did. */
export interface RobotKickSummary {
  kicks: number;
  /** Kicks that moved the ball at least MISS_DISTANCE. */
  hits: number;
  /** Mean ball distance of the hits (mm); undefined without hits. */
  meanHitDistance: number | undefined;
  /** Kicks after which the kicker fell. */
  fellAfter: number;
}

interface OpenKick {
  outcome: KickOutcome;
  ballStart: Vec2;
  /** Direction from the ball to the goal attacked by the kicker's team (rad). */
  goalDirection: number;
  fallsAtStart: number;
  /** When the kick motion ended (ms), once it has. */
  endedAt: number | undefined;
  /** The ball's way has been measured. */
  settled: boolean;
}

const wrap = (a: number): number => Math.atan2(Math.sin(a), Math.cos(a));

/** Collects kick outcomes, goals and ball time in the penalty areas over a run. */
export class KickStatistics {
  readonly outcomes: KickOutcome[] = [];
  /** Simulated time (ms) and team of every counted goal. */
  readonly goals: { time: number; team: 0 | 1 }[] = [];
  /** Milliseconds the ball lay in the penalty area at −x and at +x. */
  readonly penaltyAreaMs: [number, number] = [0, 0];
  /** Falls (ground truth) with the ball at most 1 m from the robot, and farther from it. */
  readonly fallsByBallDistance = { near: 0, far: 0 };
  private readonly open: OpenKick[] = [];
  private readonly fallsSeen = new Map<string, number>();
  private lastTime: number | undefined;

  constructor(private readonly field: FieldDimensions) {}

  /**
   * A robot's motion started a kick of `kind` (MotionInfo's KickKind); `attacksPositiveX` tells which goal its team
   * attacks now.
   */
  kickStarted(state: WorldState, robot: string, kind: number, attacksPositiveX: boolean): void {
    const truth = state.robots.find((r) => r.name === robot);
    const ball = state.ball;
    if (!truth || !ball) return;
    const rel = { x: ball.position.x - truth.pose.translation.x, y: ball.position.y - truth.pose.translation.y };
    const goal = { x: (attacksPositiveX ? 1 : -1) * (this.field.length / 2), y: 0 };
    this.open.push({
      outcome: {
        robot,
        team: truth.team,
        time: state.time,
        kind: KIND_NAMES[kind] ?? String(kind),
        ballDistance: Math.hypot(rel.x, rel.y),
        ballBearing: wrap(Math.atan2(rel.y, rel.x) - truth.pose.rotation),
        ball: { x: ball.position.x, y: ball.position.y },
        nearestOther: Math.min(
          ...state.robots
            .filter((r) => r !== truth)
            .map((r) => Math.hypot(r.pose.translation.x - ball.position.x, r.pose.translation.y - ball.position.y)),
        ),
        distance: 0,
        goalDirectionError: 0,
        fell: false,
      },
      ballStart: { x: ball.position.x, y: ball.position.y },
      goalDirection: Math.atan2(goal.y - ball.position.y, goal.x - ball.position.x),
      fallsAtStart: truth.falls,
      endedAt: undefined,
      settled: false,
    });
  }

  /** A robot's kick motion ended (MotionInfo's isKicking went false). */
  kickEnded(time: number, robot: string): void {
    for (const k of this.open) if (k.outcome.robot === robot && k.endedAt === undefined) k.endedAt = time;
  }

  /** A goal counted for `team`. */
  goalScored(time: number, team: 0 | 1): void {
    this.goals.push({ time, team });
  }

  /** After every step: follows the open kicks and the ball. */
  afterStep(state: WorldState): void {
    const ball = state.ball;
    const dt = this.lastTime === undefined ? 0 : state.time - this.lastTime;
    this.lastTime = state.time;
    if (ball && Math.abs(ball.position.y) <= this.field.penaltyAreaWidth / 2) {
      const fromLine = this.field.length / 2 - Math.abs(ball.position.x);
      if (fromLine >= 0 && fromLine <= this.field.penaltyAreaLength)
        this.penaltyAreaMs[ball.position.x < 0 ? 0 : 1] += dt;
    }
    for (const r of state.robots) {
      const before = this.fallsSeen.get(r.name) ?? r.falls;
      this.fallsSeen.set(r.name, r.falls);
      if (r.falls <= before || !ball) continue;
      const d = Math.hypot(ball.position.x - r.pose.translation.x, ball.position.y - r.pose.translation.y);
      this.fallsByBallDistance[d <= 1000 ? 'near' : 'far'] += r.falls - before;
    }
    for (let i = this.open.length - 1; i >= 0; i--) {
      const k = this.open[i]!;
      const since = state.time - k.outcome.time;
      const truth = state.robots.find((r) => r.name === k.outcome.robot);
      if (truth && since <= FALL_WINDOW && truth.falls > k.fallsAtStart) k.outcome.fell = true;
      const speed = ball ? Math.hypot(ball.velocity.x, ball.velocity.y) : 0;
      const sinceEnd = k.endedAt === undefined ? -Infinity : state.time - k.endedAt;
      const resting = since >= REST_AFTER && sinceEnd >= REST_AFTER_END && speed < REST_SPEED;
      if (!k.settled && (!ball || sinceEnd >= FOLLOW_TIME || resting || since >= MAX_FOLLOW_TIME))
        this.settle(k, ball?.position ?? k.ballStart);
      if (k.settled && since >= FALL_WINDOW) {
        this.outcomes.push(k.outcome);
        this.open.splice(i, 1);
      }
    }
  }

  private settle(k: OpenKick, at: { x: number; y: number }): void {
    k.settled = true;
    const d = { x: at.x - k.ballStart.x, y: at.y - k.ballStart.y };
    k.outcome.distance = Math.hypot(d.x, d.y);
    k.outcome.goalDirectionError =
      k.outcome.distance >= MISS_DISTANCE ? wrap(Math.atan2(d.y, d.x) - k.goalDirection) : 0;
  }

  /** The kicks of robot `name` so far (finished ones only). */
  robotSummary(name: string): RobotKickSummary {
    const mine = this.outcomes.filter((o) => o.robot === name);
    const hits = mine.filter((o) => o.distance >= MISS_DISTANCE);
    return {
      kicks: mine.length,
      hits: hits.length,
      meanHitDistance: hits.length ? hits.reduce((s, o) => s + o.distance, 0) / hits.length : undefined,
      fellAfter: mine.filter((o) => o.fell).length,
    };
  }

  /** Summary lines per kick kind, then the goals and the ball's time in the penalty areas. */
  report(): string[] {
    const lines: string[] = [];
    for (const kind of KIND_NAMES) {
      const all = this.outcomes.filter((o) => o.kind === kind);
      if (!all.length) continue;
      const hits = all.filter((o) => o.distance >= MISS_DISTANCE);
      const onGoal = hits.filter((o) => Math.abs(o.goalDirectionError) < Math.PI / 9);
      const mean = (xs: number[]): string =>
        xs.length ? (xs.reduce((sum, x) => sum + x, 0) / xs.length).toFixed(0) : '-';
      const meanMetres = hits.length ? hits.reduce((sum, o) => sum + o.distance, 0) / hits.length / 1000 : 0;
      const errorDegrees = hits.map((o) => (Math.abs(o.goalDirectionError) * 180) / Math.PI);
      const missedAt = all.filter((o) => o.distance < MISS_DISTANCE).map((o) => o.ballDistance);
      lines.push(
        `${kind} kicks: ${all.length}, ball moved ≥ ${MISS_DISTANCE} mm: ${hits.length} ` +
          `(mean ${meanMetres.toFixed(1)} m, within 20° of the goal direction: ${onGoal.length}, ` +
          `mean |error| ${mean(errorDegrees)}°), ` +
          `missed: ${all.length - hits.length} (ball at ${mean(missedAt)} mm), ` +
          `kicker fell: ${all.filter((o) => o.fell).length}`,
      );
    }
    if (!lines.length) lines.push('kicks: none');
    const goals = this.goals.map((g) => `${(g.time / 1000).toFixed(1)} s (team ${g.team + 1})`).join(', ');
    lines.push(`goals: ${goals || 'none'}`);
    const falls = this.fallsByBallDistance;
    lines.push(`falls with the ball within 1 m: ${falls.near}, farther from it: ${falls.far}`);
    lines.push(
      `ball in the penalty area at -x: ${(this.penaltyAreaMs[0] / 1000).toFixed(0)} s, at +x: ` +
        `${(this.penaltyAreaMs[1] / 1000).toFixed(0)} s`,
    );
    return lines;
  }
}
