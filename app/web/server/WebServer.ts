/**
 * @file The browser mode's server: serves the built renderer and carries the bridge over a WebSocket, bound to
 * loopback by default, with responses that carry bytes fetched beside it (BulkResponses). Every request passes the
 * Host check; the page, the WebSocket and bulk responses also need the session token, and the WebSocket the
 * server's own Origin (security.ts says why). Refusals are plain 403s.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { BridgeHost } from '../../ipc/host';
import { BULK_PATH, MAX_WIRE_MESSAGE_BYTES } from '../../ipc/wire';
import { BulkResponses } from '../../host/serving/BulkResponses';
import { serveBridge } from './bridgeSocket';
import {
  allowedHosts,
  createToken,
  hostAllowed,
  hostPort,
  originAllowed,
  securityHeaders,
  tokenMatches,
} from '../../host/serving/security';
import { readStatic, resolveStaticPath } from '../../host/serving/staticFiles';

/** Path of the bridge WebSocket. */
export const BRIDGE_PATH = '/bridge';

/** Options of the server. */
export interface WebServerOptions {
  /** Directory of the built renderer (index.html and assets/). */
  readonly staticRoot: string;
  readonly host: BridgeHost;
  /** Address to bind; default 127.0.0.1 (loopback only). */
  readonly bindHost?: string;
  /** Port; 0 (default) picks a free one. */
  readonly port?: number;
  /** Session token; default a fresh random one. */
  readonly token?: string;
}

/** A running server. */
export interface RunningWebServer {
  /** The page URL including the token (what the user opens). */
  readonly url: string;
  readonly port: number;
  readonly token: string;
  /** `http://host:port`, the page's origin. */
  readonly origin: string;
  close(): Promise<void>;
}

function refuse(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...securityHeaders() });
  res.end(`${text}\n`);
}

function refuseUpgrade(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** Answers a fetch of a bulk response: once, with the token. */
function serveBulk(req: IncomingMessage, res: ServerResponse, url: URL, token: string, bulk: BulkResponses): void {
  if (req.method !== 'GET') return refuse(res, 405, 'Method Not Allowed');
  if (!tokenMatches(token, url.searchParams.get('token'))) return refuse(res, 403, 'Forbidden');
  const body = bulk.take(url.pathname.slice(BULK_PATH.length));
  if (!body) return refuse(res, 404, 'Not Found: the response was fetched already or expired');
  res.writeHead(200, {
    'Content-Type': 'application/octet-stream',
    'Content-Length': body.length,
    ...securityHeaders(),
  });
  res.end(body);
}

/** Starts the server; resolves once it listens. */
export async function startWebServer(options: WebServerOptions): Promise<RunningWebServer> {
  const bindHost = options.bindHost ?? '127.0.0.1';
  const token = options.token ?? createToken();
  let allowed = new Set<string>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_WIRE_MESSAGE_BYTES });
  const bulk = new BulkResponses();
  wss.on('connection', (socket) => serveBridge(socket, options.host, bulk));

  const onRequest = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!hostAllowed(req.headers.host, allowed)) return refuse(res, 403, 'Forbidden: unknown Host');
    if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'Method Not Allowed');
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname.startsWith(BULK_PATH)) return serveBulk(req, res, url, token, bulk);
    // The page is recognized by the file a path resolves to, not by its spelling (`/%69ndex.html`,
    // `/assets/..%2findex.html` name the same file and must need the token too).
    const indexFile = resolveStaticPath(options.staticRoot, '/index.html');
    const isPage = url.pathname === '/' || resolveStaticPath(options.staticRoot, url.pathname) === indexFile;
    if (isPage && !tokenMatches(token, url.searchParams.get('token')))
      return refuse(res, 403, 'Forbidden: open the URL printed at start (it carries the session token)');
    const file = await readStatic(options.staticRoot, isPage ? '/index.html' : url.pathname);
    if (!file)
      return refuse(res, 404, isPage ? 'Not Found: the renderer is not built (npm run build:renderer)' : 'Not Found');
    res.writeHead(200, { 'Content-Type': file.contentType, 'Content-Length': file.body.length, ...securityHeaders() });
    res.end(req.method === 'HEAD' ? undefined : file.body);
  };

  const server: Server = createServer((req, res) => {
    onRequest(req, res).catch(() => refuse(res, 500, 'Internal Server Error'));
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== BRIDGE_PATH) return refuseUpgrade(socket, 404, 'Not Found');
    if (
      !hostAllowed(req.headers.host, allowed) ||
      !originAllowed(req.headers.origin, allowed) ||
      !tokenMatches(token, url.searchParams.get('token'))
    ) {
      return refuseUpgrade(socket, 403, 'Forbidden');
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, bindHost, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  allowed = allowedHosts(bindHost, port);
  const origin = `http://${hostPort(bindHost, port)}`;
  return {
    url: `${origin}/?token=${encodeURIComponent(token)}`,
    port,
    token,
    origin,
    close: async () => {
      for (const client of wss.clients) client.terminate();
      wss.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
