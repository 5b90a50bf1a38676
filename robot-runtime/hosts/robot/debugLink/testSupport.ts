import { connect, type Socket } from 'node:net';
import { PacketReader } from '../../node/debugLink/PacketReader';

/**
 * A bare TCP peer for debug-link tests: writes raw bytes and collects whole packets, so tests can check the wire
 * exactly and misbehave on purpose. Test support only (imported by *.test.ts files).
 */
export class RawPeer {
  readonly packets: Uint8Array[] = [];
  closed = false;
  /** Answer every packet with a heartbeat, as a console does. */
  answering = false;

  private constructor(readonly socket: Socket) {
    const reader = new PacketReader({
      packet: (p) => {
        this.packets.push(Uint8Array.from(p));
        if (this.answering && !this.closed) socket.write(new Uint8Array(4));
      },
      readDone: () => undefined,
      failed: () => undefined,
    });
    socket.on('data', (chunk: Buffer) => reader.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => (this.closed = true));
  }

  /** Connects to 127.0.0.1:port. */
  static open(port: number): Promise<RawPeer> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port }, () => resolve(new RawPeer(socket)));
      socket.once('error', reject);
    });
  }

  /** Writes raw bytes (framing is the caller's business: tests send malformed streams). */
  write(bytes: Uint8Array): void {
    this.socket.write(bytes);
  }

  /** Drops the connection abruptly. */
  close(): void {
    this.socket.destroy();
  }
}

/**
 * Polls `predicate` every 2 ms until it holds; rejects after `timeoutMs`. The limit only ends a wait that would
 * never end: on a loaded machine (load average 20 to 30 on two cores) what takes milliseconds idle takes seconds.
 */
export function waitUntil(predicate: () => boolean, timeoutMs = 60_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + timeoutMs;
    const timer = setInterval(() => {
      if (predicate()) {
        clearInterval(timer);
        resolve();
      } else if (Date.now() > deadline) {
        clearInterval(timer);
        reject(new Error(`condition not met within ${timeoutMs} ms`));
      }
    }, 2);
  });
}

/** Sleeps `ms` (to show that something does NOT happen). */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Bytes as spaced upper-case hex, for readable wire assertions. */
export function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0').toUpperCase()).join(' ');
}
