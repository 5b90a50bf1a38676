/**
 * @file The Electron window's security settings as plain data, so a test can check them without Electron:
 * isolated and sandboxed renderer, no Node anywhere in it, web security on, and a strict CSP (docs/architecture.md, Security).
 */
import { contentSecurityPolicy } from '../host/serving/security';
import type { WebPreferences, WindowOptions } from './electronApi';

/** Scheme the renderer is served from (a privileged standard scheme: workers do not load from file://). */
export const RENDERER_SCHEME = 'pitchside-app';

/** Origin of the renderer; IPC from any other frame is refused. */
export const RENDERER_ORIGIN = `${RENDERER_SCHEME}://renderer`;

/** Set to `1` (tests, machines without a GPU) to allow SwiftShader, the software WebGL that needs an unsafe switch. */
export const SOFTWARE_GL_VARIABLE = 'PITCHSIDE_SOFTWARE_GL';

/**
 * Command-line switches set before the app is ready. WebGL without a GPU needs SwiftShader, which Chromium only
 * allows with `enable-unsafe-swiftshader` (it weakens the GPU process' sandboxing), so only when asked for.
 */
export function appSwitches(env: Readonly<Record<string, string | undefined>>): string[] {
  return env[SOFTWARE_GL_VARIABLE] === '1' ? ['enable-unsafe-swiftshader'] : [];
}

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

/** Whether the window may navigate (or be redirected) to `url`: only within the renderer's exact origin. */
export function navigationAllowed(url: string): boolean {
  return isRendererUrl(url);
}

/** Answers every permission request (camera, notifications, geolocation, …): the renderer needs none. */
export function permissionRequestHandler(
  _contents: unknown,
  _permission: string,
  grant: (granted: boolean) => void,
): void {
  grant(false);
}
