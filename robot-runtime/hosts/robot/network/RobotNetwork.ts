/**
 * @file The standalone robot's network on the main thread: the team port and the GameController link, bridged
 * to the Cognition thread through NetworkShared. It also does RBS clock synchronization (formats §8.3) at the
 * boundary: outgoing packets get the newest GameController packet as reference in their header, and incoming
 * packets get their send time stamp rewritten to local time once the sender's clock offset is known, so the
 * modules only ever see local times.
 */
import { PeerCatalog } from '@robot-runtime/core/communication/PeerCatalog';
import { GameControllerRbs, TeammateClock, type RbsCheck } from '@robot-runtime/core/communication/rbs';
import {
  BHUMAN_HEADER_SIZE,
  BHUMAN_MESSAGE_VERSION,
  expandTimestamp,
  MAX_TEAM_PACKET_SIZE,
} from '@robot-runtime/protocol/teamMessage/bhumanHeader';
import type { ContentCodec } from '@robot-runtime/protocol/teamMessage/contentCodec';
import { MAX_NUM_PLAYERS } from '@robot-runtime/protocol/gameController/gameControlData';
import { GameControllerLink } from './GameControllerLink';
import { fromStandardMessage, toStandardMessage } from './standardTranscoder';
import { INBOX_SLOTS, NetworkShared } from './NetworkShared';
import { TeamCommunication } from './TeamCommunication';

/** Network settings of a robot. */
export interface RobotNetworkOptions {
  teamNumber: number;
  playerNumber: number;
  /** settings.cfg's magic number (only its low byte travels); packets with another one are dropped. */
  magicNumber?: number;
  /** Address to bind (default all interfaces; tests 127.0.0.1). */
  bindAddress?: string;
  /**
   * What the team speaks on the network: B-Human packets (default) or the standard protobuf message, translated
   * at the socket with `contentCodec` (the codec TeamMessageHandler uses).
   */
  format?: 'bhuman' | 'standard';
  contentCodec?: ContentCodec;
  /** Join `teamDestination` as a multicast group (the standard message's per-team group option). */
  multicast?: boolean;
  /**
   * Where team packets go (default broadcast 255.255.255.255): another broadcast address (127.255.255.255), a
   * multicast group, or unicast addresses, each packet to each of them (several robots on one PC).
   */
  teamDestination?: string | readonly string[];
  /** Team port override (default 10000 + team) and where packets are sent (default the same port). */
  teamPort?: number;
  teamDestinationPort?: number;
  /** GameController data port override (default 3838) and return port (default 3939). */
  gameControllerPort?: number;
  returnPort?: number;
}

/** Per teammate: its clock and how its messages fared. */
export interface TeammateLink {
  readonly clock: TeammateClock;
  readonly checks: Record<RbsCheck, number>;
  /** When the last packet of this teammate arrived (threads' clock). */
  lastHeard: number;
}

/** A teammate not heard for this long (ms) is forgotten (its clock is stale; it left or was never one). */
export const TEAMMATE_TIMEOUT_MS = 10_000;
/**
 * Inbox slots one sender (address:port) may fill between two drains by Cognition, so that a flood from one
 * sender cannot overwrite the packets of real teammates in the ring.
 */
export const INBOX_SHARE_PER_SENDER = INBOX_SLOTS / 4;

/** The robot's sockets and their bridge to Cognition. */
export class RobotNetwork {
  readonly shared = new NetworkShared();
  readonly rbs = new GameControllerRbs();
  readonly teammates = new Map<number, TeammateLink>();
  /** Who was heard: teammates and GameControllers, with channels and times (threads' clock). */
  readonly peers = new PeerCatalog();
  /**
   * Team packets dropped before Cognition: wrong size, another version or magic number, a player number outside
   * the rules, or a sender over its share of the inbox.
   */
  readonly rejected = { size: 0, version: 0, playerNumber: 0, flood: 0 };
  /** Inbox slots each sender filled since Cognition last drained it. */
  private readonly shares = new Map<string, number>();
  private sharesDrain = -1;
  private stopped = false;

  private constructor(
    readonly team: TeamCommunication,
    readonly gameController: GameControllerLink,
    private readonly options: RobotNetworkOptions,
    private readonly now: () => number,
  ) {
    gameController.on('data', (data, from, receivedAt, bytes) => {
      this.peers.heard(
        `gameController:${from.address}`,
        'gameController',
        `${from.address}:${from.port}`,
        'gc',
        receivedAt,
      );
      this.rbs.received(data.packetNumber, receivedAt);
      this.shared.writeGameController(bytes, receivedAt);
    });
    gameController.on('rejected', (total) => (this.shared.gameControllerRejected = total));
    team.on('packet', (bytes, from, receivedAt) => {
      if (this.receive(bytes, receivedAt, `${from.address}:${from.port}`))
        this.peers.heard(
          `robot:${options.teamNumber}/${bytes[1]}`,
          'robot',
          `${from.address}:${from.port}`,
          'team',
          receivedAt,
        );
    });
    void this.sendLoop();
  }

  /** Opens the sockets. `now` is the threads' clock (ms since the robot started). */
  static async open(options: RobotNetworkOptions, now: () => number): Promise<RobotNetwork> {
    const team = await TeamCommunication.open(
      {
        teamNumber: options.teamNumber,
        bindAddress: options.bindAddress,
        destination: options.teamDestination,
        port: options.teamPort,
        destinationPort: options.teamDestinationPort,
        multicast: options.multicast,
      },
      now,
    );
    let network: RobotNetwork | undefined;
    try {
      const gameController = await GameControllerLink.open({
        teamNumber: options.teamNumber,
        playerNumber: options.playerNumber,
        bindAddress: options.bindAddress,
        port: options.gameControllerPort,
        returnPort: options.returnPort,
        now,
        status: () => network!.shared.readStatus(),
      });
      network = new RobotNetwork(team, gameController, options, now);
      return network;
    } catch (e) {
      await team.close();
      throw e;
    }
  }

  /** The clock link of teammate `player` (created on its first packet). */
  teammate(player: number): TeammateLink | undefined {
    return this.teammates.get(player);
  }

  /** Closes the sockets. */
  async close(): Promise<void> {
    this.stopped = true;
    await Promise.all([this.team.close(), this.gameController.close()]);
  }

  /** Handles a team packet; true when it came from a teammate and went on to Cognition. */
  private receive(received: Uint8Array, receivedAt: number, sender: string): boolean {
    const standard = this.options.format === 'standard' && this.options.contentCodec;
    const bytes = standard ? fromStandardMessage(received, standard, this.options.magicNumber ?? 0) : received;
    if (!bytes) {
      this.rejected.version++;
      return false;
    }
    if (bytes.length < BHUMAN_HEADER_SIZE || bytes.length > MAX_TEAM_PACKET_SIZE) {
      this.rejected.size++;
      return false;
    }
    if ((bytes[0]! ^ ((this.options.magicNumber ?? 0) & 0xff)) !== BHUMAN_MESSAGE_VERSION) {
      this.rejected.version++;
      return false;
    }
    const player = bytes[1]!;
    if (player === this.options.playerNumber) return false;
    if (player < 1 || player > MAX_NUM_PLAYERS) {
      this.rejected.playerNumber++;
      return false;
    }
    if (!this.takeInboxShare(sender)) {
      this.rejected.flood++;
      return false;
    }
    this.forgetSilentTeammates(receivedAt);
    let link = this.teammates.get(player);
    if (!link)
      this.teammates.set(
        player,
        (link = {
          clock: new TeammateClock(),
          checks: { ok: 0, unsynchronized: 0, outOfBounds: 0 },
          lastHeard: receivedAt,
        }),
      );
    link.lastHeard = receivedAt;
    const low24 = bytes[2]! | (bytes[3]! << 8) | (bytes[4]! << 16);
    const reference = { offset: bytes[5]! | (bytes[6]! << 8), packetNumber: bytes[7]! };
    const remote = expandTimestamp(low24, link.clock.toRemote(receivedAt));
    const check = link.clock.update(remote, reference, receivedAt, this.rbs);
    link.checks[check]++;
    const local = bytes.slice();
    if (link.clock.valid) {
      const t = Math.max(0, Math.round(link.clock.toLocal(remote)));
      local[2] = t & 0xff;
      local[3] = (t >>> 8) & 0xff;
      local[4] = (t >>> 16) & 0xff;
    }
    this.shared.pushPacket(local, receivedAt);
    return true;
  }

  /** Counts a slot against `sender`'s share of the inbox; false when the share is used up until the next drain. */
  private takeInboxShare(sender: string): boolean {
    const drain = this.shared.drainSequence;
    if (drain !== this.sharesDrain) {
      this.shares.clear();
      this.sharesDrain = drain;
    }
    const used = this.shares.get(sender) ?? 0;
    if (used >= INBOX_SHARE_PER_SENDER) return false;
    this.shares.set(sender, used + 1);
    return true;
  }

  private forgetSilentTeammates(now: number): void {
    for (const [player, link] of this.teammates)
      if (now - link.lastHeard > TEAMMATE_TIMEOUT_MS) this.teammates.delete(player);
    this.peers.forget(now, TEAMMATE_TIMEOUT_MS);
  }

  /** Sends every packet Cognition publishes, with the RBS reference in its header. */
  private async sendLoop(): Promise<void> {
    let seen = this.shared.outgoingSequence;
    while (!this.stopped) {
      const sequence = await this.shared.waitForOutgoing(seen, 200);
      if (sequence === seen || sequence & 1 || this.stopped) continue;
      seen = sequence;
      const { bytes } = this.shared.readOutgoing();
      if (bytes.length >= 8) {
        const timestamp = expandTimestamp(bytes[2]! | (bytes[3]! << 8) | (bytes[4]! << 16), this.now());
        const reference = this.rbs.reference(timestamp);
        bytes[5] = reference.offset & 0xff;
        bytes[6] = (reference.offset >>> 8) & 0xff;
        bytes[7] = reference.packetNumber & 0xff;
      }
      const standard = this.options.format === 'standard' && this.options.contentCodec;
      const packet = standard
        ? toStandardMessage(bytes, standard, this.options.teamNumber, this.options.magicNumber ?? 0)
        : bytes;
      if (packet) this.team.send(packet);
    }
  }
}
