import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  appSwitches,
  CONTENT_SECURITY_POLICY,
  isRendererUrl,
  navigationAllowed,
  permissionRequestHandler,
  RENDERER_ORIGIN,
  SOFTWARE_GL_VARIABLE,
  windowOptions,
} from './windowConfig';

/** The CSP as directive -> sources. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('Electron window configuration', () => {
  const prefs = windowOptions('/app/out/preload/index.cjs').webPreferences;

  it('isolates and sandboxes the renderer and keeps Node out of it', () => {
    expect(prefs.contextIsolation).toBe(true);
    expect(prefs.sandbox).toBe(true);
    expect(prefs.nodeIntegration).toBe(false);
    expect(prefs.nodeIntegrationInWorker).toBe(false);
    expect(prefs.nodeIntegrationInSubFrames).toBe(false);
    expect(prefs.webSecurity).toBe(true);
    expect(prefs.allowRunningInsecureContent).toBe(false);
    expect(prefs.webviewTag).toBe(false);
    expect(prefs.preload).toBe('/app/out/preload/index.cjs');
  });

  it('has a strict CSP: own scripts only, no inline script, no eval, no plugins, no framing', () => {
    const csp = directives(CONTENT_SECURITY_POLICY);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
  });

  it('allows the unsafe SwiftShader switch only when asked for (tests, no GPU) (finding 13)', () => {
    expect(appSwitches({})).not.toContain('enable-unsafe-swiftshader');
    expect(appSwitches({ [SOFTWARE_GL_VARIABLE]: '1' })).toContain('enable-unsafe-swiftshader');
  });

  it('lets the window navigate or be redirected only within the exact renderer origin (finding 13)', () => {
    expect(navigationAllowed(`${RENDERER_ORIGIN}/index.html`)).toBe(true);
    expect(navigationAllowed('pitchside-app://renderer.evil/')).toBe(false);
    expect(navigationAllowed('pitchside-app://renderer@evil/')).toBe(false);
    expect(navigationAllowed('https://example.com/')).toBe(false);
  });

  it('denies every permission request (finding 13)', () => {
    const answers: boolean[] = [];
    for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read', 'openExternal'])
      permissionRequestHandler({}, permission, (granted) => answers.push(granted));
    expect(answers).toEqual([false, false, false, false, false]);
  });

  it('sets the Electron fuses in the packaging configuration (finding 13)', () => {
    const config = readFileSync(new URL('../../electron-builder.yml', import.meta.url), 'utf8');
    const fuses = config.slice(config.indexOf('electronFuses:'));
    for (const [fuse, value] of Object.entries({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    })) {
      expect(fuses).toMatch(new RegExp(`\\n  ${fuse}: ${value}\\n`));
    }
  });

  it('accepts IPC only from the renderer origin', () => {
    expect(isRendererUrl(`${RENDERER_ORIGIN}/index.html`)).toBe(true);
    expect(isRendererUrl('https://example.com/')).toBe(false);
    expect(isRendererUrl(`${RENDERER_ORIGIN}.evil.com/`)).toBe(false);
    expect(isRendererUrl(undefined)).toBe(false);
  });
});
