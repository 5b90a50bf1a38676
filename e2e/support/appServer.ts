/**
 * @file Starts the browser mode the way `npm start` does (same session factory, same server) on a free port,
 * with layouts in memory (or in a test's own folder) so tests never touch the user's settings.
 */
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { MemoryFiles } from '../../app/host/console/files';
import type { ConsoleProvider } from '../../app/host/session/ConsoleProvider';
import { createDefaultSession } from '../../app/host/composition/createDefaultSession';
import { HostSession } from '../../app/host/session/HostSession';
import { MemoryLayoutStore } from '../../app/host/session/LayoutStore';
import { startWebServer, type RunningWebServer } from '../../app/web/server/WebServer';

/** Repository root. */
export const ROOT_DIR = fileURLToPath(new URL('../..', import.meta.url));
/** The built renderer. */
export const STATIC_ROOT = join(ROOT_DIR, 'dist', 'renderer');

/** A running browser-mode app. */
export interface AppServer {
  readonly server: RunningWebServer;
  readonly session: HostSession;
  close(): Promise<void>;
}

/** Options of the app under test. */
export interface AppServerOptions {
  /** Simulate this scene (path relative to the repository), as `npm start` does with its default scene. */
  readonly sceneFile?: string;
  /** Keep layouts (and the views beside them) in this folder, as the app does in its settings; in memory otherwise. */
  readonly settingsDir?: string;
  /** Robots of the scene served to programs outside the app (`npm start -- --external`), on loopback net `net`. */
  readonly external?: readonly string[];
  readonly net?: number;
}

/**
 * Starts the app on 127.0.0.1 and a free port: the default session (without a scene unless `options` names
 * one), or one with the given robot providers.
 */
export async function startAppServer(
  providers?: ConsoleProvider[],
  options: AppServerOptions = {},
): Promise<AppServer> {
  const session = providers
    ? new HostSession({
        mode: 'browser',
        files: new MemoryFiles(),
        layouts: new MemoryLayoutStore(),
        providers,
        scene: 'e2e',
      })
    : createDefaultSession({
        mode: 'browser',
        rootDir: ROOT_DIR,
        ...(options.sceneFile ? { sceneFile: join(ROOT_DIR, options.sceneFile) } : {}),
        ...(options.settingsDir ? { settingsDir: options.settingsDir } : {}),
        ...(options.external ? { external: options.external, externalNet: options.net } : {}),
      });
  session.start();
  const server = await startWebServer({ staticRoot: STATIC_ROOT, host: session, port: 0 });
  return {
    server,
    session,
    close: async () => {
      await server.close();
      await session.dispose();
    },
  };
}
