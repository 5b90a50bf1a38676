/**
 * @file A console per simulated robot, connected over the in-process link (so it is debugged exactly like a
 * remote robot), and the simulation area's commands acting on one fixed simulation. The IDE's SimulationProvider
 * builds its consoles here; headless users (the `npm run sim -- --record` recorder) attach a simulation they step
 * themselves with `attachSimulation`.
 */
import type { ConsoleController } from './ConsoleController';
import { CommandError } from './commands/types';
import { RobotConsole, type RobotConsoleOptions } from './RobotConsole';
import type { Simulation } from '@app/simulator/simulation/Simulation';
import { simulationCommands, type CommandTarget } from './commands/simulationCommands';

/** One console per robot of `sim`, named like its scene body. */
export function simulatedRobotConsoles(sim: Simulation, options: RobotConsoleOptions = {}): RobotConsole[] {
  return sim.robots.map(
    (robot) => new RobotConsole(robot.name, sim.connect(robot.name), { ...options, robotNumber: robot.def.number }),
  );
}

/** The simulation commands' target for a simulation that is never replaced (`sim reset` is refused). */
export function fixedSimulationTarget(sim: Simulation): CommandTarget {
  return {
    run: (command, args, robot) => sim.runCommand(command, args, robot),
    control: (action, steps = 1) => {
      if (action === 'step') for (let i = 0; i < steps; i++) sim.step();
      else if (action === 'run') sim.run();
      else if (action === 'pause') sim.pause();
      else throw new CommandError(`sim ${action}: not available for this simulation`);
    },
    describe: () => `${(sim.time / 1000).toFixed(3)} s, score ${sim.score.join(':')}`,
    simulation: () => sim,
  };
}

/**
 * Adds `sim`'s robots (and the simulation commands acting on it) to `controller`; returns the consoles. Their
 * clock is simulated time unless `options.now` says otherwise, so a recording repeats at any speed.
 */
export function attachSimulation(
  controller: ConsoleController,
  sim: Simulation,
  options: RobotConsoleOptions = {},
): RobotConsole[] {
  controller.commands.register(simulationCommands(fixedSimulationTarget(sim)));
  const consoles = simulatedRobotConsoles(sim, { now: () => sim.time, ...options });
  for (const console of consoles) controller.addRobot(console);
  return consoles;
}
