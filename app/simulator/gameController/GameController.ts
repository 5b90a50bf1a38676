/**
 * The built-in GameController: the SPL game state machine driven by simulated time, console commands (`gc`,
 * `pr`, `ar`) and the simulator's ball observations (goals, ball out, touches). Deterministic: it never reads a
 * clock; `update(ms)` advances it.
 */
import type { Vec3 } from '@robot-runtime/math/types';
import type { GameControllerProtocol } from '@robot-runtime/protocol/gameController/gameControlPacket';
import { SPL_FIELD } from '../scene/extractModel';
import { TEAM_COLOR_NAMES, type FieldDimensions, type TeamDefinition } from '../scene/SceneModel';
import { AUTOMATIC_REFEREE_FEATURES, defaultFeatures, type AutomaticRefereeFeature } from './automaticReferee';
import { decideBallOut, isInGoal } from './ballOut';
import {
  CompetitionPhase,
  CompetitionType,
  GamePhase,
  GameState,
  MAX_NUM_PLAYERS,
  NO_TEAM,
  Penalty,
  SetPlay,
  type GameControllerData,
  type GameStateCode,
  type RoboCupGameControlData,
  type SetPlayCode,
} from './GameControllerData';
import { penaltyCommand, penaltyDuration, type PenaltyRequest } from './penalties';
import * as rules from './rules';

/** The reply to a command that the current state forbids (as SimRobot prints it). */
export const NOT_ALLOWED = 'Not allowed in this game state';

/** Team index: 0 = first team (robots 1–20), 1 = second team. */
export type TeamIndex = 0 | 1;

/** Something the referee decided that the simulator may have to act on (e.g. place the ball). */
export type RefereeEvent =
  | { type: 'goal'; team: TeamIndex; counted: boolean }
  | { type: 'setPlay'; setPlay: SetPlayCode; team: TeamIndex; placement?: { x: number; y: number } }
  | { type: 'state'; state: GameStateCode };

/** Construction options. */
export interface GameControllerOptions {
  teams: [TeamDefinition, TeamDefinition];
  playersPerTeam?: number;
  field?: FieldDimensions;
  /** Ball radius (mm) for goal and out detection. */
  ballRadius?: number;
  halfDuration?: number;
  /** Penalty time added per earlier penalty of the team (ms); 0 = constant penalties. */
  penaltyIncrement?: number;
  /** Which league's packet the robots receive (default the SPL's). */
  protocol?: GameControllerProtocol;
}

interface PlayerState {
  penalty: number;
  remaining: number;
}

interface TeamState {
  def: TeamDefinition;
  score: number;
  penaltyShot: number;
  singleShots: number;
  messageBudget: number;
  penaltiesGiven: number;
  goalkeeper: number;
  players: PlayerState[];
}

type SecondaryKind = 'none' | 'ready' | 'set' | 'kickOff' | 'setPlay';

const other = (t: TeamIndex): TeamIndex => (t === 0 ? 1 : 0);

/** Every `gc` command word (formats §1.3): game states, goals, kick-offs, set plays, halves, phases, competition. */
export const GAME_CONTROLLER_COMMANDS = [
  ...(Object.keys(GameState) as (keyof typeof GameState)[]),
  'goalByFirstTeam',
  'goalBySecondTeam',
  'kickOffFirstTeam',
  'kickOffSecondTeam',
  'dropBall',
  'globalGameStuck',
  'goalKickForFirstTeam',
  'goalKickForSecondTeam',
  'pushingFreeKickForFirstTeam',
  'pushingFreeKickForSecondTeam',
  'cornerKickForFirstTeam',
  'cornerKickForSecondTeam',
  'kickInForFirstTeam',
  'kickInForSecondTeam',
  'penaltyKickForFirstTeam',
  'penaltyKickForSecondTeam',
  'halfFirst',
  'halfSecond',
  'gameNormal',
  'gamePenaltyShootout',
  'competitionPhasePlayoff',
  'competitionPhaseRoundRobin',
  'competitionTypeChampionsCup',
  'competitionTypeChallengeShield',
] as const;

/** The SPL GameController state machine. */
export class GameController {
  /** Automatic referee features (`ar`). */
  readonly features = defaultFeatures();
  /** Which league's packet the robots receive (`gc protocol spl | hsl`, the scene's `gameController` Set). */
  protocol: GameControllerProtocol;
  private readonly field: FieldDimensions;
  private readonly ballRadius: number;
  private readonly halfDuration: number;
  private readonly penaltyIncrement: number;
  private readonly playersPerTeam: number;
  private readonly teams: [TeamState, TeamState];
  private time = 0;
  private lastPacketTime = 0;
  private packetNumber = 0;
  private state: GameStateCode = GameState.initial;
  private setPlay: SetPlayCode = SetPlay.none;
  private kickingTeam: TeamIndex | undefined = 0;
  private firstHalf = true;
  private gamePhase: number = GamePhase.normal;
  private competitionPhase: number = CompetitionPhase.roundRobin;
  private competitionType: number = CompetitionType.normal;
  private remaining: number;
  private secondary = 0;
  private secondaryKind: SecondaryKind = 'none';
  private firstHalfKickOff: TeamIndex = 0;
  private lastKickOff: TeamIndex | undefined;
  private lastTouched: TeamIndex | undefined;
  /** While set, a goal by this team straight from its kick-off does not count (until another robot touches). */
  private kickOffRestriction: { team: TeamIndex; toucher: string | undefined } | undefined;
  private ballOutPending = false;

  constructor(options: GameControllerOptions) {
    this.field = options.field ?? SPL_FIELD;
    this.ballRadius = options.ballRadius ?? 50;
    this.halfDuration = options.halfDuration ?? rules.HALF_DURATION;
    this.penaltyIncrement = options.penaltyIncrement ?? rules.PENALTY_INCREMENT;
    this.playersPerTeam = options.playersPerTeam ?? 7;
    this.protocol = options.protocol ?? 'spl';
    this.remaining = this.halfDuration;
    const team = (def: TeamDefinition): TeamState => ({
      def,
      score: 0,
      penaltyShot: 0,
      singleShots: 0,
      messageBudget: rules.MESSAGE_BUDGET,
      penaltiesGiven: 0,
      goalkeeper: 1,
      // Slots beyond the team size are substitutes, as the GameController marks them.
      players: Array.from({ length: MAX_NUM_PLAYERS }, (_, i) => ({
        penalty: i < this.playersPerTeam ? Penalty.none : Penalty.substitute,
        remaining: 0,
      })),
    });
    this.teams = [team(options.teams[0]), team(options.teams[1])];
  }

  /** Simulated time (ms) since construction. */
  get now(): number {
    return this.time;
  }

  /** The team index defending the −x goal: the first team in the first half, the second team after half time. */
  get defendsNegativeX(): TeamIndex {
    return this.firstHalf ? 0 : 1;
  }

  /** Handles `gc <command>`; returns an error message (e.g. NOT_ALLOWED) or undefined on success. */
  command(name: string): string | undefined {
    const inState = (...states: GameStateCode[]): boolean => states.includes(this.state);
    const playingNormally = inState(GameState.playing) && this.gamePhase !== GamePhase.penaltyShootout;
    const beforeKickOff = inState(GameState.initial, GameState.standby, GameState.ready, GameState.set);
    const m = /^(goalKick|pushingFreeKick|cornerKick|kickIn|penaltyKick)For(First|Second)Team$/.exec(name);
    if (m) {
      if (!playingNormally || this.setPlay === SetPlay.penaltyKick) return NOT_ALLOWED;
      this.startSetPlay(SetPlay[m[1] as keyof typeof SetPlay] as SetPlayCode, m[2] === 'First' ? 0 : 1);
      return undefined;
    }
    switch (name) {
      case 'initial':
        if (inState(GameState.playing)) return NOT_ALLOWED;
        this.enter(GameState.initial);
        return undefined;
      case 'standby':
        if (!inState(GameState.initial)) return NOT_ALLOWED;
        this.enter(GameState.standby);
        return undefined;
      case 'ready':
        if (!inState(GameState.initial, GameState.standby, GameState.playing)) return NOT_ALLOWED;
        this.enter(GameState.ready);
        return undefined;
      case 'set':
        if (!(inState(GameState.ready) || (inState(GameState.initial) && this.gamePhase === GamePhase.penaltyShootout)))
          return NOT_ALLOWED;
        this.enter(GameState.set);
        return undefined;
      case 'playing':
        if (!inState(GameState.set)) return NOT_ALLOWED;
        this.enter(GameState.playing);
        return undefined;
      case 'finished':
        if (!inState(GameState.ready, GameState.set, GameState.playing)) return NOT_ALLOWED;
        this.enter(GameState.finished);
        return undefined;
      case 'goalByFirstTeam':
      case 'goalBySecondTeam':
        if (!inState(GameState.playing)) return NOT_ALLOWED;
        this.goal(name === 'goalByFirstTeam' ? 0 : 1);
        return undefined;
      case 'kickOffFirstTeam':
      case 'kickOffSecondTeam':
        if (!beforeKickOff) return NOT_ALLOWED;
        this.kickingTeam = name === 'kickOffFirstTeam' ? 0 : 1;
        if (inState(GameState.initial) && this.firstHalf) this.firstHalfKickOff = this.kickingTeam;
        return undefined;
      case 'dropBall':
        if (!playingNormally) return NOT_ALLOWED;
        this.kickingTeam = undefined;
        this.enter(GameState.ready);
        return undefined;
      case 'globalGameStuck':
        if (!playingNormally) return NOT_ALLOWED;
        // Restart with a kick-off for the team that did not have the previous one.
        this.kickingTeam = this.lastKickOff === undefined ? 0 : other(this.lastKickOff);
        this.enter(GameState.ready);
        return undefined;
      case 'halfFirst':
      case 'halfSecond':
        if (!inState(GameState.initial)) return NOT_ALLOWED;
        this.firstHalf = name === 'halfFirst';
        this.remaining = this.halfDuration;
        this.kickingTeam = this.firstHalf ? this.firstHalfKickOff : other(this.firstHalfKickOff);
        return undefined;
      case 'gameNormal':
      case 'gamePenaltyShootout':
        if (!inState(GameState.initial)) return NOT_ALLOWED;
        this.gamePhase = name === 'gameNormal' ? GamePhase.normal : GamePhase.penaltyShootout;
        return undefined;
      case 'competitionPhasePlayoff':
      case 'competitionPhaseRoundRobin':
        if (!inState(GameState.initial)) return NOT_ALLOWED;
        this.competitionPhase =
          name === 'competitionPhasePlayoff' ? CompetitionPhase.playoff : CompetitionPhase.roundRobin;
        return undefined;
      case 'competitionTypeChampionsCup':
      case 'competitionTypeChallengeShield':
        if (!inState(GameState.initial)) return NOT_ALLOWED;
        this.competitionType =
          name === 'competitionTypeChampionsCup' ? CompetitionType.championsCup : CompetitionType.challengeShield;
        return undefined;
      default:
        return `Unknown game state '${name}'`;
    }
  }

  /** Handles `pr <penalty>` for one robot; returns an error message or undefined. */
  penalize(team: TeamIndex, playerNumber: number, penaltyName: string): string | undefined {
    if (!(playerNumber >= 1 && playerNumber <= MAX_NUM_PLAYERS)) return `No player ${playerNumber}`;
    const request: PenaltyRequest | undefined = penaltyCommand(penaltyName);
    if (!request) return `Unknown penalty '${penaltyName}'`;
    if (!request.allowedIn.includes(this.state)) return NOT_ALLOWED;
    if (
      request.freeKick !== undefined &&
      (this.gamePhase === GamePhase.penaltyShootout || this.setPlay === SetPlay.penaltyKick)
    )
      return NOT_ALLOWED;
    const t = this.teams[team];
    const player = t.players[playerNumber - 1]!;
    if (request.penalty === Penalty.none) {
      player.penalty = Penalty.none;
      player.remaining = 0;
      return undefined;
    }
    player.penalty = request.penalty;
    player.remaining = penaltyDuration(request.penalty, t.penaltiesGiven, this.penaltyIncrement);
    if (
      player.remaining > 0 &&
      request.penalty !== Penalty.illegalMotionInSet &&
      request.penalty !== Penalty.illegalMotionInStandby
    )
      t.penaltiesGiven++;
    if (request.freeKick !== undefined) this.startSetPlay(request.freeKick, other(team));
    return undefined;
  }

  /** The penalty code of one player (0 none); cheaper than {@link getData}, which builds the whole packet. */
  penaltyOf(team: TeamIndex, playerNumber: number): number {
    return this.teams[team].players[playerNumber - 1]?.penalty ?? Penalty.none;
  }

  /** Switches automatic-referee features on or off (`ar {<feature>} on|off`); no feature means all. */
  automaticReferee(features: readonly AutomaticRefereeFeature[], on: boolean): void {
    for (const feature of features.length > 0 ? features : AUTOMATIC_REFEREE_FEATURES) this.features[feature] = on;
  }

  /** Whether an automatic referee feature is on. */
  feature(name: AutomaticRefereeFeature): boolean {
    return this.features[name];
  }

  /**
   * Counts one team message against the team's budget; returns false when the budget is exhausted (the message
   * must be dropped).
   */
  teamMessageSent(team: TeamIndex): boolean {
    const t = this.teams[team];
    if (t.messageBudget <= 0) return false;
    t.messageBudget--;
    return true;
  }

  /** Advances simulated time by `ms`, running the clocks, penalty timers and automatic transitions. */
  update(ms: number): RefereeEvent[] {
    const events: RefereeEvent[] = [];
    this.time += ms;
    while (this.time - this.lastPacketTime >= rules.PACKET_INTERVAL) {
      this.lastPacketTime += rules.PACKET_INTERVAL;
      this.packetNumber = (this.packetNumber + 1) & 0xff;
    }
    if (this.state === GameState.playing && this.gamePhase !== GamePhase.penaltyShootout) this.remaining -= ms;
    if (this.state === GameState.ready || this.state === GameState.playing) {
      for (const t of this.teams) {
        for (const p of t.players) {
          if (p.remaining <= 0) continue;
          p.remaining = Math.max(0, p.remaining - ms);
          if (p.remaining === 0 && this.features.unpenalize) p.penalty = Penalty.none;
        }
      }
    }
    if (this.secondaryKind !== 'none') {
      this.secondary = Math.max(0, this.secondary - ms);
      if (this.secondary === 0) this.secondaryExpired(events);
    }
    if (
      this.state === GameState.playing &&
      this.remaining <= 0 &&
      this.features.switchToFinished &&
      this.gamePhase !== GamePhase.penaltyShootout
    ) {
      this.remaining = 0;
      this.enter(GameState.finished);
      events.push({ type: 'state', state: GameState.finished });
    }
    return events;
  }

  /** Reports that a robot touched the ball (ends kick-off restrictions and completes free kicks). */
  ballTouched(team: TeamIndex, robotName: string): void {
    this.lastTouched = team;
    const k = this.kickOffRestriction;
    if (k) {
      if (k.toucher === undefined && team === k.team) k.toucher = robotName;
      else if (k.toucher !== robotName) this.kickOffRestriction = undefined;
    }
    if (this.state !== GameState.playing) return;
    if (this.secondaryKind === 'kickOff') this.clearSecondary();
    if (
      this.secondaryKind === 'setPlay' &&
      team === this.kickingTeam &&
      this.features.freeKickComplete &&
      this.setPlay !== SetPlay.penaltyKick
    ) {
      this.setPlay = SetPlay.none;
      this.clearSecondary();
    }
  }

  /** Reports the ball's position (mm); detects goals and balls out while playing. */
  ballMoved(ball: Vec3): RefereeEvent[] {
    if (this.state !== GameState.playing) return [];
    if (isInGoal(ball, this.field, this.ballRadius)) {
      const scorer: TeamIndex = ball.x > 0 ? this.defendsNegativeX : other(this.defendsNegativeX);
      const k = this.kickOffRestriction;
      if (k && k.team === scorer && !this.features.directGoals) {
        // A goal straight from the kick-off does not count: goal kick for the defenders.
        this.kickOffRestriction = undefined;
        const defender = other(scorer);
        const placement = { x: Math.sign(ball.x) * (this.field.length / 2 - this.field.goalAreaLength), y: 0 };
        this.startSetPlay(SetPlay.goalKick, defender);
        this.ballOutPending = true;
        return [
          { type: 'goal', team: scorer, counted: false },
          { type: 'setPlay', setPlay: SetPlay.goalKick, team: defender, placement },
        ];
      }
      this.goal(scorer);
      return [
        { type: 'goal', team: scorer, counted: true },
        { type: 'state', state: GameState.ready },
      ];
    }
    const out = decideBallOut(ball, this.field, this.ballRadius, this.defendsNegativeX, this.lastTouched);
    if (!out) {
      this.ballOutPending = false;
      return [];
    }
    if (this.ballOutPending || !this.features.ballOut) return [];
    this.ballOutPending = true;
    this.startSetPlay(out.setPlay, out.team);
    return [
      {
        type: 'setPlay',
        setPlay: out.setPlay,
        team: out.team,
        placement: this.features.placeBall ? out.placement : undefined,
      },
    ];
  }

  /** The packet as the GameController would broadcast it now. */
  getData(): RoboCupGameControlData {
    const visibleSecondary =
      this.secondaryKind === 'ready' || this.secondaryKind === 'kickOff' || this.secondaryKind === 'setPlay';
    return {
      packetNumber: this.packetNumber,
      playersPerTeam: this.playersPerTeam,
      competitionPhase: this.competitionPhase,
      competitionType: this.competitionType,
      gamePhase: this.gamePhase,
      state: this.state,
      setPlay: this.setPlay,
      firstHalf: this.firstHalf ? 1 : 0,
      kickingTeam: this.kickingTeam === undefined ? NO_TEAM : this.teams[this.kickingTeam].def.number,
      secsRemaining: Math.ceil(this.remaining / 1000),
      secondaryTime: visibleSecondary ? Math.ceil(this.secondary / 1000) : 0,
      teams: [this.teamInfo(0), this.teamInfo(1)],
    };
  }

  /** What every simulated robot receives (all robots get the same packet; they find their team by number). */
  getDataForRobot(): GameControllerData {
    return { ...this.getData(), timeLastPacketReceived: this.lastPacketTime };
  }

  private teamInfo(index: TeamIndex): RoboCupGameControlData['teams'][number] {
    const t = this.teams[index];
    return {
      teamNumber: t.def.number,
      fieldPlayerColour: TEAM_COLOR_NAMES.indexOf(t.def.fieldPlayerColor),
      goalkeeperColour: TEAM_COLOR_NAMES.indexOf(t.def.goalkeeperColor),
      goalkeeper: t.goalkeeper,
      score: t.score,
      penaltyShot: t.penaltyShot,
      singleShots: t.singleShots,
      messageBudget: t.messageBudget,
      players: t.players.map((p) => ({ penalty: p.penalty, secsTillUnpenalised: Math.ceil(p.remaining / 1000) })),
    };
  }

  private goal(team: TeamIndex): void {
    this.teams[team].score++;
    if (this.gamePhase === GamePhase.penaltyShootout) {
      this.enter(GameState.finished);
      return;
    }
    this.kickingTeam = other(team);
    this.enter(GameState.ready);
  }

  private startSetPlay(setPlay: SetPlayCode, team: TeamIndex): void {
    this.kickingTeam = team;
    this.setPlay = setPlay;
    if (setPlay === SetPlay.penaltyKick) {
      this.enter(GameState.ready, true);
      return;
    }
    this.secondaryKind = 'setPlay';
    this.secondary = rules.SET_PLAY_DURATION;
  }

  private clearSecondary(): void {
    this.secondaryKind = 'none';
    this.secondary = 0;
  }

  private secondaryExpired(events: RefereeEvent[]): void {
    const kind = this.secondaryKind;
    this.clearSecondary();
    if (kind === 'ready' && this.features.switchToSet) {
      this.enter(GameState.set, this.setPlay === SetPlay.penaltyKick);
      events.push({ type: 'state', state: GameState.set });
    } else if (kind === 'set' && this.features.switchToPlaying) {
      this.enter(GameState.playing, this.setPlay === SetPlay.penaltyKick);
      events.push({ type: 'state', state: GameState.playing });
    } else if (kind === 'setPlay') {
      this.setPlay = SetPlay.none;
    }
  }

  private enter(state: GameStateCode, keepSetPlay = false): void {
    const from = this.state;
    this.state = state;
    if (!keepSetPlay) this.setPlay = SetPlay.none;
    this.clearSecondary();
    if (state === GameState.ready) {
      this.secondaryKind = 'ready';
      this.secondary = rules.READY_DURATION;
      this.kickOffRestriction = undefined;
    } else if (state === GameState.set) {
      this.secondaryKind = 'set';
      this.secondary = rules.SET_DURATION;
    } else if (state === GameState.playing && from === GameState.set) {
      this.ballOutPending = false;
      if (this.setPlay === SetPlay.penaltyKick) {
        this.secondaryKind = 'setPlay';
        this.secondary = rules.SET_PLAY_DURATION;
      } else if (this.kickingTeam !== undefined) {
        this.lastKickOff = this.kickingTeam;
        this.kickOffRestriction = { team: this.kickingTeam, toucher: undefined };
        this.secondaryKind = 'kickOff';
        this.secondary = rules.KICK_OFF_DURATION;
      }
    }
    if (state === GameState.initial || state === GameState.finished) this.kickOffRestriction = undefined;
  }
}
