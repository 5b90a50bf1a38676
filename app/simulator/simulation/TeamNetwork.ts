/**
 * @file The simulated team broadcast network: a packet a robot sends reaches each teammate after a delay, unless
 * it is lost. The GameController counts every packet against the team's budget and a team out of budget is not
 * heard (the robots are meant to stop before that). Deterministic: loss and delay jitter come from a seeded
 * generator, deliveries are ordered by time and sending order.
 */
import { SeededRandom } from '@robot-runtime/math/SeededRandom';

/** Network behaviour. */
export interface NetworkOptions {
  /** Probability (0..1) that a packet does not reach a given teammate. */
  loss: number;
  /** Minimum delay (ms). */
  delay: number;
  /** Additional uniformly distributed delay (ms). */
  jitter: number;
}

/** Default: a good WiFi: 5 % loss, 20–60 ms latency. */
export const DEFAULT_NETWORK: NetworkOptions = { loss: 0.05, delay: 20, jitter: 40 };

interface InFlight {
  at: number;
  order: number;
  to: number;
  bytes: Uint8Array;
}

/** Who is on the network: robot indices with their team. */
export interface NetworkMember {
  index: number;
  team: 0 | 1;
}

/** Counters for statistics and tests. */
export interface NetworkCounters {
  sent: [number, number];
  delivered: [number, number];
  lost: [number, number];
  overBudget: [number, number];
}

/**
 * Hears a packet as it goes on the air (a team monitor listening on the sender's team port): sender index, its
 * team, the bytes and the send time (ms).
 */
export type PacketTap = (from: number, team: 0 | 1, bytes: Uint8Array, now: number) => void;

/** One simulated broadcast network per simulation (both teams; each team has its own port). */
export class TeamNetwork {
  options: NetworkOptions;
  readonly counters: NetworkCounters = { sent: [0, 0], delivered: [0, 0], lost: [0, 0], overBudget: [0, 0] };
  private readonly random: SeededRandom;
  private queue: InFlight[] = [];
  private order = 0;
  private readonly taps = new Set<PacketTap>();

  constructor(
    private readonly members: readonly NetworkMember[],
    seed: number,
    options: Partial<NetworkOptions> = {},
  ) {
    this.options = { ...DEFAULT_NETWORK, ...options };
    this.random = SeededRandom.forModule(seed, 'network', 'simulator', 'TeamNetwork');
  }

  /**
   * Broadcasts `bytes` from robot `from` at `now`. `countMessage` is the GameController's budget check; when it
   * refuses, nobody hears the packet.
   */
  broadcast(from: number, bytes: Uint8Array, now: number, countMessage: (team: 0 | 1) => boolean): void {
    const sender = this.members.find((m) => m.index === from);
    if (!sender) return;
    if (!countMessage(sender.team)) {
      this.counters.overBudget[sender.team]++;
      return;
    }
    this.counters.sent[sender.team]++;
    for (const tap of this.taps) tap(from, sender.team, bytes, now);
    for (const m of this.members) {
      if (m.index === from || m.team !== sender.team) continue;
      if (this.random.next() < this.options.loss) {
        this.counters.lost[sender.team]++;
        continue;
      }
      const at = now + this.options.delay + Math.floor(this.random.next() * (this.options.jitter + 1));
      this.queue.push({ at, order: this.order++, to: m.index, bytes });
    }
  }

  /** Calls `tap` with every packet that goes on the air (after the budget check); returns the function that stops it. */
  tap(tap: PacketTap): () => void {
    this.taps.add(tap);
    return () => this.taps.delete(tap);
  }

  /** Hands out every packet due by `now` (in delivery order) to `deliver`. */
  deliverDue(now: number, deliver: (to: number, bytes: Uint8Array, at: number) => void): void {
    if (this.queue.length === 0) return;
    const due = this.queue.filter((p) => p.at <= now).sort((a, b) => a.at - b.at || a.order - b.order);
    if (due.length === 0) return;
    this.queue = this.queue.filter((p) => p.at > now);
    for (const p of due) {
      const team = this.members.find((m) => m.index === p.to)!.team;
      this.counters.delivered[team]++;
      deliver(p.to, p.bytes, p.at);
    }
  }

  /** Drops everything in flight (reset). */
  clear(): void {
    this.queue = [];
  }
}
