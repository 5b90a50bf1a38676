/**
 * @file Runs a RobotConsole against a ScriptedRobot with a manual clock, for tests: `run(line)` executes a line
 * and updates until the console is idle, collecting what it printed.
 */
import { RobotConsole, type RobotConsoleOptions } from '../RobotConsole';
import { ScriptedRobot, type ScriptedRobotSpec } from './ScriptedRobot';
import { sampleRobotSpec } from './sampleRobot';

/** A console wired to a scripted robot. */
export interface Harness {
  robot: ScriptedRobot;
  console: RobotConsole;
  /** Everything printed so far. */
  output: string[];
  /** The manual clock (ms). */
  clock: { now: number };
  /** Executes `line` (if given), then updates until idle (at most `maxSteps` steps of 10 ms); returns the new output. */
  run(line?: string, maxSteps?: number): string[];
}

/** Creates a harness; the first `run()` polls the robot. */
export function createHarness(spec: ScriptedRobotSpec = sampleRobotSpec(), options: RobotConsoleOptions = {}): Harness {
  const robot = new ScriptedRobot(spec);
  const clock = { now: 0 };
  const console = new RobotConsole('robot1', robot, { now: () => clock.now, ...options });
  const output: string[] = [];
  console.on('output', (text) => output.push(text));
  return {
    robot,
    console,
    output,
    clock,
    run(line, maxSteps = 50) {
      const before = output.length;
      if (line !== undefined) console.execute(line);
      for (let i = 0; i < maxSteps; i++) {
        console.update();
        if (!console.busy && !console.polling) break;
        clock.now += 10;
      }
      return output.slice(before);
    },
  };
}
