/**
 * @file The Electron window's security settings as plain data, so a test can check them without Electron:
 * isolated and sandboxed renderer, no Node anywhere in it, web security on, and a strict CSP (DESIGN.md, Security).
 */
import { contentSecurityPolicy } from '../host/serving/security';
import type { WebPreferences, WindowOptions } from './electronApi';

/** Scheme the renderer is served from (a privileged standard scheme: workers do not load from file://). */
export const RENDERER_SCHEME = 'pitchside-app';

/** Origin of the renderer; IPC from any other frame is refused. */
export const RENDERER_ORIGIN = `${RENDERER_SCHEME}://renderer`;

/** Command-line switches set before the app is ready. WebGL without a GPU needs SwiftShader allowed. */
export const APP_SWITCHES: readonly string[] = ['enable-unsafe-swiftshader'];

/** The renderer's Content-Security-Policy: the browser mode's (no inline script, no eval, nothing foreign). */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/** The window's web preferences with the preload at `preloadPath`. */
export function webPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    spellcheck: false,
  };
}

/** The main window's options. */
export function windowOptions(preloadPath: string): WindowOptions {
  return {
    width: 1440,
    height: 900,
    minWidth: 800,
    minHeight: 500,
    title: 'Pitchside',
    backgroundColor: '#1e1e1e',
    show: false,
    webPreferences: webPreferences(preloadPath),
  };
}

/** Whether a frame URL belongs to our renderer (IPC from anything else is refused). */
export function isRendererUrl(url: string | undefined): boolean {
  return url !== undefined && (url === RENDERER_ORIGIN || url.startsWith(`${RENDERER_ORIGIN}/`));
}
