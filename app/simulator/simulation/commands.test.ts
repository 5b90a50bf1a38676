import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLine } from '@app/ipc/consoleLine';
import { resultText } from './commandResult';
import { Simulation } from './Simulation';

const scene = path.resolve(import.meta.dirname, '../../../scenes/GameFast.ros3');
let sim: Simulation;

beforeAll(async () => {
  sim = await Simulation.load(scene, { seed: 1, startScript: false });
});
afterAll(() => sim?.dispose());

describe("the simulator's commands", () => {
  it('answer typed errors: unknown object, bad number, missing argument, unknown names, refusals', () => {
    const network = { ...sim.network.options };
    expect(sim.command('mvo RoboCup.robots.robot99 0 0 0')).toEqual({
      kind: 'error',
      code: 'unknownObject',
      message: "Unknown object 'RoboCup.robots.robot99'",
    });
    expect(sim.command('mvo RoboCup.balls.ball 10x 0 50')).toEqual({
      kind: 'error',
      code: 'badNumber',
      message: "<x> must be a number, not '10x'",
      usage: 'mvo <objectPath> <x> <y> <z> [<rotX> <rotY> <rotZ>]',
    });
    expect(sim.robotCommand('robot1', 'mv 100 200')).toMatchObject({ code: 'missingArgument', message: 'missing <z>' });
    expect(sim.robotCommand('robot1', 'mv 100 200 0 0')).toMatchObject({ code: 'missingArgument' });
    expect(sim.robotCommand('robot1', 'mvb 1 2 3 4')).toMatchObject({ code: 'syntax', message: "unexpected '4'" });
    expect(sim.command('dt 0')).toMatchObject({ code: 'badNumber' });
    expect(sim.command('net loss 2')).toMatchObject({ code: 'badNumber' });
    expect(sim.command('ar maybe')).toMatchObject({ code: 'syntax', usage: 'ar {<feature>} off | on' });
    expect(sim.command('ar')).toMatchObject({ code: 'missingArgument' });
    expect(sim.command('ar nonsense on')).toMatchObject({ code: 'unknownName', message: "Unknown feature 'nonsense'" });
    expect(sim.command('gc nonsense')).toMatchObject({ code: 'unknownName' });
    expect(sim.command('gc set')).toMatchObject({ code: 'refused', message: 'Not allowed in this game state' });
    expect(sim.robotCommand('robot1', 'pr nonsense')).toMatchObject({ code: 'unknownName' });
    expect(sim.robotCommand('robot99', 'pr manual')).toMatchObject({ code: 'notSimulated' });
    expect(sim.command('pr manual')).toMatchObject({ code: 'unknownCommand' });
    expect(sim.robotCommand('robot1', 'gc ready')).toMatchObject({ code: 'unknownCommand' });
    // The console prints malformed lines with the usage, everything else with the message.
    expect(resultText(sim.command('st maybe'))).toBe('Syntax Error: st off | on');
    expect(resultText(sim.command('mvo nothing 0 0 0'))).toBe("Unknown object 'nothing'");
    // Nothing changed on the way.
    expect(sim.pacing).toEqual({ kind: 'on' });
    expect(sim.network.options).toEqual(network);
  });

  it('read the tokens of a parsed line: quotes, comments and runs of spaces mean what the console says', () => {
    const line = parseLine('mvo  "RoboCup.balls.ball"\t1000 -500 50 # to the right');
    expect(sim.command(line)).toEqual({ kind: 'done' });
    sim.step();
    expect(sim.worldState.ball!.position.x).toBeCloseTo(1000, -1);
    expect(sim.worldState.ball!.position.y).toBeCloseTo(-500, -1);
    expect(sim.command('st off')).toMatchObject({ kind: 'note', text: expect.stringMatching(/^Note: Pitchside/) });
  });
});
