/**
 * @file The host's side of the bridge contracts: one handler per request channel, typed from the channel's schema
 * (its request) and contract (its response). The session answers its own channels and every provider brings a
 * table for the channels of its area; the session dispatches through the merged table, without casts.
 */
import type { RequestChannel } from '@app/ipc/channels';
import type { RequestOf, ResponseOf } from '@app/ipc/messages';
import type { StreamSubscriptions } from './StreamSubscriptions';

/** Who sent a request: the state of the connection it came on. */
export interface RequestCaller {
  /** The connection's stream subscriptions (closed with the connection). */
  readonly streams: StreamSubscriptions;
}

/** Answers one request on channel `C` (already validated against its schema). */
export type RequestHandler<C extends RequestChannel> = (
  request: RequestOf<C>,
  caller: RequestCaller,
) => ResponseOf<C> | Promise<ResponseOf<C>>;

/** Handlers by channel; a table may answer any subset of the channels. */
export type RequestHandlers = { readonly [C in RequestChannel]?: RequestHandler<C> };
