import { describe, expect, it } from 'vitest';
import { createModuleForTest } from '@robot-runtime/core/testing/moduleHarness';
import { handMadeHslPacket, handMadeSplPacket } from '@robot-runtime/core/testing/gameControllerPackets';
import {
  GameState as GcState,
  GameControllerData,
  GameControllerProtocolEnum,
  gameControllerDataFromBytes,
  Penalty,
} from '@robot-runtime/representations/Infrastructure/GameControllerData';
import { GameState, GameStateSetPlay, GameStateState } from '@robot-runtime/representations/Infrastructure/GameState';
import { GameStateProvider } from './GameStateProvider';

describe('GameStateProvider', () => {
  it('uses the default state while no GameController runs', () => {
    const { update } = createModuleForTest(GameStateProvider, {
      the: { FrameInfo: { time: 100 }, GameControllerData: GameControllerData.defaultValue() },
    });
    const state = GameState.defaultValue();
    update.GameState!(state);
    expect(state.state).toBe(GameStateState.playing);
    expect(state.gameControllerActive).toBe(false);
    expect(state.timeWhenStateStarted).toBe(100);
  });

  it('reads state, penalty and kick-off of the own team from a fresh packet', () => {
    const gc = GameControllerData.defaultValue();
    gc.state = GcState.set;
    gc.teams[0]!.teamNumber = 70;
    gc.teams[1]!.teamNumber = 5;
    gc.teams[1]!.score = 2;
    gc.teams[1]!.players[2]!.penalty = 5;
    gc.kickingTeam = 5;
    gc.timeLastPacketReceived = 900;
    const frameInfo = { time: 1000 };
    const { update } = createModuleForTest(GameStateProvider, {
      the: { FrameInfo: frameInfo, GameControllerData: gc },
      injected: { Settings: { teamNumber: 5, playerNumber: 3 } },
    });
    const state = GameState.defaultValue();
    update.GameState!(state);
    expect(state.state).toBe(GameStateState.set);
    expect(state.isPenalized).toBe(true);
    expect(state.timeWhenPenaltyStarted).toBe(1000);
    expect(state.ownKickOff).toBe(true);
    expect(state.ownTeam.score).toBe(2);
    expect(state.opponentTeam.number).toBe(70);
    expect(state.playerNumber).toBe(3);

    frameInfo.time = 5000; // packet now stale
    update.GameState!(state);
    expect(state.gameControllerActive).toBe(false);
    expect(state.state).toBe(GameStateState.playing);
    expect(state.timeWhenStateStarted).toBe(5000);
  });

  /** The GameState player 3 of team 12 derives from `bytes` received at 900 ms, one frame later. */
  const gameStateOf = (bytes: Uint8Array, player = 3) => {
    const gc = gameControllerDataFromBytes(bytes, 900, 4)!;
    const { update } = createModuleForTest(GameStateProvider, {
      the: { FrameInfo: { time: 1000 }, GameControllerData: gc },
      injected: { Settings: { teamNumber: 12, playerNumber: player } },
    });
    const state = GameState.defaultValue();
    update.GameState!(state);
    return { gc, state };
  };

  it('maps an HSL packet (bytes as published) onto the game state: state, set play, penalty, cards, stopped', () => {
    const { gc, state } = gameStateOf(handMadeHslPacket());
    expect(gc.protocol).toBe(GameControllerProtocolEnum.hsl);
    expect(gc.packetsRejected).toBe(4);
    expect(state.gameControllerActive).toBe(true);
    expect(state.state).toBe(GameStateState.playing);
    // HSL throw-in (4) is the SPL's kick-in; the raw code stays in GameControllerData.
    expect(gc.setPlay).toBe(4);
    expect(state.setPlay).toBe(GameStateSetPlay.kickIn);
    expect(state.ownKickOff).toBe(true);
    expect(state.stopped).toBe(true);
    expect(state.firstHalf).toBe(false);
    // HSL pushing (9) is the SPL's player pushing (2), which takes the robot off the field.
    expect(state.penalty).toBe(Penalty.playerPushing);
    expect(state.isPenalized).toBe(true);
    expect([state.warnings, state.cautions]).toEqual([1, 1]);
    expect(state.ownTeam).toEqual({ number: 12, color: 1, score: 1 });
    expect(state.opponentTeam).toEqual({ number: 34, color: 0, score: 2 });

    const teammate = gameStateOf(handMadeHslPacket(), 2).state;
    expect([teammate.isPenalized, teammate.warnings, teammate.cautions]).toEqual([false, 0, 0]);
  });

  it('maps an SPL packet (bytes as laid out) onto the game state, with no HSL-only fields', () => {
    const { gc, state } = gameStateOf(handMadeSplPacket());
    expect(gc.protocol).toBe(GameControllerProtocolEnum.spl);
    expect(state.state).toBe(GameStateState.set);
    expect(state.setPlay).toBe(GameStateSetPlay.none);
    expect(state.ownKickOff).toBe(false);
    expect(state.penalty).toBe(Penalty.illegalPosition);
    expect([state.stopped, state.warnings, state.cautions]).toEqual([false, 0, 0]);
    expect(state.opponentTeam.number).toBe(34);
  });

  it('names every set play of both leagues', () => {
    const setPlayOf = (bytes: Uint8Array, code: number) => {
      const copy = bytes.slice();
      copy[11] = code;
      return gameStateOf(copy).state.setPlay;
    };
    expect([0, 1, 2, 3, 4, 5, 6].map((c) => GameStateSetPlay.names[setPlayOf(handMadeHslPacket(), c)])).toEqual([
      'none',
      'directFreeKick',
      'indirectFreeKick',
      'penaltyKick',
      'kickIn',
      'goalKick',
      'cornerKick',
    ]);
    expect([0, 1, 2, 3, 4, 5].map((c) => GameStateSetPlay.names[setPlayOf(handMadeSplPacket(), c)])).toEqual([
      'none',
      'goalKick',
      'pushingFreeKick',
      'cornerKick',
      'kickIn',
      'penaltyKick',
    ]);
  });
});

describe('GameStateProvider and the whistle', () => {
  /** Frames of a GameStateProvider fed Set packets from 10 s on, with the Whistle `whistle`; each gives the state. */
  const inSet = (whistle: { lastTimeWhistleDetected: number }) => {
    const gc = GameControllerData.defaultValue();
    gc.state = GcState.set;
    gc.teams[1]!.teamNumber = 5;
    const frameInfo = { time: 10_000 };
    const { update } = createModuleForTest(GameStateProvider, {
      the: { FrameInfo: frameInfo, GameControllerData: gc, Whistle: whistle },
      injected: { Settings: { teamNumber: 5, playerNumber: 1 } },
    });
    const state = GameState.defaultValue();
    const frame = (time: number) => {
      frameInfo.time = time;
      gc.timeLastPacketReceived = time - 100;
      update.GameState!(state);
      return state.state;
    };
    return frame;
  };

  it('starts play on a whistle heard during Set, before the GameController says Playing', () => {
    const whistle = { lastTimeWhistleDetected: 0 };
    const frame = inSet(whistle);
    expect(frame(10_000)).toBe(GameStateState.set);
    whistle.lastTimeWhistleDetected = 12_000;
    expect(frame(12_300)).toBe(GameStateState.playing);
    // The packets still say Set: the robot keeps playing.
    expect(frame(14_000)).toBe(GameStateState.playing);
  });

  it('ignores a whistle heard before Set began', () => {
    const whistle = { lastTimeWhistleDetected: 9_000 };
    const frame = inSet(whistle);
    expect(frame(10_000)).toBe(GameStateState.set);
    expect(frame(11_000)).toBe(GameStateState.set);
  });
});
