/**
 * @file One clock for all logs of a game. Each robot stamps its frames with its own clock (FrameInfo.time: ms since
 * its program started), so the logs of one game do not share a time axis. They do share the GameController's
 * broadcasts: every robot logs, with GameControllerData, the number of the last packet and its own receive time,
 * and the game recording (gameRecording.ts) holds each packet's send time. A packet number matched between a robot
 * and the reference gives one sample of that robot's clock offset (receive time − send time), as B-Human's RBS
 * synchronisation uses the same packets between teammates. The reference is the game recording's clock when there
 * is one, else the first robot's. Packet numbers wrap every 256 packets (128 s), so a sample may match several
 * packets: the offset is the median of the samples within ±TOLERANCE_MS of the densest cluster. A robot without
 * GameControllerData keeps its own time stamps (offset 0), which is right when all clocks are one (the simulator).
 */
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import type { AnyType } from '@robot-runtime/protocol/types';
import { FrameInfo } from '@robot-runtime/representations/Infrastructure/FrameInfo';
import { GameControllerData } from '@robot-runtime/representations/Infrastructure/GameControllerData';
import type { FrameSource } from './FrameSource';
import { payloadReader, scanMessages } from './logScan';

/** Samples further than this from the densest cluster of offsets are wrong matches (ms). */
const TOLERANCE_MS = 100;

/** The time stamps of a log's frames. */
export class FrameTimes {
  /**
   * @param times FrameInfo.time of each frame (a frame without one inherits the previous frame's time) on the
   *   log's own clock; NaN before the first stamped frame.
   */
  constructor(readonly times: Float64Array) {}

  /** The last frame whose time is at most `time` (frames stamped earlier than a previous one count as that one), or −1. */
  frameAt(time: number): number {
    // `times` is made non-decreasing on construction (see readFrameTimes), so a binary search finds it.
    let lo = 0;
    let hi = this.times.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const t = this.times[mid]!;
      if (!(t > time)) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    // Leading frames without a time stamp (NaN) are before the first stamped one.
    return found >= 0 && Number.isNaN(this.times[found]!) ? -1 : found;
  }

  /** The time of frame `i` (NaN when it has none). */
  timeOf(i: number): number {
    return this.times[i] ?? NaN;
  }

  /** First and last time stamp (NaN when the log has none). */
  get range(): { first: number; last: number } {
    let first = NaN;
    for (const t of this.times)
      if (!Number.isNaN(t)) {
        first = t;
        break;
      }
    return { first, last: this.times.length ? this.times[this.times.length - 1]! : NaN };
  }
}

/** One GameController packet as a log saw it: its number and when (on the log's clock) it arrived or was sent. */
export interface PacketSample {
  packetNumber: number;
  time: number;
}

/** What one walk over a log yields for the alignment. */
export interface ClockData {
  times: FrameTimes;
  packets: PacketSample[];
}

/** Reads the frame times and the distinct GameController packets of `file` in one walk over its messages. */
export function readClockData(file: FrameSource): ClockData {
  const raw = new Float64Array(file.frameCount).fill(NaN);
  const packets: PacketSample[] = [];
  const readTime = payloadReader<{ time?: unknown }>(file.typeInfo, 'FrameInfo', FrameInfo as AnyType);
  const readPacket = payloadReader<{ packetNumber?: unknown; timeLastPacketReceived?: unknown }>(
    file.typeInfo,
    'GameControllerData',
    GameControllerData as AnyType,
  );
  const seen = new Set<string>();
  const ids = new Set<number>([MessageID.idFrameInfo, MessageID.idGameControllerData]);
  scanMessages(file, ids, (frame, _thread, id, payload) => {
    try {
      if (id === MessageID.idFrameInfo) {
        const time = readTime(payload).time;
        if (typeof time === 'number') raw[frame] = time;
        return;
      }
      const { packetNumber, timeLastPacketReceived: time } = readPacket(payload);
      if (typeof packetNumber !== 'number' || typeof time !== 'number' || time === 0) return;
      const key = `${packetNumber}@${time}`;
      if (seen.has(key)) return;
      seen.add(key);
      packets.push({ packetNumber, time });
    } catch {
      // A damaged message gives no sample.
    }
  });
  // Non-decreasing: a frame inherits the latest time seen before it (threads stamp their own data times).
  let latest = NaN;
  for (let i = 0; i < raw.length; i++) {
    const t = raw[i]!;
    if (!Number.isNaN(t) && !(t < latest)) latest = t;
    raw[i] = latest;
  }
  return { times: new FrameTimes(raw), packets };
}

/** How one log's clock maps onto the game's. */
export interface RobotClock {
  /** The log's clock minus the game clock (ms): a game time T is the log's time T + offset. */
  offset: number;
  /** Packets matched with the reference (0: the log's own time stamps are used as they are). */
  samples: number;
  /** Largest minus smallest matched sample (ms): how much the samples disagree. */
  spread: number;
}

/** The median of sorted numbers. */
const median = (sorted: readonly number[]): number => {
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The offset of `robot`'s clock against `reference`'s, from the packets both saw. */
export function estimateOffset(robot: readonly PacketSample[], reference: readonly PacketSample[]): RobotClock {
  const byNumber = new Map<number, number[]>();
  for (const p of reference) byNumber.set(p.packetNumber, [...(byNumber.get(p.packetNumber) ?? []), p.time]);
  const candidates: number[] = [];
  for (const p of robot) for (const t of byNumber.get(p.packetNumber) ?? []) candidates.push(p.time - t);
  if (candidates.length === 0) return { offset: 0, samples: 0, spread: 0 };
  candidates.sort((a, b) => a - b);
  // The densest window of width 2·TOLERANCE_MS holds the true matches; wrapped packet numbers scatter elsewhere.
  let best = 0;
  let bestCount = 0;
  for (let i = 0, j = 0; i < candidates.length; i++) {
    while (candidates[i]! - candidates[j]! > 2 * TOLERANCE_MS) j++;
    if (i - j + 1 > bestCount) {
      bestCount = i - j + 1;
      best = j;
    }
  }
  const cluster = candidates.slice(best, best + bestCount);
  return { offset: median(cluster), samples: cluster.length, spread: cluster[cluster.length - 1]! - cluster[0]! };
}

/** How the logs of a game are aligned. */
export interface GameAlignment {
  /** `gameController`: by the packets' receive times; `frameTime`: every log's time stamps as they are. */
  method: 'gameController' | 'frameTime';
  /** Whose clock is the game's: `game recording`, or the robot whose log is the reference. */
  reference: string;
  /** Each robot's clock, by name. */
  robots: Map<string, RobotClock>;
}

/**
 * Aligns the robots' logs on one clock: the game recording's (`game`) when there is one, else the first robot's.
 * Robots whose logs hold no GameController packets keep their own time stamps.
 */
export function alignGame(robots: ReadonlyMap<string, ClockData>, game?: ClockData): GameAlignment {
  const names = [...robots.keys()];
  const referenceName = game?.packets.length ? 'game recording' : names.find((n) => robots.get(n)!.packets.length);
  const reference = game?.packets.length ? game.packets : referenceName ? robots.get(referenceName)!.packets : [];
  const clocks = new Map<string, RobotClock>();
  for (const name of names) clocks.set(name, estimateOffset(robots.get(name)!.packets, reference));
  const matched = [...clocks.values()].some((c) => c.samples > 0);
  return {
    method: matched ? 'gameController' : 'frameTime',
    reference: matched ? referenceName! : 'every log its own',
    robots: clocks,
  };
}
