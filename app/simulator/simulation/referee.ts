/**
 * @file What the simulator's automatic referee does besides the GameController's rules: it carries out ball
 * placements, puts the ball on the centre spot for a kick-off, and ends `ready` early once every active robot
 * has stood still for a while (the SPL's referees do the same instead of waiting the full 45 s; Pitchside's
 * choice, part of `ar switchToSet`). When nobody plays the ball for the game-stuck time while playing, it calls a
 * global game stuck (a kick-off restart), as the head referee would (Pitchside's choice, part of `ar placeBall`).
 * While playing, a robot that left the field is penalized for it (`ar penalizeLeavingTheField`), and penalized
 * robots are taken off the field and put back when their penalty ends (`ar placePlayers`; penaltyPlacement.ts).
 */
import { GameState, SetPlay, type GameStateCode } from '../gameController/GameControllerData';
import type { GameController, RefereeEvent } from '../gameController/GameController';
import type { SimulatedWorld } from '../physics/SimulatedWorld';
import type { WorldState } from '../physics/WorldState';
import { GAME_STUCK_DURATION } from '../gameController/rules';
import type { FieldDimensions } from '../scene/SceneModel';
import { removesFromField } from '@robot-runtime/representations/Infrastructure/GameState';
import { BallStillness } from './ballStillness';
import { benchPose, hasLeftField, returnPose } from './penaltyPlacement';

/** Ready lasts at least this long (ms) before it may end early … */
const MIN_READY = 8000;
/** … once all active robots have stood still for this long (ms). */
const STILL_FOR = 2000;
/** Below this speed (mm/s) a robot stands still. */
const STILL_SPEED = 5;
/** A ball that moves less than this (mm) and is not kicked is not being played. */
const BALL_PROGRESS = 300;
/** How often (ms of simulated time) the ball's position is sampled for the game-stuck call. */
const BALL_SAMPLE_INTERVAL = 100;

/** The referee's memory between steps. */
export class SimulatedReferee {
  private lastState: GameStateCode | undefined;
  private readySince = 0;
  private stillSince: number | undefined;
  /** Where the ball has been since it was last kicked or the set play changed (the kick count and set play then). */
  private readonly stillness = new BallStillness(BALL_PROGRESS, GAME_STUCK_DURATION);
  private unplayed: { kicks: number; setPlay: number; sampledAt: number } | undefined;
  /** Each robot's penalty after the last step, by name. */
  private readonly penalties = new Map<string, number>();

  constructor(
    private readonly gc: GameController,
    private readonly physics: SimulatedWorld,
    private readonly field: FieldDimensions,
  ) {}

  /** Acts on the GameController's events and the state after a step. */
  afterStep(events: readonly RefereeEvent[], state: WorldState): void {
    for (const e of events) {
      if (e.type === 'setPlay' && e.placement && this.gc.feature('placeBall'))
        this.physics.moveBall({ x: e.placement.x, y: e.placement.y });
    }
    const data = this.gc.getData();
    if (data.state !== this.lastState) {
      if (data.state === GameState.ready) this.readySince = state.time;
      if (data.state === GameState.set && data.setPlay !== SetPlay.penaltyKick && this.gc.feature('placeBall'))
        this.physics.moveBall({ x: 0, y: 0 });
      this.lastState = data.state;
      this.stillSince = undefined;
    }
    if (data.state === GameState.ready && this.gc.feature('switchToSet'))
      this.maybeEndReady(
        state,
        data.teams.map((t) => t.players),
      );
    this.watchGameStuck(state, data.state, data.setPlay);
    this.watchPenalties(state, data.state);
  }

  /** Penalizes robots that left the field; moves robots whose penalty began or ended. */
  private watchPenalties(state: WorldState, gameState: number): void {
    if (gameState === GameState.playing && this.gc.feature('penalizeLeavingTheField')) {
      for (const r of state.robots) {
        // A robot whose penalty ended in this step still waits off the field: placePenalized puts it back.
        if (
          r.controlled &&
          (this.penalties.get(r.name) ?? 0) === 0 &&
          this.gc.penaltyOf(r.team, r.playerNumber) === 0 &&
          hasLeftField(r.pose.translation, this.field, state.ball?.position)
        )
          this.gc.penalize(r.team, r.playerNumber, 'leavingTheField');
      }
    }
    this.placePenalized(state);
  }

  /**
   * Takes robots whose penalty began off the field and puts those whose penalty ended back (`ar placePlayers`).
   * Called after every step and every command, so that a robot moved right after `pr` stays where it was moved.
   * Returns whether it moved a robot.
   */
  placePenalized(state: WorldState): boolean {
    let moved = false;
    for (const r of state.robots) {
      if (!r.controlled) continue;
      const before = this.penalties.get(r.name) ?? 0;
      const penalty = this.gc.penaltyOf(r.team, r.playerNumber);
      this.penalties.set(r.name, penalty);
      if (penalty === before || !this.gc.feature('placePlayers')) continue;
      const ownHalfSign = r.team === this.gc.defendsNegativeX ? -1 : 1;
      if (removesFromField(penalty) && before === 0) {
        this.physics.moveRobot(r.name, benchPose(r.playerNumber, ownHalfSign, this.field));
        moved = true;
      } else if (penalty === 0 && removesFromField(before)) {
        const pose = returnPose(state.ball?.position, ownHalfSign, this.field);
        // Another robot there (one that came back just before): the next place towards the centre line.
        const taken = (p: { x: number; y: number }): boolean =>
          state.robots.some((o) => o !== r && Math.hypot(o.pose.translation.x - p.x, o.pose.translation.y - p.y) < 300);
        while (taken(pose.translation)) pose.translation.x -= ownHalfSign * 400;
        this.physics.moveRobot(r.name, pose);
        moved = true;
      }
    }
    return moved;
  }

  /**
   * Calls a global game stuck once the ball has not been played for the game-stuck time: not kicked, the set play
   * unchanged, and never farther than BALL_PROGRESS from where it was then.
   */
  private watchGameStuck(state: WorldState, gameState: number, setPlay: number): void {
    const ball = state.ball?.position;
    if (!ball || gameState !== GameState.playing || !this.gc.feature('placeBall')) {
      this.unplayed = undefined;
      return;
    }
    const kicks = state.robots.reduce((n, r) => n + r.kicks, 0);
    const u = this.unplayed;
    if (!u || u.kicks !== kicks || u.setPlay !== setPlay) {
      this.stillness.reset();
      this.stillness.add(state.time, ball.x, ball.y);
      this.unplayed = { kicks, setPlay, sampledAt: state.time };
      return;
    }
    if (state.time - u.sampledAt < BALL_SAMPLE_INTERVAL) return;
    u.sampledAt = state.time;
    if (this.stillness.add(state.time, ball.x, ball.y) && this.gc.command('globalGameStuck') === undefined)
      this.unplayed = undefined;
  }

  private maybeEndReady(state: WorldState, players: readonly { penalty: number }[][]): void {
    const active = state.robots.filter(
      (r) => r.controlled && (players[r.team]?.[r.playerNumber - 1]?.penalty ?? 0) === 0,
    );
    const still = active.every(
      (r) =>
        Math.hypot(r.walkSpeed.translation.x, r.walkSpeed.translation.y) < STILL_SPEED &&
        Math.abs(r.walkSpeed.rotation) < 0.02,
    );
    if (!still) {
      this.stillSince = undefined;
      return;
    }
    this.stillSince ??= state.time;
    if (state.time - this.readySince >= MIN_READY && state.time - this.stillSince >= STILL_FOR) {
      this.gc.command('set');
    }
  }
}
