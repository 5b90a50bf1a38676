import { describe, expect, it } from 'vitest';
import { APP_SWITCHES, CONTENT_SECURITY_POLICY, isRendererUrl, RENDERER_ORIGIN, windowOptions } from './windowConfig';

/** The CSP as directive -> sources. */
function directives(csp: string): Map<string, string[]> {
  return new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...sources]) => [name!, sources]));
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

  it('allows SwiftShader so WebGL works without a GPU', () => {
    expect(APP_SWITCHES).toContain('enable-unsafe-swiftshader');
  });

  it('accepts IPC only from the renderer origin', () => {
    expect(isRendererUrl(`${RENDERER_ORIGIN}/index.html`)).toBe(true);
    expect(isRendererUrl('https://example.com/')).toBe(false);
    expect(isRendererUrl(`${RENDERER_ORIGIN}.evil.com/`)).toBe(false);
    expect(isRendererUrl(undefined)).toBe(false);
  });
});
