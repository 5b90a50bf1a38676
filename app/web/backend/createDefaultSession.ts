/**
 * @file The session `npm start` runs, shared by Electron and the browser mode so both offer the same robots.
 * Until the simulator lands the robot list starts empty (remote robots come in with `sc`); the simulator will be
 * one more ConsoleProvider here and make the 7 vs 7 scene the default.
 */
import { join } from 'node:path';
import { NodeFiles } from '../../host/console/nodeFiles';
import type { HostMode } from '../../ipc/messages';
import { HostSession } from './HostSession';
import { FileLayoutStore, MemoryLayoutStore } from './LayoutStore';
import { RemoteRobotProvider } from './RemoteRobotProvider';

/** What the session is told where to find. */
export interface DefaultSessionOptions {
  readonly mode: HostMode;
  /** Repository (or installed app) root: config/ and scenes/ live here. */
  readonly rootDir: string;
  /** Where layouts are saved; in memory when undefined. */
  readonly settingsDir?: string;
  readonly version?: string;
}

/** The text the UI shows while no robot exists. */
export const EMPTY_NOTICE =
  'No robots yet: the simulator is not part of this build. Connect a robot with "sc <name> <address>" (e.g. sc robot1 127.0.0.1 for npm run robot).';

/** Creates (but does not start) the default session. */
export function createDefaultSession(options: DefaultSessionOptions): HostSession {
  const files = new NodeFiles();
  return new HostSession({
    mode: options.mode,
    files,
    layouts: options.settingsDir ? new FileLayoutStore(join(options.settingsDir, 'layouts')) : new MemoryLayoutStore(),
    providers: [new RemoteRobotProvider({ files, configRoot: join(options.rootDir, 'config') })],
    scene: 'default',
    emptyNotice: EMPTY_NOTICE,
    scriptDir: join(options.rootDir, 'scenes'),
    version: options.version,
  });
}
