/**
 * @file The IDE's side of the multicast monitor channel: joins the group, reassembles each robot's messages
 * (one Reassembler per sender), and NACKs gaps to the sender every few milliseconds until they are filled or
 * given up. Several IDEs can listen to the same robot at once.
 */
import { EventEmitter } from 'node:events';
import { Reassembler, type ReassemblerOptions } from '../../../robot-runtime/core/communication/Reassembler';
import { MONITOR_GROUP, MONITOR_PORT } from '../../../robot-runtime/hosts/robot/network/MonitorChannel';
import { UdpEndpoint, type PacketSource } from '../../../robot-runtime/hosts/robot/network/UdpEndpoint';

/** Settings. */
export interface MonitorReceiverOptions extends ReassemblerOptions {
  /** Group to join (default the monitor group); undefined with `unicast` for loopback tests. */
  group?: string;
  port?: number;
  bindAddress?: string;
  /** Do not join a group (tests send unicast to 127.0.0.1). */
  unicast?: boolean;
  /** How often gaps are checked (ms). */
  nackIntervalMs?: number;
  /** Most senders tracked at once (each has its own reassembly state). */
  maxSenders?: number;
  /** A sender not heard for this long (ms) is forgotten with its reassembly state; default 5 s. */
  senderTimeoutMs?: number;
}

/** One sender's reassembly state. */
interface Sender {
  reassembler: Reassembler;
  from: PacketSource;
  lastHeard: number;
}

/** Events. */
export interface MonitorReceiverEvents {
  message: [message: Uint8Array, from: PacketSource];
}

/** Receives a robot's monitor stream. */
export class MonitorReceiver extends EventEmitter<MonitorReceiverEvents> {
  private readonly senders = new Map<string, Sender>();
  private readonly timer: NodeJS.Timeout;

  private constructor(
    private readonly endpoint: UdpEndpoint,
    private readonly options: MonitorReceiverOptions,
  ) {
    super();
    endpoint.on('packet', (bytes, from) => {
      const key = `${from.address}:${from.port}`;
      const now = performance.now();
      let sender = this.senders.get(key);
      if (!sender) {
        if (this.senders.size >= (options.maxSenders ?? 16) && !this.makeRoom(now)) return;
        this.senders.set(key, (sender = { reassembler: new Reassembler(options), from, lastHeard: now }));
      }
      sender.lastHeard = now;
      const message = sender.reassembler.receive(bytes, now);
      if (message) this.emit('message', message, from);
    });
    this.timer = setInterval(() => this.nack(), options.nackIntervalMs ?? 20);
    this.timer.unref();
  }

  /** Opens the socket (and joins the group). */
  static async open(options: MonitorReceiverOptions = {}): Promise<MonitorReceiver> {
    const endpoint = await UdpEndpoint.open({
      port: options.port ?? MONITOR_PORT,
      address: options.bindAddress,
      reuseAddress: true,
      multicast: options.unicast ? undefined : { group: options.group ?? MONITOR_GROUP },
    });
    return new MonitorReceiver(endpoint, options);
  }

  /** The bound port. */
  get port(): number {
    return this.endpoint.port;
  }

  /** Reassembly counters per sender. */
  stats(): Record<string, Reassembler['stats']> {
    return Object.fromEntries([...this.senders].map(([k, s]) => [k, { ...s.reassembler.stats }]));
  }

  /** Senders tracked now. */
  get senderCount(): number {
    return this.senders.size;
  }

  /**
   * Frees a sender slot for a newcomer: senders silent for the timeout go first, else the least recently heard
   * one that never completed a message (garbage cannot lock a real robot out, and cannot evict one that works).
   */
  private makeRoom(now: number): boolean {
    const timeout = this.options.senderTimeoutMs ?? 5000;
    for (const [key, s] of this.senders) if (now - s.lastHeard > timeout) this.senders.delete(key);
    if (this.senders.size < (this.options.maxSenders ?? 16)) return true;
    let victim: string | undefined;
    let oldest = Infinity;
    for (const [key, s] of this.senders) {
      if (s.reassembler.stats.completed === 0 && s.lastHeard < oldest) {
        oldest = s.lastHeard;
        victim = key;
      }
    }
    if (victim === undefined) return false;
    this.senders.delete(victim);
    return true;
  }

  private nack(): void {
    const now = performance.now();
    for (const { reassembler, from } of this.senders.values()) for (const packet of reassembler.nacks(now)) this.endpoint.send(packet, from.port, from.address);
  }

  /** Closes the socket. */
  close(): Promise<void> {
    clearInterval(this.timer);
    return this.endpoint.close();
  }
}
