import { describe, expect, it } from 'vitest';
import { createModuleForTest } from '@robot-runtime/core/testing/moduleHarness';
import {
  GameState as GcState,
  GameControllerData,
} from '@robot-runtime/representations/Infrastructure/GameControllerData';
import { GameState, GameStateState } from '@robot-runtime/representations/Infrastructure/GameState';
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
});
