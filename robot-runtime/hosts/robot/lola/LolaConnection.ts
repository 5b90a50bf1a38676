/**
 * @file The main thread's side of LoLA (formats §9.1): connects to the Unix socket (with retries), cuts the byte
 * stream into packets, reads each into the shared sensor vector, and sends an actuator packet whenever the
 * Motion thread has published new values. Reports the link going down, and a chest button held long enough.
 */
import { EventEmitter } from 'node:events';
import net from 'node:net';
import { ActuatorPacket, ACTUATOR_VECTOR_SIZE } from './ActuatorPacket';
import { TOUCH_CHEST } from './lolaNames';
import { LinkState, LolaShared } from './LolaShared';
import { INCOMPLETE, LolaFormatError, valueEnd } from './msgpackScan';
import { SENSOR_BASE, SENSOR_VECTOR_SIZE, SensorReader } from './SensorLayout';
import type { SharedCycleClock } from '../workers/threadClocks';

/** Connection settings. */
export interface LolaConnectionOptions {
  /** Socket path (default /tmp/robocup). */
  path?: string;
  /** Give up connecting after this long (ms). */
  connectTimeoutMs?: number;
  /** Delay between connection attempts (ms). */
  retryMs?: number;
  /** Holding the chest button this long requests a shutdown (ms). */
  chestButtonHoldMs?: number;
  /** The program's time when it counts LoLA cycles (a simulator in lock-step): advanced with every packet. */
  cycleClock?: SharedCycleClock;
}

/** Events: `packet` (count), `lost` (reason), `formatError` (message), `chestButton` (held ms). */
export interface LolaConnectionEvents {
  packet: [count: number];
  lost: [reason: string];
  formatError: [message: string];
  chestButton: [heldMs: number];
}

/** Largest amount of unparsed bytes kept while waiting for a packet to complete (LoLA's are < 1 kB). */
const MAX_PENDING = 64 * 1024;

/** The LoLA client. */
export class LolaConnection extends EventEmitter<LolaConnectionEvents> {
  readonly shared = new LolaShared();
  private socket: net.Socket | undefined;
  private pending = new Uint8Array(0);
  private readonly reader = new SensorReader();
  private readonly sensors = new Float64Array(SENSOR_VECTOR_SIZE);
  private readonly actuators = new Float32Array(ACTUATOR_VECTOR_SIZE);
  private readonly packet = new ActuatorPacket();
  private stopped = false;
  private chestPressedSince: number | undefined;
  private chestReported = false;
  /** Packets received. */
  packets = 0;
  /** Actuator packets sent. */
  sent = 0;
  /** Strings of the first packet (RobotConfig: body id, body version, head id, head version). */
  strings: Readonly<Record<string, readonly string[]>> = {};

  constructor(private readonly options: LolaConnectionOptions = {}) {
    super();
  }

  /** Connects, retrying until the timeout; resolves once the first sensor packet has been read. */
  async connect(): Promise<void> {
    const path = this.options.path ?? '/tmp/robocup';
    const deadline = Date.now() + (this.options.connectTimeoutMs ?? 10_000);
    for (;;) {
      try {
        this.socket = await new Promise<net.Socket>((resolve, reject) => {
          const s = net.connect(path);
          s.once('connect', () => resolve(s));
          s.once('error', reject);
        });
        break;
      } catch (e) {
        if (Date.now() >= deadline || this.stopped)
          throw new Error(`cannot connect to LoLA at ${path}: ${(e as Error).message}`);
        await new Promise((r) => setTimeout(r, this.options.retryMs ?? 250));
      }
    }
    const socket = this.socket;
    const first = new Promise<void>((resolve, reject) => {
      this.once('packet', () => resolve());
      this.once('lost', (reason) => reject(new Error(`LoLA closed before the first packet: ${reason}`)));
    });
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', (e) => this.lose(e.message));
    socket.on('close', () => this.lose('connection closed'));
    void this.sendLoop();
    await first;
    this.shared.setLinkState(LinkState.up);
  }

  /** Closes the connection without reporting it as lost. */
  close(): void {
    this.stopped = true;
    this.shared.setLinkState(LinkState.closed);
    this.socket?.destroy();
  }

  private lose(reason: string): void {
    if (this.stopped) return;
    this.stopped = true;
    this.shared.setLinkState(LinkState.lost);
    this.emit('lost', reason);
  }

  private receive(chunk: Uint8Array): void {
    const data = this.pending.length ? concat(this.pending, chunk) : chunk;
    let pos = 0;
    while (pos < data.length) {
      const expected = this.reader.expectedLength;
      let end: number;
      try {
        // The usual case: the next bytes have the known shape; otherwise find where the map ends.
        if (
          expected !== undefined &&
          pos + expected <= data.length &&
          this.reader.matches(data.subarray(pos, pos + expected))
        )
          end = pos + expected;
        else end = valueEnd(data, pos);
        if (end === INCOMPLETE) break;
        const packet = data.subarray(pos, end);
        this.reader.read(packet, this.sensors);
        pos = end;
        this.accept();
      } catch (e) {
        if (!(e instanceof LolaFormatError)) throw e;
        // The stream cannot be trusted from here: drop what is buffered and start again with the next chunk.
        this.emit('formatError', e.message);
        pos = data.length;
      }
    }
    this.pending = pos < data.length ? data.slice(pos) : new Uint8Array(0);
    if (this.pending.length > MAX_PENDING) {
      this.emit('formatError', `${this.pending.length} bytes without a complete LoLA packet`);
      this.pending = new Uint8Array(0);
    }
  }

  private accept(): void {
    this.packets++;
    if (this.packets === 1) this.strings = this.reader.strings;
    // Before the packet is published, so the Motion thread never reads a packet with the time of the one before.
    this.options.cycleClock?.setCycles(this.packets);
    this.shared.writeSensors(this.sensors, performance.timeOrigin + performance.now());
    this.watchChestButton();
    this.emit('packet', this.packets);
  }

  private watchChestButton(): void {
    const pressed = this.sensors[SENSOR_BASE.Touch + TOUCH_CHEST]! > 0.5;
    const now = performance.now();
    if (!pressed) {
      this.chestPressedSince = undefined;
      this.chestReported = false;
      return;
    }
    this.chestPressedSince ??= now;
    const held = now - this.chestPressedSince;
    if (!this.chestReported && held >= (this.options.chestButtonHoldMs ?? 3000)) {
      this.chestReported = true;
      this.emit('chestButton', held);
    }
  }

  /** Sends an actuator packet for every new actuator vector the Motion thread publishes. */
  private async sendLoop(): Promise<void> {
    let seen = this.shared.actuatorSequence;
    while (!this.stopped) {
      const sequence = await this.shared.waitForActuators(seen, 200);
      if (sequence === seen || sequence & 1 || this.stopped) continue;
      seen = sequence;
      this.shared.readActuators(this.actuators);
      this.packet.setAll(this.actuators);
      // A copy: the template is patched again next frame while the socket may still hold this buffer.
      this.socket?.write(this.packet.bytes.slice());
      this.sent++;
    }
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
