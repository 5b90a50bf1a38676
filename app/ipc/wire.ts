/**
 * @file Envelopes of the browser mode's WebSocket: the bridge's requests, responses and events as JSON text
 * frames. Electron does not use these (its IPC already pairs requests with responses).
 */
import { isRequestChannel, type EventChannel, type RequestChannel } from './channels';

/** Largest WebSocket frame either side accepts (bytes); console lines and layouts are far smaller. */
export const MAX_WIRE_MESSAGE_BYTES = 1 << 20;

/** Renderer → host: a request with an id the response echoes. */
export interface WireRequest {
  readonly kind: 'request';
  readonly id: number;
  readonly channel: RequestChannel;
  readonly payload: unknown;
}

/** Host → renderer: the answer to request `id`. */
export type WireResponse =
  | { readonly kind: 'response'; readonly id: number; readonly ok: true; readonly payload: unknown }
  | { readonly kind: 'response'; readonly id: number; readonly ok: false; readonly error: string };

/** Host → renderer: an event. */
export interface WireEvent {
  readonly kind: 'event';
  readonly channel: EventChannel;
  readonly payload: unknown;
}

/**
 * Host → renderer: the answer to request `id` carries bytes and waits, encoded as one binary frame would be, at
 * `BULK_PATH + bulk` (with the session token) to be fetched once over HTTP (app/host/serving/BulkResponses.ts).
 */
export interface WireBulkResponse {
  readonly kind: 'response';
  readonly id: number;
  readonly ok: true;
  /** The one-time key of the response's body. */
  readonly bulk: string;
}

/** Path prefix under which bulk responses are fetched. */
export const BULK_PATH = '/bridge/bulk/';

/** Anything the host sends. */
export type WireFromHost = WireResponse | WireBulkResponse | WireEvent;

/** Parses and validates a frame from the renderer; returns an error text for anything malformed. */
export function parseWireRequest(text: string): WireRequest | { error: string; id?: number } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: 'malformed JSON' };
  }
  if (typeof value !== 'object' || value === null) return { error: 'not an object' };
  const record = value as Record<string, unknown>;
  const id = typeof record.id === 'number' && Number.isSafeInteger(record.id) ? record.id : undefined;
  if (record.kind !== 'request' || id === undefined) return { error: 'not a request', id };
  if (!isRequestChannel(record.channel)) return { error: `channel not allowed: ${String(record.channel)}`, id };
  if (typeof record.payload !== 'object' || record.payload === null) return { error: 'payload must be an object', id };
  return { kind: 'request', id, channel: record.channel, payload: record.payload };
}
