/**
 * @file The robot's side of the multicast monitor channel: each message (e.g. a serialized debug message queue)
 * is cut into fragments and multicast, so any number of IDEs can watch without one TCP connection each. IDEs
 * that miss fragments send NACKs to this socket; the fragments still kept are sent again to the group.
 */
import { Fragmenter } from '@robot-runtime/core/communication/Fragmenter';
import { decodeFragmentPacket, FRAGMENT_NACK } from '@robot-runtime/core/communication/fragments';
import { UdpEndpoint } from '../../node/UdpEndpoint';

/** Default group and port of the monitor channel (site-local multicast). */
export const MONITOR_GROUP = '239.255.83.80';
/** Default monitor port: above the team ports (10000 + team) and the remote-control channels (10100 + team). */
export const MONITOR_PORT = 10300;

/** Settings. */
export interface MonitorSenderOptions {
  /** Where fragments go: the group (default) or, in tests, 127.0.0.1. */
  destination?: string;
  destinationPort?: number;
  /** Address and port to bind for NACKs (default any, any free port). */
  bindAddress?: string;
  port?: number;
  maxPacketSize?: number;
  /** Multicast TTL (default 1: this subnet). */
  ttl?: number;
}

/** Multicasts messages and answers NACKs. */
export class MonitorSender {
  private readonly fragmenter: Fragmenter;
  /** Counters. */
  readonly counts = { messages: 0, fragments: 0, nacks: 0, resent: 0 };

  private constructor(
    private readonly endpoint: UdpEndpoint,
    private readonly destination: string,
    private readonly destinationPort: number,
    maxPacketSize: number,
  ) {
    this.fragmenter = new Fragmenter({ maxPacketSize });
    endpoint.on('packet', (bytes) => {
      const p = decodeFragmentPacket(bytes);
      if (p?.type !== FRAGMENT_NACK) return;
      this.counts.nacks++;
      for (const fragment of this.fragmenter.resend(p.sequence, p.missing)) {
        this.endpoint.send(fragment, this.destinationPort, this.destination);
        this.counts.resent++;
      }
    });
    endpoint.on('error', () => {
      // A datagram that could not be sent is a lost fragment; receivers NACK it.
    });
  }

  /** Opens the sending socket. */
  static async open(options: MonitorSenderOptions = {}): Promise<MonitorSender> {
    const destination = options.destination ?? MONITOR_GROUP;
    const endpoint = await UdpEndpoint.open({ port: options.port ?? 0, address: options.bindAddress });
    if (destination.startsWith('239.')) endpoint.setMulticastTtl(options.ttl ?? 1);
    return new MonitorSender(
      endpoint,
      destination,
      options.destinationPort ?? MONITOR_PORT,
      options.maxPacketSize ?? 1400,
    );
  }

  /** The port NACKs reach. */
  get port(): number {
    return this.endpoint.port;
  }

  /** Multicasts one message. */
  send(message: Uint8Array): void {
    const fragments = this.fragmenter.fragment(message);
    for (const f of fragments) this.endpoint.send(f, this.destinationPort, this.destination);
    this.counts.messages++;
    this.counts.fragments += fragments.length;
  }

  /** Closes the socket. */
  close(): Promise<void> {
    return this.endpoint.close();
  }
}
