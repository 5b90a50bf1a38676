/**
 * @file A camera source that reads the image stream a simulator serves for an external robot (16-byte header,
 * then YUYV pixels; robot-runtime/protocol/imageStream) instead of a V4L2 device: the main thread owns the TCP
 * connection, checks each header (magic, 2 bytes per pixel, at most the NAO's largest image) before taking the
 * pixels, and publishes the newest image to the camera thread through shared memory. Reconnects while the stream
 * is away, as a NAO's camera provider resets a camera that stopped delivering.
 */
import { EventEmitter } from 'node:events';
import net from 'node:net';
import { decodeImageHeader, IMAGE_HEADER_BYTES } from '@robot-runtime/protocol/imageStream/imageStreamHeader';
import { CameraShared, MAX_IMAGE_HEIGHT, MAX_IMAGE_WIDTH } from './CameraShared';

/** Events: `image` (count), `problem` (message). */
export interface ImageStreamClientEvents {
  image: [count: number];
  problem: [message: string];
}

/** One camera's stream. */
export class ImageStreamClient extends EventEmitter<ImageStreamClientEvents> {
  readonly shared = new CameraShared();
  /** Images received. */
  images = 0;
  private socket: net.Socket | undefined;
  private stopped = false;
  private header = new Uint8Array(IMAGE_HEADER_BYTES);
  private headerFill = 0;
  private pixels: Uint8Array | undefined;
  private pixelFill = 0;
  private size = { width: 0, height: 0 };

  constructor(
    readonly host: string,
    readonly port: number,
    private readonly retryMs = 500,
  ) {
    super();
  }

  /** Connects (and reconnects whenever the stream ends) until stopped. */
  start(): void {
    if (this.stopped) return;
    const socket = net.connect(this.port, this.host);
    this.socket = socket;
    this.headerFill = 0;
    this.pixels = undefined;
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      if (!this.stopped) setTimeout(() => this.start(), this.retryMs);
    });
  }

  /** Stops reading. */
  stop(): void {
    this.stopped = true;
    this.socket?.destroy();
  }

  private receive(chunk: Uint8Array): void {
    let pos = 0;
    while (pos < chunk.length) {
      if (!this.pixels) {
        const n = Math.min(IMAGE_HEADER_BYTES - this.headerFill, chunk.length - pos);
        this.header.set(chunk.subarray(pos, pos + n), this.headerFill);
        this.headerFill += n;
        pos += n;
        if (this.headerFill < IMAGE_HEADER_BYTES) return;
        this.headerFill = 0;
        const h = decodeImageHeader(this.header);
        const problem = !h
          ? 'not an image stream (no wbimage magic)'
          : h.bytesPerPixel !== 2
            ? `${h.bytesPerPixel} bytes per pixel (YUYV has 2)`
            : h.width === 0 || h.height === 0 || h.width > MAX_IMAGE_WIDTH || h.height > MAX_IMAGE_HEIGHT || h.width & 1
              ? `an image of ${h.width}×${h.height} pixels`
              : undefined;
        if (problem || !h) {
          // The stream cannot be trusted from here on: start again on a new connection.
          this.emit('problem', `${this.host}:${this.port}: ${problem}`);
          this.socket?.destroy();
          return;
        }
        this.size = { width: h.width, height: h.height };
        this.pixels = new Uint8Array(h.width * h.height * 2);
        this.pixelFill = 0;
        continue;
      }
      const n = Math.min(this.pixels.length - this.pixelFill, chunk.length - pos);
      this.pixels.set(chunk.subarray(pos, pos + n), this.pixelFill);
      this.pixelFill += n;
      pos += n;
      if (this.pixelFill === this.pixels.length) {
        this.shared.write(this.size.width, this.size.height, this.pixels);
        this.pixels = undefined;
        this.emit('image', ++this.images);
      }
    }
  }
}
