/**
 * @file The one object the renderer talks to the host through. The Electron preload exposes it as
 * `window.pitchside`; in browser mode the renderer builds the same interface over a WebSocket. Views never know
 * which one they got.
 */
import type { EventChannel, RequestChannel } from './channels';
import type { EventOf, RequestOf, ResponseOf } from './messages';

/** Removes an event listener. */
export type Unlisten = () => void;

/** The typed bridge between renderer and host. */
export interface PitchsideBridge {
  /** Sends a request; rejects with the host's error message when it fails or the channel is not allowlisted. */
  invoke<C extends RequestChannel>(channel: C, request: RequestOf<C>): Promise<ResponseOf<C>>;
  /** Listens to an event channel; returns the function that stops listening. */
  on<C extends EventChannel>(channel: C, listener: (payload: EventOf<C>) => void): Unlisten;
}

/** The global name under which the Electron preload exposes the bridge. */
export const BRIDGE_GLOBAL = 'pitchside';
