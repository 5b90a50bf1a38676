/**
 * @file The session `npm start` runs, shared by Electron and the browser mode so both offer the same robots:
 * remote robots (`sc`), the scene's simulated robots when a scene is given (the 7 vs 7 game by default, see
 * start.ts), and the scene views' data (images, 3-D drawings) for all of them.
 */
import { basename, extname, join } from 'node:path';
import { NodeFiles } from '../console/nodeFiles';
import type { FilePurpose } from '../../ipc/files';
import type { HostMode } from '../../ipc/messages';
import { HostSession } from '../session/HostSession';
import { FileLayoutStore, MemoryLayoutStore } from '../session/LayoutStore';
import type { ConsoleProvider } from '../session/ConsoleProvider';
import { LogProvider } from '../providers/log/LogProvider';
import { RemoteRobotProvider } from '../providers/remote/RemoteRobotProvider';
import { SceneViewsProvider } from '../providers/simulation/SceneViewsProvider';
import { SimulationProvider } from '../providers/simulation/SimulationProvider';
import { TeamMonitorProvider } from '../providers/teamMonitor/TeamMonitorProvider';
import { TestRunsProvider } from '../providers/testRuns/TestRunsProvider';

/** What the session is told where to find. */
export interface DefaultSessionOptions {
  readonly mode: HostMode;
  /** Repository (or installed app) root: config/ and scenes/ live here. */
  readonly rootDir: string;
  /** Where layouts are saved; in memory when undefined. */
  readonly settingsDir?: string;
  readonly version?: string;
  /** Scene file to simulate (.ros3); no simulation when undefined. */
  readonly sceneFile?: string;
  /** Seed of the simulation. */
  readonly seed?: number;
  /** Robots of the scene whose programs run outside the IDE (served a NAO's boundary in real time). */
  readonly external?: readonly string[];
  /** Second byte of the external robots' loopback addresses. */
  readonly externalNet?: number;
  /** The job queue (postgres://…) the console's `test` campaigns go to; the local worker pool when undefined. */
  readonly queue?: string;
  /** The host's own open dialog (Electron's); without it the UI lists the host's folders. */
  readonly chooseFile?: (purpose: FilePurpose) => Promise<string | undefined>;
}

/** The default scene of `npm start`, relative to the root: the 7 vs 7 game. */
export const DEFAULT_SCENE = join('scenes', 'Game.ros3');

/** The text the UI shows while no robot exists. */
export const EMPTY_NOTICE =
  'No robots yet: this session simulates no scene. Connect a robot with "sc <name> <address>" (e.g. sc robot1 127.0.0.1 for npm run robot).';

/** Creates (but does not start) the default session. */
export function createDefaultSession(options: DefaultSessionOptions): HostSession {
  const files = new NodeFiles();
  const configRoot = join(options.rootDir, 'config');
  const providers: ConsoleProvider[] = [new RemoteRobotProvider({ files, configRoot })];
  const simulation = options.sceneFile
    ? new SimulationProvider({
        sceneFile: options.sceneFile,
        files,
        configRoot,
        seed: options.seed,
        external: options.external,
        externalNet: options.externalNet,
      })
    : undefined;
  if (simulation) providers.push(simulation);
  providers.push(new SceneViewsProvider());
  const logs = new LogProvider({ files, configRoot });
  providers.push(logs);
  providers.push(
    new TeamMonitorProvider({ configRoot, simulation: () => simulation?.simulation, replay: () => logs.currentGame() }),
  );
  providers.push(
    new TestRunsProvider({ sceneFile: options.sceneFile, configRoot, seed: options.seed, queue: options.queue }),
  );
  return new HostSession({
    mode: options.mode,
    files,
    layouts: options.settingsDir ? new FileLayoutStore(join(options.settingsDir, 'layouts')) : new MemoryLayoutStore(),
    providers,
    scene: options.sceneFile ? basename(options.sceneFile, extname(options.sceneFile)) : 'default',
    emptyNotice: options.sceneFile ? `Loading scene ${basename(options.sceneFile)}…` : EMPTY_NOTICE,
    scriptDir: join(options.rootDir, 'scenes'),
    fileFolders: { scene: join(options.rootDir, 'scenes'), log: options.rootDir },
    ...(options.chooseFile ? { chooseFile: options.chooseFile } : {}),
    version: options.version,
    simulation: simulation !== undefined,
  });
}
