/**
 * @file What a thread logs per frame (formats §3.2): each configured representation from its blackboard as `id<Rep>`,
 * then the thread's pending annotations. Runs inside the thread after its frame, so it must be cheap: the
 * representations are resolved once per configuration.
 */
import { encode } from '../../protocol/binary/encode';
import type { Message } from '../../protocol/messageQueue/Message';
import { messageIdForRepresentation } from '../../protocol/messages/MessageIDs';
import type { AnyType, TypeRef } from '../../protocol/types';

/** One representation to log, resolved. */
export interface LoggedRepresentation {
  name: string;
  id: number;
  type: TypeRef<unknown>;
}

/**
 * Resolves representation names against the types the thread knows; names without a message id or type are
 * returned in `unknown` so the robot can warn once.
 */
export function resolveLoggedRepresentations(
  names: readonly string[],
  types: ReadonlyMap<string, unknown>,
): { logged: LoggedRepresentation[]; unknown: string[] } {
  const logged: LoggedRepresentation[] = [];
  const unknown: string[] = [];
  for (const name of names) {
    const id = messageIdForRepresentation(name);
    const type = types.get(name) as AnyType | undefined;
    if (id === undefined || !type) unknown.push(name);
    else logged.push({ name, id, type: type as TypeRef<unknown> });
  }
  return { logged, unknown };
}

/** The messages of one logged frame (without the frame markers); representations not on the blackboard are skipped. */
export function logFrameMessages(
  logged: readonly LoggedRepresentation[],
  blackboard: { get(name: string): unknown },
  annotations: readonly Message[] = [],
): Message[] {
  const messages: Message[] = [];
  for (const r of logged) {
    const value = blackboard.get(r.name);
    if (value !== undefined) messages.push({ id: r.id, payload: encode(r.type, value as never) });
  }
  for (const a of annotations) messages.push(a);
  return messages;
}
