/**
 * @file The bridge's channel names: one allowlist shared by the Electron preload, the Electron main process and
 * the browser-mode WebSocket server, so that a channel cannot exist on one transport and be missing on another.
 * Every name carries the `pitchside:` prefix (VS Code's convention: a prefix makes a foreign channel obvious).
 */

import { FILES_REQUEST_CHANNELS } from './files';
import { LOG_PLAYER_EVENT_CHANNELS, LOG_PLAYER_REQUEST_CHANNELS } from './logPlayer';
import { SIMULATION_EVENT_CHANNELS, SIMULATION_REQUEST_CHANNELS } from './simulation';
import { TEAM_MONITOR_EVENT_CHANNELS, TEAM_MONITOR_REQUEST_CHANNELS } from './teamMonitor';
import { TEST_RUNS_EVENT_CHANNELS, TEST_RUNS_REQUEST_CHANNELS } from './testRuns';
import { VIEW_DATA_EVENT_CHANNELS, VIEW_DATA_REQUEST_CHANNELS } from './viewData';

/** Prefix of every bridge channel. */
export const CHANNEL_PREFIX = 'pitchside:';

/** Core channels the renderer may call (request → response). */
const CORE_REQUEST_CHANNELS = [
  'pitchside:session.info',
  'pitchside:console.run',
  'pitchside:console.runScript',
  'pitchside:console.completions',
  'pitchside:robots.list',
  'pitchside:data.subscribe',
  'pitchside:data.unsubscribe',
  'pitchside:layout.save',
  'pitchside:layout.load',
] as const;

/**
 * Channels the renderer may call: the core ones plus each area's list (areas keep their channels in their own
 * file, e.g. viewData.ts, and add one spread here).
 */
export const REQUEST_CHANNELS = [
  ...CORE_REQUEST_CHANNELS,
  ...VIEW_DATA_REQUEST_CHANNELS,
  ...SIMULATION_REQUEST_CHANNELS,
  ...LOG_PLAYER_REQUEST_CHANNELS,
  ...TEAM_MONITOR_REQUEST_CHANNELS,
  ...FILES_REQUEST_CHANNELS,
  ...TEST_RUNS_REQUEST_CHANNELS,
] as const;

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
export type RequestChannel = (typeof REQUEST_CHANNELS)[number];

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
