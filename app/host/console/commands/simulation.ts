/**
 * @file Simulator commands for the console engine (facts §1.3/§1.4). Global: `gc`, `ar`, `dt`, `st`, `ci`,
 * `mvo`, `net` and Pitchside's `sim run|pause|step [<n>]|reset`. Per simulated robot: `mv`, `mvb`, `pr`, `sn`, which
 * act on the selected robot(s). `attachSimulation` adds a console per simulated robot (over an in-process
 * connection, so it is debugged exactly like a remote robot) and registers the commands.
 */
import type { Simulation } from '../../../simulator/simulation/Simulation';
import type { ConsoleController } from '../ConsoleController';
import { RobotConsole, type RobotConsoleOptions } from '../RobotConsole';
import type { CommandArgs } from '../tokenizer';
import type { RobotCommand } from './types';

/** What the commands need: the current simulation (reset replaces it) and a way to replace it. */
export interface SimulationHandle {
  readonly current: Simulation;
  /** `sim reset`: builds a fresh simulation of the same scene and seed and attaches it. */
  reset(): void;
}

const GLOBAL_WORDS = ['gc', 'ar', 'dt', 'st', 'ci', 'mvo', 'net'] as const;
const ROBOT_WORDS = ['mv', 'mvb', 'pr', 'sn'] as const;

/** A robot-console command that forwards its line to the simulation for this robot. */
function robotCommand(word: string, handle: SimulationHandle, robot: string): RobotCommand {
  return {
    name: word,
    forable: false,
    run(args: CommandArgs, ctx) {
      const error = handle.current.robotCommand(robot, `${word} ${args.rawRest()}`);
      if (error) ctx.console.print(error);
      return 'done';
    },
  };
}

/** Registers the global simulator commands on `controller`. */
export function registerSimulationCommands(controller: ConsoleController, handle: SimulationHandle): void {
  for (const word of GLOBAL_WORDS) {
    controller.addCommand(word, (args) => {
      const error = handle.current.command(`${word} ${args.rawRest()}`);
      if (error) controller.print(error);
    });
  }
  controller.addCommand('sim', (args) => {
    const what = args.next();
    const sim = handle.current;
    if (what === 'run') sim.run();
    else if (what === 'pause') sim.pause();
    else if (what === 'step') {
      const n = Number(args.next() ?? '1');
      if (!(Number.isInteger(n) && n > 0)) return controller.print('Syntax Error: sim step [<steps>]');
      for (let i = 0; i < n; i++) sim.step();
      controller.update();
    } else if (what === 'reset') handle.reset();
    else if (what === 'time') controller.print(`${(sim.time / 1000).toFixed(3)} s, score ${sim.score.join(':')}`);
    else controller.print('Syntax Error: sim run | pause | step [<steps>] | reset | time');
  });
}

/** Adds one console per simulated robot (named like the scene body) with the per-robot simulator commands. */
export function addSimulatedRobots(controller: ConsoleController, handle: SimulationHandle, options: RobotConsoleOptions = {}): RobotConsole[] {
  const sim = handle.current;
  return sim.robots.map((r) => {
    const console = new RobotConsole(r.name, sim.connect(r.name), { ...options, robotNumber: r.def.number, now: options.now ?? (() => handle.current.time) });
    for (const word of ROBOT_WORDS) console.addCommand(robotCommand(word, handle, r.name));
    controller.addRobot(console);
    return console;
  });
}

/**
 * Attaches a simulation to a console controller: commands plus robot consoles; `sim reset` swaps in a fresh
 * simulation and reconnects the robot consoles. Returns the handle.
 */
export function attachSimulation(controller: ConsoleController, simulation: Simulation, options: RobotConsoleOptions = {}): SimulationHandle {
  const handle = {
    current: simulation,
    reset() {
      const fresh = handle.current.reset();
      void handle.current.dispose();
      handle.current = fresh;
      for (const r of fresh.robots) controller.removeRobot(r.name);
      addSimulatedRobots(controller, handle, options);
    },
  };
  registerSimulationCommands(controller, handle);
  addSimulatedRobots(controller, handle, options);
  return handle;
}
