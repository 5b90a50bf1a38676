/**
 * @file Picks the bridge for this page: the Electron preload's `window.pitchside` when present, else a WebSocket
 * to the browser-mode server that served the page, authenticated with the token from the page's URL.
 */
import type { PitchsideBridge } from '@app/ipc/bridge';
import { WebSocketBridge, type LinkState } from './WebSocketBridge';

/** The bridge and, in browser mode, its link state. */
export interface ConnectedBridge {
  readonly bridge: PitchsideBridge;
  /** Link state changes; undefined under Electron (IPC does not drop). */
  readonly onState?: (listener: (state: LinkState) => void) => () => void;
}

/** Path of the bridge WebSocket on the browser-mode server (app/web/server/WebServer.ts). */
const BRIDGE_PATH = '/bridge';
/** Path prefix of responses with bytes, fetched beside the socket (BULK_PATH of app/ipc/wire.ts). */
const BULK_PATH = '/bridge/bulk/';

/** Connects to the host. */
export function connectBridge(win: Window & { pitchside?: PitchsideBridge }): ConnectedBridge {
  if (win.pitchside) return { bridge: win.pitchside };
  const token = new URLSearchParams(win.location.search).get('token') ?? '';
  const scheme = win.location.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = `?token=${encodeURIComponent(token)}`;
  const socket = new WebSocketBridge(
    `${scheme}//${win.location.host}${BRIDGE_PATH}${query}`,
    (key) => `${win.location.origin}${BULK_PATH}${encodeURIComponent(key)}${query}`,
  );
  return { bridge: socket, onState: (listener) => socket.onState(listener) };
}
