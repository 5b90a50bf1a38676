/**
 * @file Serves the built renderer on the `pitchside-app://renderer/` scheme with the CSP as a response header
 * (a header cannot be removed by page content, unlike a meta tag).
 */
import { readStatic } from '../host/serving/staticFiles';
import type { ElectronMain } from './electronApi';
import { CONTENT_SECURITY_POLICY, RENDERER_SCHEME } from './windowConfig';

/** Must run before the app is ready: makes the scheme standard and secure so workers and fetch work on it. */
export function registerRendererScheme(electron: Pick<ElectronMain, 'protocol'>): void {
  electron.protocol.registerSchemesAsPrivileged([
    { scheme: RENDERER_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/** Answers requests on the scheme from `staticRoot`. */
export function serveRenderer(electron: Pick<ElectronMain, 'protocol'>, staticRoot: string): void {
  electron.protocol.handle(RENDERER_SCHEME, async (request) => {
    const url = new URL(request.url);
    const file = await readStatic(staticRoot, url.pathname === '/' ? '/index.html' : url.pathname);
    if (!file) return new Response('Not Found', { status: 404 });
    return new Response(new Uint8Array(file.body), {
      headers: {
        'Content-Type': file.contentType,
        'Content-Security-Policy': CONTENT_SECURITY_POLICY,
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });
}
