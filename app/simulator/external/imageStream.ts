/**
 * @file The camera image streams of an external robot, in the format Bembelbots' Webots controller serves and
 * teams' camera backends read (per image a 16-byte header, then the raw YUYV image; the header's layout is in
 * robot-runtime/protocol/imageStream/imageStreamHeader.ts and docs/simulation.md). One TCP server per camera. A
 * reader gets the newest image: while one still waits unsent in its socket, further images for that reader are
 * dropped and counted, so a slow reader costs one image of memory, never a queue.
 */
import { EventEmitter } from 'node:events';
import net from 'node:net';
import { encodeImageHeader } from '@robot-runtime/protocol/imageStream/imageStreamHeader';

/** Events: `reader` (connected count) when a reader comes or goes. */
export interface ImageStreamEvents {
  reader: [count: number];
}

/** One camera's image server. */
export class ImageStreamServer extends EventEmitter<ImageStreamEvents> {
  private readonly server = net.createServer((socket) => this.accept(socket));
  private readonly readers = new Set<net.Socket>();
  /**
   * Images handed to readers' sockets, images dropped for slow readers, and the most bytes that ever waited unsent
   * in one reader's socket (at most one image and its header).
   */
  readonly counters = { sent: 0, dropped: 0, maxQueued: 0 };

  constructor(readonly camera: number) {
    super();
  }

  /** Listens on `host:port` (0: any free port); resolves with the port. */
  listen(host: string, port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve((this.server.address() as net.AddressInfo).port);
      });
    });
  }

  /** Whether anybody reads (the simulator renders only then). */
  get hasReaders(): boolean {
    return this.readers.size > 0;
  }

  /** Sends a YUYV image to every reader that has taken the previous one. */
  send(tick: number, width: number, height: number, image: Uint8Array): void {
    if (this.readers.size === 0) return;
    const header = encodeImageHeader({ tick, camera: this.camera, bytesPerPixel: 2, width, height });
    for (const socket of this.readers) {
      // Anything still unsent means the reader has not taken the last image: drop this one for it.
      if (socket.writableLength > 0) {
        this.counters.dropped++;
        continue;
      }
      socket.cork();
      socket.write(header);
      socket.write(image);
      socket.uncork();
      this.counters.sent++;
      this.counters.maxQueued = Math.max(this.counters.maxQueued, socket.writableLength);
    }
  }

  /** Closes every reader and the server. */
  close(): Promise<void> {
    for (const s of this.readers) s.destroy();
    this.readers.clear();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private accept(socket: net.Socket): void {
    socket.setNoDelay(true);
    this.readers.add(socket);
    this.emit('reader', this.readers.size);
    // Readers send nothing; whatever they do send is discarded.
    socket.on('data', () => {});
    socket.on('error', () => {});
    socket.on('close', () => {
      this.readers.delete(socket);
      this.emit('reader', this.readers.size);
    });
  }
}
