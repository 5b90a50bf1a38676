/**
 * @file Responses that carry bytes (camera images, meshes) leave the browser mode's WebSocket: the socket answers
 * with a one-time key and the page fetches the encoded response over HTTP (`GET /bridge/bulk/<key>`). Two things
 * depend on that. Events queued behind a 600 KB image in the socket wait for it (and are dropped once the socket
 * holds more than its bound), so the console and the 3-D view lagged behind a live image stream; and a
 * DevTools or Playwright client copies every WebSocket frame, in base64, into its own process, so a watched page
 * streaming images pushed 10 MB/s through the debugging channel, which fell minutes behind. HTTP bodies are
 * not copied there. What the store holds is bounded: a key lives once, for a short while, and the oldest
 * responses make room for new ones.
 */
import { randomBytes } from 'node:crypto';

/** Most responses kept at once (a page has at most one image request per view in flight). */
const MAX_ENTRIES = 64;
/** Most bytes kept at once. */
const MAX_BYTES = 64 * 1024 * 1024;
/** How long a response waits to be fetched (ms). */
const TTL_MS = 30_000;

interface Entry {
  readonly body: Uint8Array;
  readonly expires: number;
}

/** Encoded responses waiting to be fetched by key, each once. */
export class BulkResponses {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Keeps `body` and returns the key that fetches it. */
  put(body: Uint8Array): string {
    this.expire();
    while (this.entries.size > 0 && (this.entries.size >= MAX_ENTRIES || this.bytes + body.length > MAX_BYTES))
      this.remove(this.entries.keys().next().value!);
    const key = randomBytes(16).toString('hex');
    this.entries.set(key, { body, expires: this.now() + TTL_MS });
    this.bytes += body.length;
    return key;
  }

  /** The body under `key`, removed; undefined for an unknown, fetched, evicted or expired key. */
  take(key: string): Uint8Array | undefined {
    this.expire();
    const entry = this.entries.get(key);
    if (entry) this.remove(key);
    return entry?.body;
  }

  /** Bytes held now. */
  get heldBytes(): number {
    return this.bytes;
  }

  private expire(): void {
    const now = this.now();
    // Insertion order is expiry order: every entry lives TTL_MS.
    for (const [key, entry] of this.entries) {
      if (entry.expires > now) break;
      this.remove(key);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.body.length;
    this.entries.delete(key);
  }
}
