/**
 * @file Where the desktop app finds its files, relative to the app and never to the current directory: the code
 * and the built renderer (`out/`, `dist/renderer/`) in the app folder, the data read at run time (`scenes/`,
 * `config/`) next to them during development and in the package's resources folder once packaged (electron-builder
 * copies them there as extraResources, outside app.asar, so they stay plain files a user can edit).
 * `PITCHSIDE_ROOT` (set by `npm start`) overrides both.
 */
import { join } from 'node:path';

/** The folders the main process needs. */
export interface AppPaths {
  /** Holds out/ (main, preload) and dist/renderer. */
  appRoot: string;
  /** Holds scenes/ and config/. */
  dataRoot: string;
}

/** What the paths depend on. */
export interface AppLocation {
  /** PITCHSIDE_ROOT, if set. */
  rootOverride: string | undefined;
  isPackaged: boolean;
  /** app.getAppPath(). */
  appPath: string;
  /** process.resourcesPath (Electron's resources folder). */
  resourcesPath: string | undefined;
}

/** The app's folders. */
export function appPaths(location: AppLocation): AppPaths {
  if (location.rootOverride) return { appRoot: location.rootOverride, dataRoot: location.rootOverride };
  const appRoot = location.appPath;
  const dataRoot = location.isPackaged && location.resourcesPath ? location.resourcesPath : appRoot;
  return { appRoot, dataRoot };
}

/** The renderer's folder and the preload file under `appRoot`. */
export function appFiles(appRoot: string): { renderer: string; preload: string } {
  return { renderer: join(appRoot, 'dist', 'renderer'), preload: join(appRoot, 'out', 'preload', 'index.cjs') };
}
