/**
 * @file The team monitor's ear on the GameController port (3838, shared with robots and other programs): hears
 * the packets of either league's GameController (formats §8.4, §8.5), counts them per protocol and the refused
 * ones, and hands every good packet on, so the monitor shows the budgets the GameController announces.
 */
import { UdpEndpoint } from '@robot-runtime/hosts/node/UdpEndpoint';
import { GAME_CONTROL_PORT, GameState } from '@robot-runtime/protocol/gameController/gameControlData';
import {
  classifyGameControlPacket,
  decodeGameControlPacket,
  type GameControllerProtocol,
  type GameControlPacket,
  type GcRejection,
} from '@robot-runtime/protocol/gameController/gameControlPacket';
import { HslState } from '@robot-runtime/protocol/gameController/hslGameControlData';

/** What was heard from GameControllers so far. */
export interface GameControllerHeard {
  /** The latest good packet's league, state name and number, sender and arrival (ms, the listener's clock). */
  readonly latest?: {
    readonly protocol: GameControllerProtocol;
    readonly state: string;
    readonly packetNumber: number;
    readonly address: string;
    readonly at: number;
  };
  /** Good packets per league. */
  readonly packets: Readonly<Record<GameControllerProtocol, number>>;
  /** Refused packets by reason (size, header, version). */
  readonly refused: Readonly<Record<Exclude<GcRejection, 'team'>, number>>;
}

/** Settings. */
export interface GameControllerListenerOptions {
  /** Address to bind (default every interface). */
  readonly bindAddress?: string;
  /** Port (default 3838; tests 0 for a free one). */
  readonly port?: number;
  /** Called with every good packet. */
  readonly onPacket?: (packet: GameControlPacket) => void;
}

const STATE_NAMES: Record<GameControllerProtocol, ReadonlyMap<number, string>> = {
  spl: new Map(Object.entries(GameState).map(([name, code]) => [code as number, name])),
  hsl: new Map(Object.entries(HslState).map(([name, code]) => [code as number, name])),
};

/** The name of `state` in `protocol` (`state7` for a code the league does not define). */
export function gameStateName(protocol: GameControllerProtocol, state: number): string {
  return STATE_NAMES[protocol].get(state) ?? `state${state}`;
}

/** Listens on the GameController port. */
export class GameControllerListener {
  private readonly packets = { spl: 0, hsl: 0 };
  private readonly refused = { size: 0, header: 0, version: 0 };
  private latest: GameControllerHeard['latest'];

  private constructor(private readonly endpoint: UdpEndpoint) {}

  /** Opens the port; rejects when it cannot be bound. */
  static async open(options: GameControllerListenerOptions = {}): Promise<GameControllerListener> {
    const endpoint = await UdpEndpoint.open({
      port: options.port ?? GAME_CONTROL_PORT,
      address: options.bindAddress,
      reuseAddress: true,
    });
    const listener = new GameControllerListener(endpoint);
    endpoint.on('packet', (bytes, from) => {
      const packet = listener.hear(bytes, from.address, performance.now());
      if (packet) options.onPacket?.(packet);
    });
    endpoint.on('error', () => {
      // A receive error loses one datagram; the next packet comes within half a second.
    });
    return listener;
  }

  /** The bound port. */
  get port(): number {
    return this.endpoint.port;
  }

  /** Counts and decodes one datagram; the packet when it is a good one of either league. */
  hear(bytes: Uint8Array, address: string, at: number): GameControlPacket | undefined {
    const kind = classifyGameControlPacket(bytes);
    if ('reason' in kind) {
      this.refused[kind.reason]++;
      return undefined;
    }
    const packet = decodeGameControlPacket(bytes)!;
    this.packets[packet.protocol]++;
    this.latest = {
      protocol: packet.protocol,
      state: gameStateName(packet.protocol, packet.data.state),
      packetNumber: packet.data.packetNumber,
      address,
      at,
    };
    return packet;
  }

  /** What was heard so far. */
  heard(): GameControllerHeard {
    return { latest: this.latest, packets: { ...this.packets }, refused: { ...this.refused } };
  }

  /** Closes the port. */
  close(): Promise<void> {
    return this.endpoint.close();
  }
}
