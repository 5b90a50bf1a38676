/**
 * @file The robot's GameController connection (formats §8.4, §8.5): receives data packets of the SPL's and the
 * HSL's GameController on port 3838, keeps only those of the right size, header and version that name our team
 * (counting the rest), and while packets keep coming (within 2 s) sends a return packet (the same in both
 * leagues) to the sender's address on port 3939 every second.
 */
import { EventEmitter } from 'node:events';
import { acceptGameControlData, GcPacketCounter } from '@robot-runtime/protocol/gameController/acceptance';
import { GAME_CONTROL_PORT } from '@robot-runtime/protocol/gameController/gameControlData';
import type {
  GameControllerProtocol,
  GameControlPacket,
} from '@robot-runtime/protocol/gameController/gameControlPacket';
import {
  encodeReturnData,
  GAME_CONTROLLER_TIMEOUT_MS,
  RETURN_INTERVAL_MS,
  RETURN_PORT,
  type ReturnData,
} from '@robot-runtime/protocol/gameController/returnData';
import { UdpEndpoint, type PacketSource } from '../../node/UdpEndpoint';

/** Settings. */
export interface GameControllerLinkOptions {
  teamNumber: number;
  playerNumber: number;
  /** Address to bind (default all interfaces). */
  bindAddress?: string;
  /** Data port (default 3838; tests pick free ports). */
  port?: number;
  /** Return port (default 3939). */
  returnPort?: number;
  /** What the return packet reports (pose, ball); asked each time one is sent. */
  status?: () => Omit<ReturnData, 'playerNum' | 'teamNum'>;
  /** The threads' clock (ms); receive times are on it so that RBS and the threads agree. */
  now?: () => number;
}

/** Events. */
export interface GameControllerLinkEvents {
  /** An accepted packet; `data` and `protocol` say which league's. */
  data: [
    data: GameControlPacket['data'],
    from: PacketSource,
    receivedAt: number,
    bytes: Uint8Array,
    protocol: GameControllerProtocol,
  ];
  /** A refused packet; `total` counts all refused so far. */
  rejected: [total: number];
  error: [error: Error];
}

/** Receives GameController packets and answers them. */
export class GameControllerLink extends EventEmitter<GameControllerLinkEvents> {
  /** Accepted and ignored packets by reason. */
  readonly counter = new GcPacketCounter();
  /** Return packets sent. */
  returnsSent = 0;
  private lastSender: PacketSource | undefined;
  private lastReceived = -Infinity;
  private readonly timer: NodeJS.Timeout;
  private readonly now: () => number;

  private constructor(
    private readonly endpoint: UdpEndpoint,
    private readonly options: GameControllerLinkOptions,
  ) {
    super();
    this.now = options.now ?? (() => performance.now());
    endpoint.on('packet', (bytes, from) => this.receive(bytes, from));
    endpoint.on('error', (e) => this.emit('error', e));
    this.timer = setInterval(() => this.sendReturn(), RETURN_INTERVAL_MS);
    this.timer.unref();
  }

  /** Opens the data port. */
  static async open(options: GameControllerLinkOptions): Promise<GameControllerLink> {
    const endpoint = await UdpEndpoint.open({
      port: options.port ?? GAME_CONTROL_PORT,
      address: options.bindAddress,
      reuseAddress: true,
    });
    return new GameControllerLink(endpoint, options);
  }

  /** The bound data port. */
  get port(): number {
    return this.endpoint.port;
  }

  private receive(bytes: Uint8Array, from: PacketSource): void {
    const result = acceptGameControlData(bytes, this.options.teamNumber);
    this.counter.count(result);
    if (!result.ok) {
      this.emit('rejected', this.counter.rejectedTotal);
      return;
    }
    this.lastSender = from;
    this.lastReceived = this.now();
    this.emit('data', result.data, from, this.lastReceived, bytes, result.protocol);
  }

  /** Sends a return packet if a GameController was heard recently (the timer calls this every second). */
  sendReturn(): void {
    if (!this.lastSender || this.now() - this.lastReceived > GAME_CONTROLLER_TIMEOUT_MS) return;
    const status = this.options.status?.() ?? {
      fallen: 0,
      pose: [0, 0, 0] as [number, number, number],
      ballAge: -1,
      ball: [0, 0] as [number, number],
    };
    const packet = encodeReturnData({
      ...status,
      playerNum: this.options.playerNumber,
      teamNum: this.options.teamNumber,
    });
    this.endpoint.send(packet, this.options.returnPort ?? RETURN_PORT, this.lastSender.address);
    this.returnsSent++;
  }

  /** Stops answering and closes the port. */
  close(): Promise<void> {
    clearInterval(this.timer);
    return this.endpoint.close();
  }
}
