/**
 * @file Electron main process, the composition root of the desktop app: switches, the renderer scheme, the host
 * session and one window bridged to it. Everything else lives in the host services; this file only wires.
 * Bundled to out/main/index.mjs by `npm start` (app/web/electronLauncher.ts), which passes the paths below.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createDefaultSession, DEFAULT_SCENE } from '../host/composition/createDefaultSession';
import { FILE_EXTENSIONS, type FilePurpose } from '../ipc/files';
import type { ElectronMain } from './electronApi';
import { appFiles, appPaths } from './appPaths';
import { attachIpcBridge } from './ipcBridge';
import { registerRendererScheme, serveRenderer } from './rendererProtocol';
import {
  appSwitches,
  navigationAllowed,
  permissionRequestHandler,
  RENDERER_ORIGIN,
  windowOptions,
} from './windowConfig';

// Electron is optional and untyped here (electronApi.ts); requiring it by name keeps `tsc` independent of it.
const electron = createRequire(import.meta.url)('electron') as ElectronMain;
const { app, BrowserWindow } = electron;
const resourcesPath = (process as NodeJS.Process & { resourcesPath?: string }).resourcesPath;
const { appRoot, dataRoot } = appPaths({
  rootOverride: process.env.PITCHSIDE_ROOT,
  isPackaged: app.isPackaged,
  appPath: app.getAppPath(),
  resourcesPath,
});
const files = appFiles(appRoot);

for (const name of appSwitches(process.env)) app.commandLine.appendSwitch(name);
registerRendererScheme(electron);

void app.whenReady().then(async () => {
  serveRenderer(electron, files.renderer);
  // Deny by default: the renderer asks for no permission, so a request can only come from content that got in.
  electron.session.defaultSession.setPermissionRequestHandler(permissionRequestHandler);
  electron.session.defaultSession.setPermissionCheckHandler(() => false);
  // PITCHSIDE_SCENE (set by npm start's --scene/--no-scene) picks the scene; empty means none.
  const scene = process.env.PITCHSIDE_SCENE ?? join(dataRoot, DEFAULT_SCENE);
  const window = new BrowserWindow(windowOptions(files.preload));
  // File → Open log / Open scene show Electron's own dialog.
  const chooseFile = async (purpose: FilePurpose): Promise<string | undefined> => {
    const extensions = FILE_EXTENSIONS[purpose].map((e) => e.slice(1));
    const chosen = await electron.dialog.showOpenDialog(window, {
      title: purpose === 'scene' ? 'Open scene' : 'Open log',
      properties: ['openFile'],
      filters: [{ name: purpose === 'scene' ? 'Scenes' : 'Logs', extensions }],
      defaultPath: join(dataRoot, purpose === 'scene' ? 'scenes' : ''),
    });
    return chosen.canceled ? undefined : chosen.filePaths[0];
  };
  const session = createDefaultSession({
    mode: 'electron',
    rootDir: dataRoot,
    settingsDir: app.getPath('userData'),
    version: app.getVersion(),
    sceneFile: scene || undefined,
    // PITCHSIDE_QUEUE (npm start's --queue): the job queue of the console's test campaigns.
    queue: process.env.PITCHSIDE_QUEUE || undefined,
    // PITCHSIDE_EXTERNAL and PITCHSIDE_NET (npm start's --external and --net): a mixed game's external robots.
    external: process.env.PITCHSIDE_EXTERNAL ? process.env.PITCHSIDE_EXTERNAL.split(',') : undefined,
    externalNet: process.env.PITCHSIDE_NET ? Number(process.env.PITCHSIDE_NET) : undefined,
    chooseFile,
  });
  session.start();
  // No popups and no navigation away from the renderer: other pages must never get the bridge.
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  const stayInRenderer = (event: { preventDefault(): void }, url: string) => {
    if (!navigationAllowed(url)) event.preventDefault();
  };
  window.webContents.on('will-navigate', stayInRenderer);
  window.webContents.on('will-redirect', stayInRenderer);
  const detach = attachIpcBridge(electron, session, window.webContents);
  window.once('ready-to-show', () => window.show());
  window.on('closed', () => detach());
  await window.loadURL(`${RENDERER_ORIGIN}/index.html`);
  app.on('window-all-closed', () => {
    void session.dispose().finally(() => app.quit());
  });
});
