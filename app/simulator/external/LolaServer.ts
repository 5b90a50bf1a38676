/**
 * @file The LoLA side of one external robot (formats §9.1): the simulator listens where a NAO's LoLA daemon does
 * (a Unix stream socket) and on a TCP port, for programs that cannot reach a Unix socket (another machine, a
 * container). One program at a time drives the robot, as on a NAO; a second connection is refused and reported.
 * Each sensor map goes to the connected program; each actuator map it sends is cut out of the stream, checked and
 * reported. A connection whose stream breaks (undefined bytes, an oversized map) is closed; a malformed but
 * well-framed map is reported and ignored.
 */
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ActuatorMapError, ActuatorStream, parseActuatorMap, type ActuatorValues } from './lolaActuatorMap';

/** Events of a LoLA server. */
export interface LolaServerEvents {
  /** A program connected (over `via`). */
  connected: [via: 'unix' | 'tcp'];
  /** The program's connection ended. */
  disconnected: [reason: string];
  /** An actuator map arrived. */
  actuators: [values: ActuatorValues];
  /** Something the user should know (refused connection, malformed map). */
  problem: [message: string];
}

/** Most bytes of sensor maps allowed to wait unsent for a program that does not read (about 20 maps). */
const MAX_UNSENT = 16 * 1024;

/** One robot's LoLA endpoint. */
export class LolaServer extends EventEmitter<LolaServerEvents> {
  private readonly unix = net.createServer((s) => this.accept(s, 'unix'));
  private readonly tcp = net.createServer((s) => this.accept(s, 'tcp'));
  private program: net.Socket | undefined;
  /** Sensor maps dropped because the program did not read them. */
  droppedSensorMaps = 0;

  constructor(readonly socketPath: string) {
    super();
  }

  /** Listens on the Unix socket and on `host:port` (0: any free port); resolves with the TCP port. */
  async listen(host: string, port: number): Promise<number> {
    fs.mkdirSync(path.dirname(this.socketPath), { recursive: true });
    fs.rmSync(this.socketPath, { force: true });
    await listenOn(this.unix, (cb) => this.unix.listen(this.socketPath, cb));
    await listenOn(this.tcp, (cb) => this.tcp.listen(port, host, cb));
    return (this.tcp.address() as net.AddressInfo).port;
  }

  /** Whether a program is connected. */
  get connected(): boolean {
    return this.program !== undefined;
  }

  /** Sends a sensor map to the program, unless it has not read the previous ones. */
  send(map: Uint8Array): void {
    const socket = this.program;
    if (!socket) return;
    if (socket.writableLength > MAX_UNSENT) {
      this.droppedSensorMaps++;
      return;
    }
    socket.write(map);
  }

  /** Closes the program's connection (it is reported as `reason`). */
  disconnect(reason: string): void {
    const socket = this.program;
    if (!socket) return;
    this.program = undefined;
    socket.destroy();
    this.emit('disconnected', reason);
  }

  /** Closes everything and removes the socket file. */
  async close(): Promise<void> {
    const socket = this.program;
    this.program = undefined;
    socket?.destroy();
    await Promise.all([this.unix, this.tcp].map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
    fs.rmSync(this.socketPath, { force: true });
  }

  private accept(socket: net.Socket, via: 'unix' | 'tcp'): void {
    if (this.program) {
      this.emit('problem', `a second program tried to connect over ${via}; refused (one program drives a robot)`);
      socket.destroy();
      return;
    }
    this.program = socket;
    if (via === 'tcp') socket.setNoDelay(true);
    const stream = new ActuatorStream();
    socket.on('data', (chunk: Buffer) => {
      if (this.program !== socket) return;
      let packets: Uint8Array[];
      try {
        packets = stream.push(chunk);
      } catch (e) {
        if (!(e instanceof ActuatorMapError)) throw e;
        this.emit('problem', `closed the connection: ${e.message}`);
        this.disconnect('its stream was not LoLA msgpack');
        return;
      }
      for (const packet of packets) {
        try {
          this.emit('actuators', parseActuatorMap(packet));
        } catch (e) {
          if (!(e instanceof ActuatorMapError)) throw e;
          this.emit('problem', `ignored a malformed actuator map: ${e.message}`);
        }
      }
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      if (this.program !== socket) return;
      this.program = undefined;
      this.emit('disconnected', 'the program closed the connection');
    });
    this.emit('connected', via);
  }
}

function listenOn(server: net.Server, start: (cb: () => void) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    start(() => {
      server.off('error', reject);
      resolve();
    });
  });
}
