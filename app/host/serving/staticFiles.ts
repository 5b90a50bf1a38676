/**
 * @file Serving the built renderer: maps a URL path to a file under the build directory, never outside it.
 */
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

/** A file to send. */
export interface StaticFile {
  readonly body: Buffer;
  readonly contentType: string;
}

/** The absolute path `urlPath` stands for under `root`, or undefined when it would leave `root`. */
export function resolveStaticPath(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const full = normalize(join(root, decoded));
  const base = normalize(root.endsWith(sep) ? root : root + sep);
  return full.startsWith(base) ? full : undefined;
}

/** Reads the file for `urlPath`, or undefined when there is none. */
export async function readStatic(root: string, urlPath: string): Promise<StaticFile | undefined> {
  const path = resolveStaticPath(root, urlPath);
  if (path === undefined) return undefined;
  try {
    if (!(await stat(path)).isFile()) return undefined;
    return {
      body: await readFile(path),
      contentType: CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
    };
  } catch {
    return undefined;
  }
}
