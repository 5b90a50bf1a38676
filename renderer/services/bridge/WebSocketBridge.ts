/**
 * @file The bridge over the browser mode's WebSocket: the same interface the Electron preload exposes, so views
 * cannot tell the two apart. Requests made before the socket opens wait for it; when it closes, pending and
 * later requests fail with a message the UI shows (the session token ends with the server, so there is no
 * silent reconnect to a different session).
 */
import type { PitchsideBridge, Unlisten } from '@app/ipc/bridge';
import type { EventChannel, RequestChannel } from '@app/ipc/channels';
import type { EventOf, RequestOf, ResponseOf } from '@app/ipc/messages';
import { decodeJsonWithBytes } from '@robot-runtime/protocol/binary/jsonWithBytes';
import type { WireFromHost, WireRequest, WireResponse } from '@app/ipc/wire';

/** State of the link to the host. */
export type LinkState = 'connecting' | 'open' | 'closed';

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** A bridge over one WebSocket. */
export class WebSocketBridge implements PitchsideBridge {
  private readonly socket: WebSocket;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<string, Set<(payload: unknown) => void>>();
  private readonly stateListeners = new Set<(state: LinkState) => void>();
  private readonly opened: Promise<void>;
  private nextId = 1;
  state: LinkState = 'connecting';

  /**
   * `url` is the WebSocket's; `bulkUrl` gives the HTTP address of a response that carries bytes (the server keeps
   * those off the socket, app/host/serving/BulkResponses.ts).
   */
  constructor(
    url: string,
    private readonly bulkUrl: (key: string) => string,
  ) {
    this.socket = new WebSocket(url);
    this.socket.binaryType = 'arraybuffer';
    // State first, then resolve: browsers run promise continuations between event listeners.
    this.opened = new Promise((resolve) =>
      this.socket.addEventListener('open', () => {
        this.setState('open');
        resolve();
      }),
    );
    this.socket.addEventListener('close', () => this.onClose());
    this.socket.addEventListener('message', (event) => this.onMessage(event.data as string | ArrayBuffer));
  }

  async invoke<C extends RequestChannel>(channel: C, request: RequestOf<C>): Promise<ResponseOf<C>> {
    if (this.state === 'connecting') await Promise.race([this.opened, this.closedPromise()]);
    if (this.state !== 'open')
      throw new Error('Not connected to the Pitchside host (restart it with npm start and open the new URL)');
    const id = this.nextId++;
    const frame: WireRequest = { kind: 'request', id, channel, payload: request };
    return new Promise<ResponseOf<C>>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.socket.send(JSON.stringify(frame));
    });
  }

  on<C extends EventChannel>(channel: C, listener: (payload: EventOf<C>) => void): Unlisten {
    let set = this.listeners.get(channel);
    if (!set) this.listeners.set(channel, (set = new Set()));
    const wrapped = listener as (payload: unknown) => void;
    set.add(wrapped);
    return () => set.delete(wrapped);
  }

  /** Listens to link state changes. */
  onState(listener: (state: LinkState) => void): Unlisten {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  private closedPromise(): Promise<void> {
    return new Promise((resolve) => this.socket.addEventListener('close', () => resolve(), { once: true }));
  }

  private setState(state: LinkState): void {
    this.state = state;
    for (const listener of this.stateListeners) listener(state);
  }

  private onClose(): void {
    this.setState('closed');
    for (const p of this.pending.values()) p.reject(new Error('Connection to the Pitchside host closed'));
    this.pending.clear();
  }

  private onMessage(data: string | ArrayBuffer): void {
    let frame: WireFromHost;
    try {
      frame = this.decode(data);
    } catch {
      return;
    }
    if (frame.kind === 'response') {
      const p = this.pending.get(frame.id);
      if (!p) return;
      this.pending.delete(frame.id);
      if ('bulk' in frame) this.fetchBulk(frame.bulk).then((response) => settle(p, response), p.reject);
      else settle(p, frame);
      return;
    }
    for (const listener of this.listeners.get(frame.channel) ?? []) {
      try {
        listener(frame.payload);
      } catch (error) {
        console.error(error); // one broken listener must not starve the others
      }
    }
  }

  /** A frame from the host: JSON text, or binary for a response that carries bytes (app/host/serving/wireFrames.ts). */
  private decode(data: string | ArrayBuffer): WireFromHost {
    return (typeof data === 'string' ? JSON.parse(data) : decodeJsonWithBytes(new Uint8Array(data))) as WireFromHost;
  }

  /** Fetches the response the host keeps under `key`. */
  private async fetchBulk(key: string): Promise<WireResponse> {
    const response = await fetch(this.bulkUrl(key));
    if (!response.ok) throw new Error(`The host's answer was lost (${response.status} ${response.statusText})`);
    const frame = this.decode(await response.arrayBuffer());
    if (frame.kind !== 'response' || 'bulk' in frame) throw new Error('The host sent a malformed answer');
    return frame;
  }
}

/** Resolves or rejects `p` with what `response` says. */
function settle(p: Pending, response: WireResponse): void {
  if (response.ok) p.resolve(response.payload);
  else p.reject(new Error(response.error));
}
