/**
 * @file How robots come into the host session. A provider owns a family of robots (remote robots connected with
 * `sc`, the simulator's team, log replays) and registers its area's console commands in the controller's table
 * when it starts. The session does not know where robots come from: the simulator plugs in as one more provider.
 */
import type { ConsoleController } from '../console/ConsoleController';
import type { RobotConsole } from '../console/RobotConsole';
import type { EmitEvent } from '../../ipc/host';
import type { RobotKind } from '../../ipc/messages';
import type { RequestHandlers } from './requestHandlers';

/** A robot a provider hands to the session. */
export interface ProvidedRobot {
  readonly console: RobotConsole;
  readonly kind: RobotKind;
  /** Address of a remote robot, shown in the robot list. */
  readonly address?: string;
}

/** What a provider may do with the session. */
export interface ProviderHost {
  /** Adds (or replaces) a robot; it becomes the console's selection. */
  addRobot(robot: ProvidedRobot): void;
  /** Removes a robot by name. */
  removeRobot(name: string): void;
  /** Prints a console line. */
  print(text: string): void;
  /** The session's console: providers register their commands in its table; a simulator runs its start script here. */
  readonly controller: ConsoleController;
  /** Sends an event to every connected renderer (streams such as the simulation's ground truth). */
  broadcast: EmitEvent;
  /** Tells the session that another scene was opened (its name keys the saved layouts). */
  sceneChanged?(scene: string): void;
}

/** A source of robots for the session. */
export interface ConsoleProvider {
  /** Called once when the session starts (the provider registers its commands in `host.controller.commands`). */
  start(host: ProviderHost): void;
  /** Called on every session tick before the consoles update (a simulator steps here). */
  update?(): void;
  /** Releases sockets, workers and timers. */
  dispose(): Promise<void>;
  /** The request channels this provider answers, one handler each (they take the place of the session's own). */
  readonly handlers?: RequestHandlers;
}
