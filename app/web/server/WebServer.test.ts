import { mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MemoryFiles } from '../../host/console/files';
import { HostSession } from '../../host/session/HostSession';
import { MemoryLayoutStore } from '../../host/session/LayoutStore';
import { startWebServer, type RunningWebServer } from './WebServer';

/** A GET with exactly the given headers; resolves with status and headers. */
function get(
  port: number,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Opens a WebSocket; resolves with the socket once open, or the HTTP status it was refused with. */
function openSocket(url: string, origin?: string, host?: string): Promise<WebSocket | number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { ...(origin ? { origin } : {}), ...(host ? { headers: { Host: host } } : {}) });
    ws.on('open', () => resolve(ws));
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('error', () => resolve(-1));
  });
}

describe('browser-mode server', () => {
  let server: RunningWebServer;
  let session: HostSession;
  let hostHeader: string;

  beforeAll(async () => {
    const root = mkdtempSync(join(tmpdir(), 'pitchside-static-'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>t</title>');
    writeFileSync(join(root, 'app.js'), 'console.log(1)');
    session = new HostSession({
      mode: 'browser',
      files: new MemoryFiles(),
      layouts: new MemoryLayoutStore(),
      providers: [],
      scene: 'test',
    });
    server = await startWebServer({ staticRoot: root, host: session });
    hostHeader = `127.0.0.1:${server.port}`;
  });
  afterAll(async () => {
    await server.close();
    await session.dispose();
  });

  it('binds to loopback and prints a URL carrying the token', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/?token=${server.token}`);
    expect(server.token.length).toBeGreaterThanOrEqual(20);
  });

  it('needs the token however the path of the page is spelled (finding 12)', async () => {
    for (const path of [
      '/%69ndex.html',
      '/index%2ehtml',
      '/assets/..%2findex.html',
      '/./index.html',
      '//index.html',
      '/app.js/../index.html',
    ]) {
      const response = await get(server.port, path, { Host: hostHeader });
      expect(response.status, path).toBe(403);
      expect(response.body, path).not.toContain('<title>');
    }
    expect((await get(server.port, `/%69ndex.html?token=${server.token}`, { Host: hostHeader })).status).toBe(200);
  });

  it('serves the page only with the token, with security headers', async () => {
    expect((await get(server.port, '/', { Host: hostHeader })).status).toBe(403);
    expect((await get(server.port, '/?token=wrong', { Host: hostHeader })).status).toBe(403);
    const ok = await get(server.port, `/?token=${server.token}`, { Host: hostHeader });
    expect(ok.status).toBe(200);
    expect(ok.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(ok.headers['referrer-policy']).toBe('no-referrer');
    expect((await get(server.port, `/?token=${server.token}`, { Host: `localhost:${server.port}` })).status).toBe(200);
  });

  it('refuses requests for another Host (DNS rebinding)', async () => {
    expect((await get(server.port, `/?token=${server.token}`, { Host: `evil.example:${server.port}` })).status).toBe(
      403,
    );
    expect((await get(server.port, '/app.js', { Host: 'evil.example' })).status).toBe(403);
    expect((await get(server.port, '/app.js', { Host: hostHeader })).status).toBe(200);
  });

  it('never serves files outside the build directory', async () => {
    expect((await get(server.port, '/%2e%2e/%2e%2e/etc/passwd', { Host: hostHeader })).status).toBe(404);
    expect((await get(server.port, '/..%2f..%2fetc%2fpasswd', { Host: hostHeader })).status).toBe(404);
  });

  it('gives bulk responses only with the token, once, to GET', async () => {
    const path = `/bridge/bulk/${'0'.repeat(32)}`;
    expect((await get(server.port, path, { Host: hostHeader })).status).toBe(403);
    expect((await get(server.port, `${path}?token=wrong`, { Host: hostHeader })).status).toBe(403);
    const unknown = await get(server.port, `${path}?token=${server.token}`, { Host: hostHeader });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatch(/fetched already or expired/);
    expect(
      (await get(server.port, `${path}?token=${server.token}`, { Host: `evil.example:${server.port}` })).status,
    ).toBe(403);
  });

  it('rejects WebSockets without the token, with a foreign or missing Origin, or a foreign Host', async () => {
    const base = `ws://127.0.0.1:${server.port}/bridge`;
    expect(await openSocket(base, server.origin)).toBe(403);
    expect(await openSocket(`${base}?token=wrong`, server.origin)).toBe(403);
    expect(await openSocket(`${base}?token=${server.token}`, 'http://evil.example')).toBe(403);
    expect(await openSocket(`${base}?token=${server.token}`, `http://127.0.0.1:${server.port + 1}`)).toBe(403);
    expect(await openSocket(`${base}?token=${server.token}`)).toBe(403);
    expect(await openSocket(`${base}?token=${server.token}`, server.origin, `evil.example:${server.port}`)).toBe(403);
  });

  it('carries bridge requests, responses and events for a client with token and own Origin', async () => {
    const ws = await openSocket(`ws://127.0.0.1:${server.port}/bridge?token=${server.token}`, server.origin);
    expect(ws).toBeInstanceOf(WebSocket);
    const socket = ws as WebSocket;
    const frames: { kind: string; id?: number; channel?: string; payload?: unknown; ok?: boolean; error?: string }[] =
      [];
    socket.on('message', (d) => frames.push(JSON.parse(String(d))));
    socket.send(
      JSON.stringify({ kind: 'request', id: 1, channel: 'pitchside:console.run', payload: { line: 'echo hello' } }),
    );
    socket.send(JSON.stringify({ kind: 'request', id: 2, channel: 'pitchside:not.a.channel', payload: {} }));
    socket.send(JSON.stringify({ kind: 'request', id: 3, channel: 'pitchside:console.run', payload: { line: 42 } }));
    await expect.poll(() => frames.filter((f) => f.kind === 'response').length).toBe(3);
    expect(frames).toContainEqual({
      kind: 'event',
      channel: 'pitchside:console.output',
      payload: { text: 'hello', seq: expect.any(Number) },
    });
    expect(frames).toContainEqual({ kind: 'response', id: 1, ok: true, payload: { accepted: true } });
    expect(frames.find((f) => f.id === 2)).toMatchObject({ ok: false, error: expect.stringMatching(/not allowed/) });
    expect(frames.find((f) => f.id === 3)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/line must be string/),
    });
    socket.close();
  });
});
