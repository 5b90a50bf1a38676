/**
 * @file A provider host around a bare ConsoleController, for tests that drive one provider without a whole
 * session: robots go straight into the controller, prints become controller output, broadcasts are dropped.
 */
import type { ConsoleController } from '../../console/ConsoleController';
import type { ProviderHost } from '../ConsoleProvider';

/** A ProviderHost whose robots and output are `controller`'s. */
export function controllerHost(controller: ConsoleController): ProviderHost {
  return {
    addRobot: (robot) => controller.addRobot(robot.console),
    removeRobot: (name) => controller.removeRobot(name),
    print: (text) => controller.print(text),
    controller,
    broadcast: () => undefined,
  };
}
