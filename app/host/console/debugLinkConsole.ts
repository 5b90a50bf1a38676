/**
 * @file A console for a robot reached over its debug link (a remote robot, or an external robot's program): the
 * link's client, the connection the console talks through, and the console itself, not yet connected. Who owns
 * it decides when to connect and how to retry.
 */
import { DebugLinkClient } from '../transport/DebugLinkClient';
import { DebugLinkConnection } from './connections/DebugLinkConnection';
import type { ConsoleFiles } from './files';
import { RobotConsole } from './RobotConsole';

/** A console on a debug link. */
export interface DebugLinkConsole {
  readonly client: DebugLinkClient;
  readonly connection: DebugLinkConnection;
  readonly console: RobotConsole;
}

/** Where the console finds files and the configuration. */
export interface DebugLinkConsoleOptions {
  readonly files?: ConsoleFiles;
  readonly configRoot?: string;
}

/** A console named `name` on a new debug link client; it asks the robot for its name once connected. */
export function debugLinkConsole(name: string, options: DebugLinkConsoleOptions): DebugLinkConsole {
  const client = new DebugLinkClient();
  const connection = new DebugLinkConnection(client);
  const console = new RobotConsole(name, connection, {
    files: options.files,
    configRoot: options.configRoot,
    requestRobotName: true,
  });
  return { client, connection, console };
}
