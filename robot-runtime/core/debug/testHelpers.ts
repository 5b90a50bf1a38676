import { encodeDebugDataChangeRequest } from '../../protocol/debugMessages/debugData';
import { decodeDebugResponse, type DebugResponse } from '../../protocol/debugMessages/debugResponse';
import { encodeDebugRequest } from '../../protocol/debugMessages/debugRequest';
import type { Message } from '../../protocol/messageQueue/Message';
import { MessageID } from '../../protocol/messages/MessageIDs';
import { ManualClock } from '../Clock';
import { ThreadDebugger } from './ThreadDebugger';

/**
 * Test support for ThreadDebugger tests: a debugger on a manual clock plus helpers that build incoming messages
 * and read outgoing ones. Nothing in the runtime uses it.
 */
export function makeDebugger(micros: () => number = () => 0): { debug: ThreadDebugger; clock: ManualClock } {
  const clock = new ManualClock(0, micros);
  return { debug: new ThreadDebugger({ clock, threadName: 'Cognition' }), clock };
}

/** An incoming idDebugRequest. */
export function request(name: string, enable = true): Message {
  return { id: MessageID.idDebugRequest, payload: encodeDebugRequest({ name, enable }) };
}

/** An incoming idDebugDataChangeRequest (no data = release). */
export function dataChange(name: string, data?: Uint8Array): Message {
  return { id: MessageID.idDebugDataChangeRequest, payload: encodeDebugDataChangeRequest({ name, data }) };
}

/** The messages with id `id`. */
export function ofId(messages: Message[], id: number): Message[] {
  return messages.filter((m) => m.id === id);
}

/** The decoded idDebugResponse messages. */
export function responses(messages: Message[]): DebugResponse[] {
  return ofId(messages, MessageID.idDebugResponse).map((m) => decodeDebugResponse(m.payload));
}

/** Names announced by idDebugResponse (polling answers). */
export function announced(messages: Message[]): string[] {
  return responses(messages).flatMap((r) => (r.kind === 'request' ? [r.name] : []));
}
