/**
 * @file The bridge's channel names: one allowlist shared by the Electron preload, the Electron main process and
 * the browser-mode WebSocket server, so that a channel cannot exist on one transport and be missing on another.
 * The request channels are the keys of the contracts (`BRIDGE_REQUESTS`), so a request channel cannot exist
 * without the schema of its request. Every name carries the `pitchside:` prefix (VS Code's convention: a prefix
 * makes a foreign channel obvious).
 */

import { FILES_REQUESTS } from './files';
import { GAME_TIMELINE_REQUESTS } from './gameTimeline';
import { LOG_PLAYER_EVENT_CHANNELS, LOG_PLAYER_REQUESTS } from './logPlayer';
import { LOG_VARIANT_REQUESTS } from './logVariants';
import { CORE_REQUESTS } from './messages';
import { channelsOf } from './schema';
import { SIMULATION_EVENT_CHANNELS, SIMULATION_REQUESTS } from './simulation';
import { TEAM_MONITOR_EVENT_CHANNELS, TEAM_MONITOR_REQUESTS } from './teamMonitor';
import { TEST_RUNS_EVENT_CHANNELS, TEST_RUNS_REQUESTS } from './testRuns';
import { VIEW_DATA_EVENT_CHANNELS, VIEW_DATA_REQUESTS } from './viewData';

/** Prefix of every bridge channel. */
export const CHANNEL_PREFIX = 'pitchside:';

/**
 * The contract of every channel the renderer may call (request → response): the core ones plus each area's table
 * (areas keep their contracts in their own file, e.g. viewData.ts, and add one spread here).
 */
export const BRIDGE_REQUESTS = {
  ...CORE_REQUESTS,
  ...VIEW_DATA_REQUESTS,
  ...SIMULATION_REQUESTS,
  ...LOG_PLAYER_REQUESTS,
  ...GAME_TIMELINE_REQUESTS,
  ...LOG_VARIANT_REQUESTS,
  ...TEAM_MONITOR_REQUESTS,
  ...FILES_REQUESTS,
  ...TEST_RUNS_REQUESTS,
};

/** Channels the renderer may call. */
export const REQUEST_CHANNELS = channelsOf(BRIDGE_REQUESTS);

/** Core channels the host pushes to the renderer (events). */
const CORE_EVENT_CHANNELS = [
  'pitchside:console.output',
  'pitchside:console.clear',
  'pitchside:robots.changed',
  'pitchside:data.event',
] as const;

/** Channels the host pushes to the renderer: the core ones plus each area's list. */
export const EVENT_CHANNELS = [
  ...CORE_EVENT_CHANNELS,
  ...VIEW_DATA_EVENT_CHANNELS,
  ...SIMULATION_EVENT_CHANNELS,
  ...LOG_PLAYER_EVENT_CHANNELS,
  ...TEAM_MONITOR_EVENT_CHANNELS,
  ...TEST_RUNS_EVENT_CHANNELS,
] as const;

/** A request channel name. */
export type RequestChannel = keyof typeof BRIDGE_REQUESTS;

/** An event channel name. */
export type EventChannel = (typeof EVENT_CHANNELS)[number];

const REQUEST_SET: ReadonlySet<string> = new Set(REQUEST_CHANNELS);
const EVENT_SET: ReadonlySet<string> = new Set(EVENT_CHANNELS);

/** True when `channel` is an allowlisted request channel (input from the renderer is untrusted). */
export function isRequestChannel(channel: unknown): channel is RequestChannel {
  return typeof channel === 'string' && REQUEST_SET.has(channel);
}

/** True when `channel` is an allowlisted event channel. */
export function isEventChannel(channel: unknown): channel is EventChannel {
  return typeof channel === 'string' && EVENT_SET.has(channel);
}
