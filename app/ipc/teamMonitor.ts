/**
 * @file The bridge channels of the team monitor view: what every robot heard on a team port says (from the
 * simulation's in-process network and, when switched on, from the real network), streamed by the host at most
 * 10 times a second, and the request that starts or stops listening on a team's port. Kept apart from
 * messages.ts; channels.ts and messages.ts only splice these tables and maps in.
 */
import type { Static } from '@sinclair/typebox';
import { NO_FIELDS, oneOf, takes, Type } from './schema';

/** Event channels of the team monitor. */
export const TEAM_MONITOR_EVENT_CHANNELS = ['pitchside:teamMonitor.frame'] as const;

/** Highest team number: SPL team numbers are one byte, and each has the port 10000 + team. */
export const MAX_TEAM_NUMBER = 255;

/** Whether `value` is a team number (an integer from 0 to MAX_TEAM_NUMBER). */
export function isTeamNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_TEAM_NUMBER;
}

/** Where a robot was heard: live in the simulation or on the network, or in a replayed game's recording. */
export type TeamTrafficSource = 'simulation' | 'network' | 'replay';

/** How a team's packets can be encoded: B-Human's header + bit-packed `teamMessage.def`, or the standard protobuf. */
export const TEAM_MESSAGE_FORMATS = ['bhuman', 'standard'] as const;

/** How a team's packets are encoded. */
export type TeamMessageFormat = (typeof TEAM_MESSAGE_FORMATS)[number];

/** Rules a message can break (formats §8.2): larger than 128 bytes, undecodable, sent too often, over the budget. */
export type TeamRuleKind = 'size' | 'malformed' | 'rate' | 'budget';

/** One broken rule of one message. */
export interface TeamRuleViolation {
  readonly kind: TeamRuleKind;
  /** How long ago (ms, on the source's clock) the message came. */
  readonly age: number;
  readonly detail: string;
}

/** A point on the field (mm, the field frame of the first team of the simulation; a remote team's own frame). */
export interface MonitorPoint {
  readonly x: number;
  readonly y: number;
}

/** One robot as the monitor knows it from its messages. */
export interface MonitoredRobotInfo {
  /** Unique among the frame's robots: `<source>:<team>/<player>`. */
  readonly key: string;
  readonly source: TeamTrafficSource;
  readonly team: number;
  readonly player: number;
  /** The simulated robot's name, or the sender's `address:port`. */
  readonly name: string;
  readonly address: string;
  readonly format: TeamMessageFormat;
  /** Jersey colour (CSS) when known (simulation). */
  readonly color?: string;
  readonly messages: number;
  readonly bytes: number;
  /** Size of the latest message (bytes). */
  readonly lastSize: number;
  /** Messages per second over the last 10 s. */
  readonly rate: number;
  /** ms since the latest message. */
  readonly sinceHeard: number;
  /** Field pose (mm, rad). */
  readonly pose?: MonitorPoint & { readonly rotation: number };
  readonly poseValid?: boolean;
  readonly ball?: MonitorPoint;
  /** ms since the robot last saw the ball (now, not when it sent); undefined: never or not sent. */
  readonly ballSeenAgo?: number;
  /** ms since the robot last saw a goal; undefined: not in this team's messages. */
  readonly goalSeenAgo?: number;
  /** Walk velocity (mm/s, rad/s, robot frame) for the walk-command arc, when the format carries it. */
  readonly walk?: { readonly x: number; readonly y: number; readonly theta: number };
  /** Where the robot intends to kick the ball (field), when the format carries it. */
  readonly kickTarget?: MonitorPoint;
  /** Role name (`striker`, …) when the format carries it. */
  readonly role?: string;
  readonly penalized?: boolean;
  /** The simulated GameController's penalty name, when known (`none`, `playerPushing`, …). */
  readonly penalty?: string;
  readonly upright?: boolean;
  /** Messages its team may still send (GameController) or the overall budget minus what was heard. */
  readonly budgetRemaining?: number;
  /** The most recent rule violations (newest last). */
  readonly violations: readonly TeamRuleViolation[];
}

/** A team's message count against its budget. */
export interface MonitoredTeamInfo {
  readonly source: TeamTrafficSource;
  readonly team: number;
  readonly used: number;
  readonly remaining: number;
  readonly color?: string;
}

/** A team port the host listens on. */
export interface TeamListening {
  readonly team: number;
  readonly port: number;
  readonly format: TeamMessageFormat;
}

/** A GameController the monitor hears: the simulation's, or one on the network's GameController port. */
export interface MonitoredGameControllerInfo {
  readonly source: TeamTrafficSource;
  /** Which league's packet it sends: the SPL's (version 18) or the Humanoid Soccer League's (version 19). */
  readonly protocol: 'spl' | 'hsl';
  /** The game state it announces (`initial`, `playing`, …). */
  readonly state: string;
  /** Good packets heard (network only). */
  readonly packets?: number;
  /** Datagrams on the GameController port that were no GameController packet (network only). */
  readonly refused?: number;
  /** Sender (network only). */
  readonly address?: string;
  /** ms since its latest packet (network only). */
  readonly sinceHeard?: number;
}

/** `pitchside:teamMonitor.frame`: everything the monitor knows (at most 10 times a second). */
export interface TeamMonitorFrame {
  readonly robots: readonly MonitoredRobotInfo[];
  readonly teams: readonly MonitoredTeamInfo[];
  /** Rule violations since monitoring began. */
  readonly violations: number;
  /** Whether the session simulates a scene whose network is monitored. */
  readonly simulation: boolean;
  readonly listening: readonly TeamListening[];
  /** The GameControllers heard (the simulation's; the network's while a team port is listened on). */
  readonly gameControllers?: readonly MonitoredGameControllerInfo[];
  /** Why the last listen request failed (e.g. the port is taken). */
  readonly error?: string;
}

const TeamListenRequestSchema = Type.Object({
  team: Type.Integer({ minimum: 0, maximum: MAX_TEAM_NUMBER }),
  on: Type.Boolean(),
  /** Format of the team's packets (default bhuman). */
  format: Type.Optional(oneOf(TEAM_MESSAGE_FORMATS)),
});

/** `pitchside:teamMonitor.listen` request: start (`on`) or stop listening on `team`'s port. */
export type TeamListenRequest = Static<typeof TeamListenRequestSchema>;

/** The contracts of the channels above. */
export const TEAM_MONITOR_REQUESTS = {
  /** The current frame (the view asks once when it opens, then follows the stream). */
  'pitchside:teamMonitor.state': takes(NO_FIELDS).answers<TeamMonitorFrame>(),
  'pitchside:teamMonitor.listen': takes(TeamListenRequestSchema).answers<TeamMonitorFrame>(),
};

/** Payload types of the events above. */
export interface TeamMonitorEvents {
  'pitchside:teamMonitor.frame': TeamMonitorFrame;
}
