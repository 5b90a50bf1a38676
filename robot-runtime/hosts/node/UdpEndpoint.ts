/**
 * @file One UDP socket with the options the robot's channels need: bind address and port, broadcast,
 * multicast membership. Packets arrive as events with their sender; errors are reported, not thrown.
 */
import dgram from 'node:dgram';
import { EventEmitter } from 'node:events';

/** Where a packet came from. */
export interface PacketSource {
  address: string;
  port: number;
}

/** How to open an endpoint. */
export interface UdpEndpointOptions {
  /** Port to bind (0: any free one). */
  port: number;
  /** Address to bind (default all interfaces; tests use 127.0.0.1). */
  address?: string;
  /** Allow sending to broadcast addresses. */
  broadcast?: boolean;
  /** Multicast group to join (and its TTL for sending). */
  multicast?: { group: string; ttl?: number; loopback?: boolean };
  /** Several programs on one host may share the port (team ports, multicast monitor). */
  reuseAddress?: boolean;
}

/** Events of an endpoint. */
export interface UdpEndpointEvents {
  packet: [bytes: Uint8Array, from: PacketSource];
  error: [error: Error];
}

/** An open UDP socket. */
export class UdpEndpoint extends EventEmitter<UdpEndpointEvents> {
  private constructor(private readonly socket: dgram.Socket) {
    super();
    socket.on('message', (msg, rinfo) =>
      this.emit('packet', new Uint8Array(msg.buffer, msg.byteOffset, msg.byteLength), {
        address: rinfo.address,
        port: rinfo.port,
      }),
    );
    socket.on('error', (e) => this.emit('error', e));
  }

  /** Opens and binds an endpoint. */
  static async open(options: UdpEndpointOptions): Promise<UdpEndpoint> {
    const socket = dgram.createSocket({ type: 'udp4', reuseAddr: options.reuseAddress ?? false });
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(options.port, options.address, () => {
        socket.off('error', reject);
        resolve();
      });
    });
    if (options.broadcast) socket.setBroadcast(true);
    if (options.multicast) {
      socket.addMembership(options.multicast.group);
      socket.setMulticastTTL(options.multicast.ttl ?? 1);
      socket.setMulticastLoopback(options.multicast.loopback ?? true);
    }
    return new UdpEndpoint(socket);
  }

  /** The bound port. */
  get port(): number {
    return this.socket.address().port;
  }

  /** The bound address ('0.0.0.0': every interface). */
  get address(): string {
    return this.socket.address().address;
  }

  /** TTL of multicast datagrams sent from this socket. */
  setMulticastTtl(ttl: number): void {
    this.socket.setMulticastTTL(ttl);
  }

  /** Sends one datagram; failures go to the `error` event. */
  send(bytes: Uint8Array, port: number, address: string): void {
    this.socket.send(bytes, port, address, (e) => {
      if (e) this.emit('error', e);
    });
  }

  /** Closes the socket. */
  close(): Promise<void> {
    return new Promise((resolve) => {
      try {
        this.socket.close(() => resolve());
      } catch {
        resolve(); // already closed
      }
    });
  }
}
