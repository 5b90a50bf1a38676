/**
 * @file Who is out there (Narukom's catalog): every robot and IDE heard on the network, when it was last heard,
 * where from and on which channels. Pure bookkeeping; the network hosts feed it and views read it.
 */

/** What kind of program a peer is. */
export type PeerKind = 'robot' | 'ide' | 'gameController';

/** One peer. */
export interface Peer {
  /** Stable key, e.g. `robot:5/3` (team/player) or `ide:<address>`. */
  readonly id: string;
  readonly kind: PeerKind;
  /** Network address last heard from (host:port or a simulator name). */
  address: string;
  firstSeen: number;
  lastSeen: number;
  /** Channels heard on (e.g. `team`, `gc`, `monitor`, `standard`) with the last time on each. */
  readonly channels: Map<string, number>;
  /** Packets heard in total. */
  packets: number;
}

/** The catalog. */
export class PeerCatalog {
  private readonly peers = new Map<string, Peer>();

  /** `timeoutMs`: a peer not heard for this long counts as unreachable. */
  constructor(private readonly timeoutMs = 5000) {}

  /** Records a packet from `id` on `channel` at `now`; returns the peer. */
  heard(id: string, kind: PeerKind, address: string, channel: string, now: number): Peer {
    let peer = this.peers.get(id);
    if (!peer) {
      peer = { id, kind, address, firstSeen: now, lastSeen: now, channels: new Map(), packets: 0 };
      this.peers.set(id, peer);
    }
    peer.address = address;
    peer.lastSeen = Math.max(peer.lastSeen, now);
    peer.channels.set(channel, now);
    peer.packets++;
    return peer;
  }

  /** A peer by id. */
  get(id: string): Peer | undefined {
    return this.peers.get(id);
  }

  /** Peers heard within the timeout (optionally only of one kind or on one channel). */
  reachable(now: number, filter: { kind?: PeerKind; channel?: string } = {}): Peer[] {
    return [...this.peers.values()].filter(
      (p) =>
        now - p.lastSeen <= this.timeoutMs &&
        (filter.kind === undefined || p.kind === filter.kind) &&
        (filter.channel === undefined || now - (p.channels.get(filter.channel) ?? -Infinity) <= this.timeoutMs),
    );
  }

  /** Every peer ever heard that has not been forgotten. */
  all(): Peer[] {
    return [...this.peers.values()];
  }

  /** Forgets peers not heard for `maxAgeMs`; returns the forgotten ids. */
  forget(now: number, maxAgeMs: number): string[] {
    const gone: string[] = [];
    for (const [id, p] of this.peers) if (now - p.lastSeen > maxAgeMs) gone.push(id);
    for (const id of gone) this.peers.delete(id);
    return gone;
  }
}
