/**
 * @file Team communication on the network (formats §8.2): UDP broadcast on port 10000 + team number, at most
 * 128 bytes per packet. Optionally a per-team multicast group instead of broadcast (the standard message's
 * option), or a list of unicast addresses (several robots on one PC, each bound to its own loopback address).
 * Packets of the robot itself come back through broadcast (or its own address in the list) and are dropped here by
 * their source.
 */
import { teamPort } from '@robot-runtime/protocol/teamMessage/bhumanHeader';
import { EventEmitter } from 'node:events';
import os from 'node:os';
import { MAX_TEAM_PACKET_SIZE } from '@robot-runtime/protocol/teamMessage/bhumanHeader';
import { UdpEndpoint, type PacketSource } from '../../node/UdpEndpoint';

/** Settings. */
export interface TeamCommunicationOptions {
  teamNumber: number;
  /**
   * Where packets go: the broadcast address (default), a multicast group, or unicast addresses (each packet is
   * sent to every one of them).
   */
  destination?: string | readonly string[];
  /** Address to bind (default all interfaces). */
  bindAddress?: string;
  /** Port override (default 10000 + team); tests pick free ports. */
  port?: number;
  /** Port packets are sent to (default the bound port). */
  destinationPort?: number;
  /** Largest packet sent (default the rules' 128 bytes; the standard message may allow more). */
  maxPacketSize?: number;
  /** Join `destination` as a multicast group. */
  multicast?: boolean;
}

/** Events. */
export interface TeamCommunicationEvents {
  packet: [bytes: Uint8Array, from: PacketSource, receivedAt: number];
  error: [error: Error];
}

/** Sends and receives a team's packets. */
export class TeamCommunication extends EventEmitter<TeamCommunicationEvents> {
  /** Packets sent / received / refused for size. */
  readonly counts = { sent: 0, received: 0, ownDropped: 0, oversized: 0 };

  private constructor(
    private readonly endpoint: UdpEndpoint,
    private readonly destinations: readonly string[],
    private readonly destinationPort: number,
    private readonly maxPacketSize: number,
    private readonly now: () => number,
  ) {
    super();
    const own = new Set(Object.values(os.networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.address)));
    // Bound to one address (e.g. 127.0.0.2 of several robots on one PC), that address is ours even if no interface
    // lists it.
    const bound = endpoint.address;
    if (bound !== '0.0.0.0') own.add(bound);
    endpoint.on('packet', (bytes, from) => {
      // Our own broadcast comes back; on loopback tests every robot shares 127.0.0.1, so the port decides too.
      if (own.has(from.address) && from.port === endpoint.port) {
        this.counts.ownDropped++;
        return;
      }
      this.counts.received++;
      this.emit('packet', bytes, from, this.now());
    });
    endpoint.on('error', (e) => this.emit('error', e));
  }

  /** Opens the team port. `now` is the clock receive times are taken from (the threads' clock). */
  static async open(
    options: TeamCommunicationOptions,
    now: () => number = () => performance.now(),
  ): Promise<TeamCommunication> {
    const destinations = [options.destination ?? '255.255.255.255'].flat();
    if (destinations.length === 0) throw new Error('team communication needs at least one destination');
    const endpoint = await UdpEndpoint.open({
      port: options.port ?? teamPort(options.teamNumber),
      address: options.bindAddress,
      broadcast: !options.multicast && destinations.some((d) => d.endsWith('.255')),
      multicast: options.multicast ? { group: destinations[0]! } : undefined,
      reuseAddress: true,
    });
    return new TeamCommunication(
      endpoint,
      destinations,
      options.destinationPort ?? endpoint.port,
      options.maxPacketSize ?? MAX_TEAM_PACKET_SIZE,
      now,
    );
  }

  /** The bound port. */
  get port(): number {
    return this.endpoint.port;
  }

  /** The bound address ('0.0.0.0': every interface). */
  get address(): string {
    return this.endpoint.address;
  }

  /** Where packets go. */
  get destinationAddresses(): readonly string[] {
    return this.destinations;
  }

  /** Sends one packet; refuses (and counts) packets above the size limit. */
  send(packet: Uint8Array): boolean {
    if (packet.length > this.maxPacketSize) {
      this.counts.oversized++;
      return false;
    }
    for (const destination of this.destinations) this.endpoint.send(packet, this.destinationPort, destination);
    this.counts.sent++;
    return true;
  }

  /** Closes the port. */
  close(): Promise<void> {
    return this.endpoint.close();
  }
}
