/**
 * @file What a team monitor knows, without sockets: every packet heard on a team port (from the network or
 * from the simulator's in-process network) is decoded as a B-Human team message (`teamMessage.def`) or as the
 * standard protobuf message, per team, and summarized per robot for the monitor view: pose, ball, walk command,
 * intended kick, state, message rate, bytes, remaining budget, and the rule violations (size, malformed,
 * rate, budget) of each message. Only player numbers the rules allow (1..20) make a robot, a robot not heard for
 * ROBOT_TIMEOUT_MS is forgotten, and at most MAX_TRACKED_ROBOTS are tracked at once, so spoofed senders cannot grow
 * the monitor (or the view that draws it) without bound.
 */
import { PeerCatalog } from '@robot-runtime/core/communication/PeerCatalog';
import { DEFAULT_MESSAGE_BUDGET, MAX_NUM_PLAYERS } from '@robot-runtime/protocol/gameController/gameControlData';
import { TeamMessageHandler } from '@robot-runtime/modules/Communication/TeamMessageHandler/TeamMessageHandler';
import {
  decodeBHumanPacket,
  BHUMAN_MESSAGE_VERSION,
  MAX_TEAM_PACKET_SIZE,
} from '@robot-runtime/protocol/teamMessage/bhumanHeader';
import type { ContentCodec, TeamMessageContentShape } from '@robot-runtime/protocol/teamMessage/contentCodec';
import {
  decodeStandardMessage,
  StandardMessageError,
} from '@robot-runtime/protocol/standardMessage/StandardMessageCodec';
import { TeamMessageError } from '@robot-runtime/protocol/teamMessage/TeamMessageError';

/** How a team's packets are encoded. */
export type TeamFormat = 'bhuman' | 'standard';

/** A broken rule. */
export interface Violation {
  kind: 'size' | 'malformed' | 'rate' | 'budget';
  at: number;
  detail: string;
}

/** A position on the field (mm) or a pose (mm, rad). */
interface Vec2 {
  x: number;
  y: number;
}

/** Everything known about one robot heard on the network. */
export interface MonitoredRobot {
  team: number;
  player: number;
  address: string;
  format: TeamFormat;
  firstHeard: number;
  lastHeard: number;
  messages: number;
  bytes: number;
  lastSize: number;
  /** Messages per second over the last RATE_WINDOW_MS. */
  rate: number;
  pose?: { rotation: number; translation: Vec2 };
  poseValid?: boolean;
  /** Ball on the field (mm). */
  ball?: Vec2;
  /** ms since the ball was seen when the message was sent; undefined: never. */
  ballAge?: number;
  /** Walk velocity (mm/s, rad/s) for the walk-command arc (standard message). */
  walk?: { x: number; y: number; theta: number };
  kickTarget?: Vec2;
  role?: number;
  penalized?: boolean;
  upright?: boolean;
  /** The magic number its header implies (B-Human format). */
  magicNumber?: number;
  /** The most recent violations (newest last, at most MAX_VIOLATIONS). */
  violations: Violation[];
}

/** A team's message count against its budget. */
export interface TeamBudget {
  team: number;
  used: number;
  /** The GameController's number when known, else the overall budget minus what was heard. */
  remaining: number;
}

/** The monitor's state for a view. */
export interface TeamMonitorSnapshot {
  at: number;
  robots: MonitoredRobot[];
  budgets: TeamBudget[];
  /** Violations since monitoring began (also those of packets no robot could be named for). */
  violations: number;
  /** Packets not counted for any robot: no player number could be read, or it was outside 1..MAX_NUM_PLAYERS. */
  unattributed: number;
}

/** Window of the message rate (ms). */
const RATE_WINDOW_MS = 10_000;
/**
 * A robot not heard for this long (ms) is forgotten: it left, was switched off or never existed (a spoofed
 * number). The robot's own network forgets a teammate after the same time.
 */
export const ROBOT_TIMEOUT_MS = 10_000;
/**
 * Robots tracked at once: all 20 player numbers of 8 teams. Only the ports being listened on are heard, so this
 * is reached only when more teams than that are watched; then the robot heard longest ago makes room.
 */
export const MAX_TRACKED_ROBOTS = 8 * MAX_NUM_PLAYERS;
/** Violations kept per robot. */
const MAX_VIOLATIONS = 20;
/** The interval a B-Human robot keeps between messages unless its teamMessageHandler.cfg says otherwise (ms). */
const DEFAULT_MIN_SEND_INTERVAL = TeamMessageHandler.parameters!.defaultValue().minSendInterval;

/** Settings. */
export interface TeamMonitorOptions {
  /** Decoder of B-Human-format payloads (this runtime's teamMessage.def). */
  codec?: ContentCodec;
  /** Format per team number (default bhuman). */
  formats?: Record<number, TeamFormat>;
  /** Messages closer than half this (ms) are a rate violation (default: the TeamMessageHandler's). */
  minSendInterval?: number;
  /** A team's budget when no GameController packet told it (default: the GameController's). */
  overallBudget?: number;
}

/** Decodes and summarizes team traffic. */
export class TeamMonitor {
  /** Per robot, its message times: a second (floor(ms / 1000)) and how many messages came in it, oldest first. */
  private readonly robots = new Map<string, MonitoredRobot & { times: { second: number; count: number }[] }>();
  private readonly used = new Map<number, number>();
  private readonly gcBudget = new Map<number, number>();
  readonly peers = new PeerCatalog(5000);
  private violationCount = 0;
  private unattributed = 0;

  constructor(private readonly options: TeamMonitorOptions = {}) {}

  /** Sets a team's format (the monitor view offers the choice per team). */
  setFormat(team: number, format: TeamFormat): void {
    (this.options.formats ??= {})[team] = format;
  }

  /** The GameController's remaining budget for a team (from its packets). */
  setBudget(team: number, remaining: number): void {
    this.gcBudget.set(team, remaining);
  }

  /** Handles one packet heard on `team`'s port at `now` (ms). */
  feed(team: number, bytes: Uint8Array, address: string, now: number): void {
    const format = this.options.formats?.[team] ?? 'bhuman';
    const violations: Violation[] = [];
    if (bytes.length > MAX_TEAM_PACKET_SIZE)
      violations.push({ kind: 'size', at: now, detail: `${bytes.length} bytes > ${MAX_TEAM_PACKET_SIZE}` });
    let player = 0;
    let fields: Partial<MonitoredRobot> = {};
    try {
      if (format === 'standard') {
        const m = decodeStandardMessage(bytes);
        player = m.playerId;
        fields = {
          pose: { rotation: m.fieldPose.pose.theta, translation: { x: m.fieldPose.pose.x, y: m.fieldPose.pose.y } },
          ball: relativeToField(m.fieldPose.pose, m.ball.position),
          ballAge: m.ball.age,
          walk: m.walkCommand.velocity,
          kickTarget: m.kickTarget,
          penalized: m.state === 'STATE_PENALISED',
        };
      } else {
        const magicNumber = bytes[0]! ^ BHUMAN_MESSAGE_VERSION;
        const { header, payload } = decodeBHumanPacket(
          bytes.subarray(0, Math.min(bytes.length, MAX_TEAM_PACKET_SIZE)),
          magicNumber,
        );
        player = header.playerNumber;
        const content = this.options.codec?.decode(payload);
        if (this.options.codec && !content) throw new TeamMessageError('payload does not match teamMessage.def');
        fields = { magicNumber, ...(content ? contentFields(content) : {}) };
      }
    } catch (e) {
      if (!(e instanceof TeamMessageError || e instanceof StandardMessageError)) throw e;
      violations.push({ kind: 'malformed', at: now, detail: e.message });
    }
    // Every packet on the team's port counts against its budget, whoever claims to have sent it.
    this.used.set(team, (this.used.get(team) ?? 0) + 1);
    if (this.remaining(team) < 0)
      violations.push({ kind: 'budget', at: now, detail: `team ${team} has used its message budget` });
    this.forgetSilent(now);
    if (!Number.isInteger(player) || player < 1 || player > MAX_NUM_PLAYERS) {
      // No robot has this number (the rules' range, as the robot itself checks): counted, but nobody's.
      this.unattributed++;
      this.violationCount += violations.length || 1;
      return;
    }
    const key = `${team}/${player}`;
    let robot = this.robots.get(key);
    if (!robot) {
      if (this.robots.size >= MAX_TRACKED_ROBOTS) this.forgetLongestSilent();
      robot = {
        team,
        player,
        address,
        format,
        firstHeard: now,
        lastHeard: now,
        messages: 0,
        bytes: 0,
        lastSize: 0,
        rate: 0,
        violations: [],
        times: [],
      };
      this.robots.set(key, robot);
    } else {
      const interval = now - robot.lastHeard;
      const min = this.options.minSendInterval ?? DEFAULT_MIN_SEND_INTERVAL;
      // Priority messages may come sooner than the interval; more than twice as fast is a violation either way.
      if (interval < min / 2)
        violations.push({ kind: 'rate', at: now, detail: `${Math.round(interval)} ms after the previous message` });
    }
    Object.assign(robot, fields, { address, format, lastHeard: now, lastSize: bytes.length });
    robot.messages++;
    robot.bytes += bytes.length;
    // Counts per second, not a time per message: a flood costs 11 entries, not one per packet.
    const second = Math.floor(now / 1000);
    const last = robot.times.at(-1);
    if (last?.second === second) last.count++;
    else robot.times.push({ second, count: 1 });
    while (robot.times.length && robot.times[0]!.second < second - RATE_WINDOW_MS / 1000) robot.times.shift();
    robot.violations.push(...violations);
    if (robot.violations.length > MAX_VIOLATIONS) robot.violations.splice(0, robot.violations.length - MAX_VIOLATIONS);
    this.violationCount += violations.length;
    this.peers.heard(`robot:${key}`, 'robot', address, format === 'standard' ? 'standard' : 'team', now);
  }

  /** Robots currently tracked (at most MAX_TRACKED_ROBOTS). */
  get trackedRobots(): number {
    return this.robots.size;
  }

  /** Forgets robots not heard for ROBOT_TIMEOUT_MS before `now` (and their peers). */
  private forgetSilent(now: number): void {
    for (const [key, robot] of this.robots) if (now - robot.lastHeard > ROBOT_TIMEOUT_MS) this.robots.delete(key);
    this.peers.forget(now, ROBOT_TIMEOUT_MS);
  }

  /** Makes room for a new robot: the one heard longest ago goes. */
  private forgetLongestSilent(): void {
    let oldest: string | undefined;
    let oldestHeard = Infinity;
    for (const [key, robot] of this.robots)
      if (robot.lastHeard < oldestHeard) [oldest, oldestHeard] = [key, robot.lastHeard];
    if (oldest !== undefined) this.robots.delete(oldest);
  }

  private remaining(team: number): number {
    const gc = this.gcBudget.get(team);
    return gc !== undefined ? gc : (this.options.overallBudget ?? DEFAULT_MESSAGE_BUDGET) - (this.used.get(team) ?? 0);
  }

  /** The state for a view at `now`. */
  snapshot(now: number): TeamMonitorSnapshot {
    this.forgetSilent(now);
    const since = Math.floor(now / 1000) - RATE_WINDOW_MS / 1000;
    const robots = [...this.robots.values()]
      .sort((a, b) => a.team - b.team || a.player - b.player)
      .map(({ times, ...r }) => ({
        ...r,
        rate: times.reduce((n, t) => n + (t.second > since ? t.count : 0), 0) / (RATE_WINDOW_MS / 1000),
        violations: [...r.violations],
      }));
    const budgets = [...this.used.keys()]
      .sort((a, b) => a - b)
      .map((team) => ({ team, used: this.used.get(team)!, remaining: this.remaining(team) }));
    return { at: now, robots, budgets, violations: this.violationCount, unattributed: this.unattributed };
  }
}

function contentFields(c: TeamMessageContentShape): Partial<MonitoredRobot> {
  return {
    pose: c.pose,
    poseValid: c.poseValid,
    ball: c.ballPosition,
    ballAge: c.ballAge,
    role: c.role,
    penalized: c.isPenalized,
    upright: c.isUpright,
  };
}

function relativeToField(
  pose: { x: number; y: number; theta: number },
  p: { x: number; y: number },
): { x: number; y: number } {
  const c = Math.cos(pose.theta);
  const s = Math.sin(pose.theta);
  return { x: pose.x + c * p.x - s * p.y, y: pose.y + s * p.x + c * p.y };
}
