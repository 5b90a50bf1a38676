/**
 * @file The host side of the bridge as the transports see it: a transport (Electron IPC for one window, the
 * browser mode's WebSocket for one tab) opens a connection, forwards requests into it and delivers the events it
 * emits. Per-connection state (stream subscriptions) lives in the connection, so closing a tab frees it.
 */
import type { EventChannel, RequestChannel } from './channels';
import type { EventOf, RequestOf, ResponseOf } from './messages';

/** Delivers one event to the connected renderer. */
export type EmitEvent = <C extends EventChannel>(channel: C, payload: EventOf<C>) => void;

/** One renderer's connection to the host. */
export interface BridgeConnection {
  /**
   * Handles a request. `request` comes from an untrusted renderer: the host validates it and rejects (with an
   * Error whose message the renderer sees) when it is malformed.
   */
  request<C extends RequestChannel>(channel: C, request: RequestOf<C>): Promise<ResponseOf<C>>;
  /** Ends the connection and everything it subscribed to. */
  close(): void;
}

/** The host services behind the bridge. */
export interface BridgeHost {
  /** Opens a connection whose events go to `emit`. */
  connect(emit: EmitEvent): BridgeConnection;
}
