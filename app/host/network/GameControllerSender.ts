/**
 * @file The IDE as a GameController for lab tests: broadcasts RoboCupGameControlData v18 twice a second (as the
 * real GameController does) and listens for the robots' return packets. The GameController panel drives it;
 * tests send unicast to loopback ports instead of broadcasting.
 */
import { EventEmitter } from 'node:events';
import { defaultGameControlData, encodeGameControlData, GAME_CONTROL_PORT, type GameControlData } from '../../../robot-runtime/protocol/gameController/gameControlData';
import { decodeReturnData, RETURN_PORT, type ReturnData } from '../../../robot-runtime/protocol/gameController/returnData';
import { UdpEndpoint, type PacketSource } from '../../../robot-runtime/hosts/robot/network/UdpEndpoint';

/** Where data packets go. */
export interface GcDestination {
  address: string;
  port: number;
}

/** Settings. */
export interface GameControllerSenderOptions {
  /** The two teams' numbers. */
  teams: [number, number];
  /** Default: broadcast to 255.255.255.255:3838. */
  destinations?: GcDestination[];
  /** Port return packets arrive on (default 3939; 0 picks a free one) and the address to bind. */
  returnPort?: number;
  bindAddress?: string;
  /** Send interval (ms); the GameController sends every 500 ms. */
  intervalMs?: number;
}

/** A robot that answered. */
export interface ReturnEntry {
  data: ReturnData;
  from: PacketSource;
  /** When it last answered (ms, performance.now()). */
  at: number;
}

/** Events. */
export interface GameControllerSenderEvents {
  sent: [data: GameControlData];
  returned: [entry: ReturnEntry];
  error: [error: Error];
}

/** The lab GameController. */
export class GameControllerSender extends EventEmitter<GameControllerSenderEvents> {
  /** The packet being sent; change it with `update`. */
  readonly data: GameControlData;
  /** Latest return packet per `team/player`. */
  readonly returns = new Map<string, ReturnEntry>();
  private timer: NodeJS.Timeout | undefined;
  private readonly destinations: GcDestination[];

  private constructor(
    private readonly endpoint: UdpEndpoint,
    private readonly options: GameControllerSenderOptions,
  ) {
    super();
    this.data = defaultGameControlData(options.teams[0], options.teams[1]);
    this.destinations = options.destinations ?? [{ address: '255.255.255.255', port: GAME_CONTROL_PORT }];
    endpoint.on('packet', (bytes, from) => {
      const data = decodeReturnData(bytes);
      if (!data) return;
      const entry = { data, from, at: performance.now() };
      this.returns.set(`${data.teamNum}/${data.playerNum}`, entry);
      this.emit('returned', entry);
    });
    endpoint.on('error', (e) => this.emit('error', e));
  }

  /** Opens the return port. Does not send until `start`. */
  static async open(options: GameControllerSenderOptions): Promise<GameControllerSender> {
    const broadcast = !options.destinations || options.destinations.some((d) => d.address.endsWith('.255'));
    const endpoint = await UdpEndpoint.open({ port: options.returnPort ?? RETURN_PORT, address: options.bindAddress, broadcast, reuseAddress: true });
    return new GameControllerSender(endpoint, options);
  }

  /** The bound return port. */
  get returnPort(): number {
    return this.endpoint.port;
  }

  /** Changes the packet (state, penalties, scores …); the next send carries it. */
  update(change: (data: GameControlData) => void): void {
    change(this.data);
  }

  /** Counts one team message of `teamNumber` against its budget, as the GameController does. */
  teamMessageHeard(teamNumber: number): void {
    const team = this.data.teams.find((t) => t.teamNumber === teamNumber);
    if (team && team.messageBudget > 0) team.messageBudget--;
  }

  /** Sends one packet now (and advances the packet number). */
  sendNow(): void {
    const bytes = encodeGameControlData(this.data);
    for (const d of this.destinations) this.endpoint.send(bytes, d.port, d.address);
    this.emit('sent', this.data);
    this.data.packetNumber = (this.data.packetNumber + 1) & 0xff;
  }

  /** Sends periodically. */
  start(): void {
    this.stopSending();
    this.sendNow();
    this.timer = setInterval(() => this.sendNow(), this.options.intervalMs ?? 500);
  }

  /** Stops sending (the robots fall back to their own state after their timeout). */
  stopSending(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Stops and closes the port. */
  close(): Promise<void> {
    this.stopSending();
    return this.endpoint.close();
  }
}
