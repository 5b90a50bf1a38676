/**
 * @file A robot provider for e2e tests: one console on the console engine's scripted robot (real payload
 * encoders, a small module graph, requests, drawings). It plays the role the simulator's provider will have.
 */
import { RobotConsole } from '../../app/host/console/RobotConsole';
import { ScriptedRobot } from '../../app/host/console/testing/ScriptedRobot';
import { sampleRobotSpec } from '../../app/host/console/testing/sampleRobot';
import type { ConsoleProvider, ProviderHost } from '../../app/host/session/ConsoleProvider';

/** Provides one scripted robot called `name`. */
export function scriptedProvider(name = 'robot1'): ConsoleProvider {
  return {
    commands: [],
    start(host: ProviderHost) {
      const robot = new RobotConsole(name, new ScriptedRobot(sampleRobotSpec()));
      robot.endOfStartScript();
      host.addRobot({ console: robot, kind: 'simulated' });
    },
    async dispose() {},
  };
}
