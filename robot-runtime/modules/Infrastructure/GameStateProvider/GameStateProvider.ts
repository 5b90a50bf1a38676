/**
 * @file Turns GameController packets into the GameState the behaviour acts on. Without packets (a simulation
 * without GameController, a robot on the desk) the state is a configurable default, so the robot still plays.
 * The referee's whistle starts play before the GameController says so: the SPL's GameController sends Playing
 * only some seconds after the kick-off whistle, so while its packets still say Set, a whistle this robot heard
 * after Set began (Whistle, from the Audio thread) means Playing, as in B-Human's GameStateProvider.
 */
import { defineModule } from '@robot-runtime/core/module/defineModule';
import { defineParameters, field, t } from '@robot-runtime/core/streamable';
import { FrameInfo } from '@robot-runtime/representations/Infrastructure/FrameInfo';
import {
  GameState as GcState,
  GameControllerData,
  GameControllerProtocolEnum,
  setPlayName,
  splPenaltyOfHsl,
} from '@robot-runtime/representations/Infrastructure/GameControllerData';
import { GameState, GameStateSetPlay, GameStateState } from '@robot-runtime/representations/Infrastructure/GameState';
import { Whistle } from '@robot-runtime/representations/Modeling/Whistle';

const Parameters = defineParameters('GameStateProvider', {
  defaultState: field(GameStateState, 'State used while no GameController packets arrive.', GameStateState.playing),
  teamNumber: field(t.uint8, 'Own team number, unless the host injects `Settings` (from settings.cfg).', 5),
  playerNumber: field(t.uint8, 'Own player number, unless the host injects `Settings` (from settings.cfg).', 1),
  gameControllerTimeout: field(
    t.uint32,
    'A packet older than this (ms) no longer counts as a running GameController.',
    2000,
  ),
});

/** GameController `state` numbers mapped to GameState::State values (the HSL's 0..4 are the SPL's). */
const stateFromPacket: Record<number, number> = {
  [GcState.initial]: GameStateState.initial,
  [GcState.ready]: GameStateState.ready,
  [GcState.set]: GameStateState.set,
  [GcState.playing]: GameStateState.playing,
  [GcState.finished]: GameStateState.finished,
  [GcState.standby]: GameStateState.standby,
};

/** The part of settings.cfg a host may inject under the name `Settings`. */
interface InjectedSettings {
  teamNumber?: number;
  playerNumber?: number;
}

export const GameStateProvider = defineModule({
  name: 'GameStateProvider',
  category: 'Infrastructure',
  requires: [FrameInfo, GameControllerData],
  uses: [Whistle],
  provides: [GameState],
  parameters: Parameters,
}).implement(({ the, params, injected, keep }) => {
  /** The state the packets say and since when (ms), to tell a whistle heard during Set. */
  const packet = keep({ state: -1, since: 0 });
  return {
    update: {
      GameState(gameState) {
        const settings = (injected.get('Settings') ?? {}) as InjectedSettings;
        const teamNumber = settings.teamNumber ?? params.teamNumber;
        const playerNumber = settings.playerNumber ?? params.playerNumber;
        const gc = the.GameControllerData;
        const now = the.FrameInfo.time;
        const active =
          gc.timeLastPacketReceived !== 0 && now - gc.timeLastPacketReceived < params.gameControllerTimeout;

        const previousState = gameState.state;
        const wasPenalized = gameState.isPenalized;
        gameState.playerNumber = playerNumber;
        gameState.gameControllerActive = active;
        if (active) {
          const ownIndex = gc.teams[1]!.teamNumber === teamNumber ? 1 : 0;
          const own = gc.teams[ownIndex]!;
          const opponent = gc.teams[1 - ownIndex]!;
          const hsl = gc.protocol === GameControllerProtocolEnum.hsl;
          const slot = own.players[playerNumber - 1];
          gameState.state = stateFromPacket[gc.state] ?? GameStateState.initial;
          if (gc.state !== packet.state) Object.assign(packet, { state: gc.state, since: now });
          // Tests and hosts without an Audio thread may give no Whistle at all.
          const heard = (the.Whistle as Whistle | undefined)?.lastTimeWhistleDetected ?? 0;
          if (gc.state === GcState.set && heard > packet.since && heard <= now)
            gameState.state = GameStateState.playing;
          gameState.firstHalf = gc.firstHalf;
          gameState.ownKickOff = gc.kickingTeam === own.teamNumber;
          gameState.setPlay = GameStateSetPlay[setPlayName(hsl ? 'hsl' : 'spl', gc.setPlay)];
          gameState.stopped = gc.stopped;
          gameState.penalty = hsl ? splPenaltyOfHsl(slot?.penalty ?? 0) : (slot?.penalty ?? 0);
          gameState.warnings = slot?.warnings ?? 0;
          gameState.cautions = slot?.cautions ?? 0;
          gameState.isPenalized = gameState.penalty !== 0;
          gameState.ownTeam = { number: own.teamNumber, color: own.fieldPlayerColour, score: own.score };
          gameState.opponentTeam = {
            number: opponent.teamNumber,
            color: opponent.fieldPlayerColour,
            score: opponent.score,
          };
        } else {
          packet.state = -1;
          gameState.state = params.defaultState;
          gameState.isPenalized = false;
          gameState.penalty = 0;
          gameState.ownKickOff = true;
          gameState.setPlay = GameStateSetPlay.none;
          gameState.stopped = false;
          gameState.warnings = 0;
          gameState.cautions = 0;
          gameState.ownTeam = { ...gameState.ownTeam, number: teamNumber };
        }
        if (gameState.state !== previousState || gameState.timeWhenStateStarted === 0)
          gameState.timeWhenStateStarted = now;
        if (gameState.isPenalized && !wasPenalized) gameState.timeWhenPenaltyStarted = now;
        if (!gameState.isPenalized) gameState.timeWhenPenaltyStarted = 0;
      },
    },
  };
});
