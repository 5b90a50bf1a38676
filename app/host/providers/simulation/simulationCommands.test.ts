import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GameState, Penalty } from '@app/simulator/gameController/GameControllerData';
import { Simulation } from '@app/simulator/simulation/Simulation';
import { ConsoleController } from '../../console/ConsoleController';
import { MemoryFiles } from '../../console/files';
import { controllerHost } from '../../session/testing/controllerHost';
import { SimulationProvider } from './SimulationProvider';

const scene = path.resolve(import.meta.dirname, '../../../../scenes/GameFast.ros3');
let provider: SimulationProvider | undefined;
afterEach(async () => {
  await provider?.dispose();
  provider = undefined;
});

/** The IDE's provider around `sim` (paused; no start script) in `controller`. */
async function attachSimulation(controller: ConsoleController, sim: Simulation): Promise<SimulationProvider> {
  const attached = new SimulationProvider({ sceneFile: scene, run: false, startScript: false, load: async () => sim });
  attached.start(controllerHost(controller));
  await attached.whenLoaded();
  return attached;
}

/** A console engine with the provider around a fresh paused simulation of the scene, and the lines it printed. */
async function consoleWithSimulation(): Promise<{
  sim: Simulation;
  controller: ConsoleController;
  out: string[];
  attached: SimulationProvider;
}> {
  const sim = await Simulation.load(scene, { seed: 5 });
  const controller = new ConsoleController({ files: new MemoryFiles() });
  const out: string[] = [];
  controller.on('output', (o) => out.push(o.text));
  const attached = await attachSimulation(controller, sim);
  provider = attached;
  return { sim, controller, out, attached };
}

describe('simulation commands in the console engine', () => {
  it('drives the simulation (gc, pr, mv, mvb, dt, st, sim step) and debugs a simulated robot in-process', async () => {
    const { sim, controller, out, attached } = await consoleWithSimulation();
    expect(controller.allRobots.map((r) => r.name)).toHaveLength(14);

    controller.execute('gc ready');
    expect(sim.gc.getData().state).toBe(GameState.ready);
    controller.execute('gc ready');
    controller.execute('gc nonsense');
    expect(out.at(-1)).toMatch(/Unknown game state/);
    controller.execute('dt off');
    expect(sim.pacing.kind).toBe('off');
    controller.execute('st on');
    controller.execute('robot robot2');
    controller.execute('pr manual');
    expect(sim.gc.getData().teams[0].players[1]!.penalty).toBe(Penalty.manual);
    controller.execute('mv -500 250 0');
    controller.execute('mvb 100 100 0');
    controller.execute('sim step 2');
    const robot2 = sim.worldState.robots.find((r) => r.name === 'robot2')!;
    expect(robot2.pose.translation.x).toBeCloseTo(-500, -1);
    expect(sim.worldState.ball!.position.x).toBeCloseTo(100, -1);

    // The robot console works as on a remote robot: polling, then get.
    controller.execute('get module:WalkingEngine');
    for (let i = 0; i < 50 && controller.busy; i++) controller.execute('sim step 3');
    expect(out.join('\n')).toMatch(/set module:WalkingEngine .*stepDuration = 0.25/);
    controller.execute('sim time');
    expect(out.at(-1)).toMatch(/s, score 0:0/);
    expect(attached.simulation).toBe(sim);
  });

  it("prints the simulator's typed errors as before: the usage for a malformed line, else the message", async () => {
    const { sim, controller, out } = await consoleWithSimulation();
    const printed = (line: string): string | undefined => {
      const before = out.length;
      controller.execute(line);
      return out.length > before ? out.at(-1) : undefined;
    };
    expect(printed('mvo RoboCup.robots.robot99 0 0 0')).toBe("Unknown object 'RoboCup.robots.robot99'");
    expect(printed('mvo RoboCup.balls.ball 1x 0 0')).toBe(
      'Syntax Error: mvo <objectPath> <x> <y> <z> [<rotX> <rotY> <rotZ>]',
    );
    expect(printed('dt')).toBe('Syntax Error: dt off | on | <fps>');
    expect(printed('st off')).toMatch(/^Note: Pitchside always runs on simulated time/);
    // A robot command: its console prints the error (in direct mode, without the line).
    controller.execute('robot robot2');
    expect(printed('mv 100')).toBe('Syntax Error: mv <x> <y> <z> [<rotX> <rotY> <rotZ>]');
    expect(printed('pr nonsense')).toBe("Unknown penalty 'nonsense'");
    // The console's tokens reach the simulator: a quoted object path is the path (it was once passed on with quotes).
    expect(printed('mvo "RoboCup.balls.ball" 1500 0 50')).toBeUndefined();
    controller.execute('sim step 1');
    expect(sim.worldState.ball!.position.x).toBeCloseTo(1500, -1);
  });

  it('lists the values of gc and pr for `gc ?`, `pr ?` and `help pr`, as SimRobot answers `?`', async () => {
    const { sim, controller, out } = await consoleWithSimulation();

    controller.execute('gc ?');
    const states = out.at(-1)!.split('\n');
    expect(states).toEqual(expect.arrayContaining(['initial', 'ready', 'set', 'playing', 'goalByFirstTeam']));
    expect(sim.gc.getData().state).toBe(GameState.initial);
    controller.execute('gc ? kickoff');
    expect(out.at(-1)!.split('\n')).toEqual(['kickOffFirstTeam', 'kickOffSecondTeam']);
    // `pr` runs in the selected robots' consoles, but `?` is answered once, by the console.
    controller.execute('robot all');
    const before = out.length;
    controller.execute('pr ?');
    expect(out.length).toBe(before + 1);
    expect(out.at(-1)!.split('\n')).toEqual(expect.arrayContaining(['none', 'illegalBallContact', 'manual']));
    controller.execute('pr ? zzz');
    expect(out.at(-1)).toBe("No value of pr matches 'zzz'. Usage: pr <penalty>");
    controller.execute('help pr');
    expect(out.at(-1)).toMatch(/^pr <penalty>\n {4}Penalize .*\n {4}values:\n {6}none illegalBallContact /);
    controller.execute('help gc');
    expect(out.at(-1)).toContain('playing');
    // Commands that answer `?` themselves keep their own answer.
    controller.execute('robot ?');
    expect(out.at(-1)).toContain('robot1');
  });

  it('answers get at once while the simulation is paused (no step, no "no answer")', async () => {
    const { sim, controller, out, attached } = await consoleWithSimulation();
    controller.execute('robot robot2');
    // A few frames first: the consoles' first polling round finds the names the threads use.
    controller.execute('sim step 5');
    for (let i = 0; i < 50 && controller.allRobots.some((r) => r.polling); i++) controller.execute('sim step 1');
    const time = sim.time;
    controller.execute('get module:WalkingEngine');
    for (let i = 0; i < 10 && controller.busy; i++) {
      attached.update(); // the session's tick
      controller.update();
    }
    expect(controller.busy).toBe(false);
    expect(out.join('\n')).toMatch(/set module:WalkingEngine .*stepDuration = 0.25/);
    expect(out.join('\n')).not.toMatch(/no answer/);
    // A second one too, and a fresh polling round: all answered without a single step.
    controller.execute('poll');
    controller.execute('get module:WalkingEngine');
    for (let i = 0; i < 10 && (controller.busy || controller.allRobots.some((r) => r.polling)); i++) {
      attached.update();
      controller.update();
    }
    expect(out.filter((l) => /set module:WalkingEngine/.test(l))).toHaveLength(2);
    expect(sim.time).toBe(time);
  });
});
