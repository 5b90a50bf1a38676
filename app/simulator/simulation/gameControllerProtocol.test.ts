import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { GameControllerData } from '@robot-runtime/representations/Infrastructure/GameControllerData';
import { GameStateSetPlay, type GameState } from '@robot-runtime/representations/Infrastructure/GameState';
import { HslPenalty, HslSetPlay, HslState } from '@robot-runtime/protocol/gameController/hslGameControlData';
import { Penalty, SetPlay } from '../gameController/GameControllerData';
import type { SceneModel } from '../scene/SceneModel';
import { gameControllerProtocolOf } from './gameControllerData';
import { resultText } from './commandResult';
import { Simulation } from './Simulation';

const scenes = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../scenes');
const open: Simulation[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.dispose()));
});

describe("the simulated GameController's protocol", () => {
  it('speaks HSL when the scene says so, switches with `gc protocol`, and the robots act on either', async () => {
    const sim = await Simulation.load(path.join(scenes, 'GameHsl.ros3'), { seed: 1 });
    open.push(sim);
    expect(sim.gc.protocol).toBe('hsl');
    const cognition = (name: string) => sim.robot(name)!.program.thread('Cognition')!.blackboard;
    const seen = (name: string) => ({
      gc: cognition(name).get('GameControllerData') as GameControllerData,
      state: cognition(name).get('GameState') as GameState,
    });
    const steps = (n: number) => {
      for (let i = 0; i < n; i++) sim.step();
    };

    expect(sim.command('gc standby')).toEqual({ kind: 'done' });
    steps(5);
    // The HSL has no standby: its robots wait in initial.
    expect(seen('robot2').gc).toMatchObject({ protocol: 1, state: HslState.initial });

    for (const c of ['gc ready', 'gc set', 'gc playing', 'gc kickInForSecondTeam'])
      expect(sim.command(c)).toEqual({ kind: 'done' });
    expect(sim.robotCommand('robot2', 'pr playerPushing')).toEqual({ kind: 'done' });
    steps(5);
    const hsl = seen('robot2');
    expect(hsl.gc).toMatchObject({ protocol: 1, state: HslState.playing, setPlay: HslSetPlay.throwIn });
    expect(hsl.gc.teams[0]!.players[1]!.penalty).toBe(HslPenalty.pushing);
    expect(hsl.state.penalty).toBe(Penalty.playerPushing);
    expect(hsl.state.isPenalized).toBe(true);
    expect(hsl.state.setPlay).toBe(GameStateSetPlay.kickIn);
    expect(hsl.state.ownKickOff).toBe(false);
    expect(seen('robot3').state.isPenalized).toBe(false);

    expect(sim.command('gc protocol')).toEqual({ kind: 'note', text: 'Note: the GameController speaks hsl' });
    expect(sim.command('gc protocol spl')).toEqual({ kind: 'done' });
    steps(5);
    const spl = seen('robot2');
    expect(spl.gc).toMatchObject({ protocol: 0, setPlay: SetPlay.kickIn });
    expect(spl.gc.teams[0]!.players[1]!.penalty).toBe(Penalty.playerPushing);
    expect(spl.state.penalty).toBe(Penalty.playerPushing);
    expect(spl.state.setPlay).toBe(GameStateSetPlay.kickIn);
    expect(resultText(sim.command('gc protocol tcp'))).toBe('Syntax Error: gc protocol [spl | hsl]');
  });

  it("refuses a scene's unknown protocol with the scene's place", () => {
    const scene = { graph: { sets: { gameController: 'msl' }, file: 'x.ros3', line: 4, path: 'Scene' } };
    expect(() => gameControllerProtocolOf(scene as unknown as SceneModel)).toThrow(/'gameController' must be/);
    const plain = { graph: { sets: {}, file: 'x.ros3', line: 4, path: 'Scene' } };
    expect(gameControllerProtocolOf(plain as unknown as SceneModel)).toBe('spl');
  });
});
