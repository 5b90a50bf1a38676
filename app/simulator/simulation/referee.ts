/**
 * @file What the simulator's automatic referee does besides the GameController's rules: it carries out ball
 * placements, puts the ball on the centre spot for a kick-off, and ends `ready` early once every active robot
 * has stood still for a while (the SPL's referees do the same instead of waiting the full 45 s; Pitchside's
 * choice, part of `ar switchToSet`). When nobody plays the ball for the game-stuck time while playing, it calls a
 * global game stuck (a kick-off restart), as the head referee would (Pitchside's choice, part of `ar placeBall`).
 */
import { GameState, SetPlay, type GameStateCode } from '../gameController/GameControllerData';
import type { GameController, RefereeEvent } from '../gameController/GameController';
import type { SimulatedWorld } from '../physics/SimulatedWorld';
import type { WorldState } from '../physics/WorldState';
import { GAME_STUCK_DURATION } from '../gameController/rules';

/** Ready lasts at least this long (ms) before it may end early … */
const MIN_READY = 8000;
/** … once all active robots have stood still for this long (ms). */
const STILL_FOR = 2000;
/** Below this speed (mm/s) a robot stands still. */
const STILL_SPEED = 5;
/** A ball that moves less than this (mm) and is not kicked is not being played. */
const BALL_PROGRESS = 300;

/** The referee's memory between steps. */
export class SimulatedReferee {
  private lastState: GameStateCode | undefined;
  private readySince = 0;
  private stillSince: number | undefined;
  /** Where and since when the ball has not been played, and the kick count then. */
  private unplayed: { x: number; y: number; since: number; kicks: number; setPlay: number } | undefined;

  constructor(
    private readonly gc: GameController,
    private readonly physics: SimulatedWorld,
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
  }

  /** Calls a global game stuck once the ball has not been played for the game-stuck time. */
  private watchGameStuck(state: WorldState, gameState: number, setPlay: number): void {
    const ball = state.ball?.position;
    if (!ball || gameState !== GameState.playing || !this.gc.feature('placeBall')) {
      this.unplayed = undefined;
      return;
    }
    const kicks = state.robots.reduce((n, r) => n + r.kicks, 0);
    const u = this.unplayed;
    if (!u || u.kicks !== kicks || u.setPlay !== setPlay || Math.hypot(ball.x - u.x, ball.y - u.y) >= BALL_PROGRESS) {
      this.unplayed = { x: ball.x, y: ball.y, since: state.time, kicks, setPlay };
      return;
    }
    if (state.time - u.since >= GAME_STUCK_DURATION && this.gc.command('globalGameStuck') === undefined)
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
