/**
 * @file The browser mode's guards (docs/architecture.md, Security). A page on any website can make the user's browser talk
 * to a loopback port, so the server accepts only: requests whose Host header names the server itself (which
 * defeats DNS rebinding), WebSocket upgrades whose Origin is the server's own page, and only clients that know the
 * per-session random token printed at start.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh session token (URL-safe, 128 bits of randomness). */
export function createToken(): string {
  return randomBytes(16).toString('base64url');
}

/** Compares tokens in constant time, so response timing does not leak how much of a guess was right. */
export function tokenMatches(expected: string, given: string | null | undefined): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `host:port` as it appears in a Host header (IPv6 addresses in brackets). */
export function hostPort(host: string, port: number): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/**
 * Host header values that name this server: the bound address, and `localhost` when bound to loopback (the
 * printed URL may be opened either way).
 */
export function allowedHosts(boundHost: string, port: number): Set<string> {
  const hosts = new Set([hostPort(boundHost, port)]);
  if (boundHost === '127.0.0.1' || boundHost === '::1' || boundHost === 'localhost') {
    for (const h of ['localhost', '127.0.0.1', '::1']) hosts.add(hostPort(h, port));
  }
  return hosts;
}

/** True when the Host header is one of `allowed` (case-insensitively; a missing header is refused). */
export function hostAllowed(header: string | undefined, allowed: ReadonlySet<string>): boolean {
  return header !== undefined && allowed.has(header.toLowerCase());
}

/** True when the Origin header is this server's own origin (http://<allowed host>). */
export function originAllowed(header: string | undefined, allowed: ReadonlySet<string>): boolean {
  if (header === undefined) return false;
  const match = /^http:\/\/([^/]+)$/i.exec(header);
  return match !== null && allowed.has(match[1]!.toLowerCase());
}

/**
 * The page's Content-Security-Policy: only our own scripts (no inline script, no eval), our own WebSocket,
 * workers from our own origin or blob URLs (Monaco), inline styles (Monaco and the docking library set them).
 */
export function contentSecurityPolicy(): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** Headers every response carries. The token travels in the URL, so no Referer may ever carry it elsewhere. */
export function securityHeaders(): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(),
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cache-Control': 'no-store',
  };
}
