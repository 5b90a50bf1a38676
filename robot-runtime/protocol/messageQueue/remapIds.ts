import type { Message } from './Message';

/** Options of remapMessageIds. */
export interface RemapOptions {
  /** Drop messages whose new id is 0 ('undefined': a name we do not know); default true. */
  dropUnknown?: boolean;
}

/**
 * Renumbers messages with `table` (foreign id -> our id, see buildMessageIdRemap). Payloads are shared, not
 * copied. Messages mapped to 0 are dropped by default: nothing downstream can interpret them.
 */
export function remapMessageIds(
  messages: readonly Message[],
  table: ArrayLike<number>,
  options: RemapOptions = {},
): Message[] {
  const dropUnknown = options.dropUnknown ?? true;
  const result: Message[] = [];
  for (const m of messages) {
    const id = table[m.id] ?? 0;
    if (id === 0 && dropUnknown) continue;
    result.push(id === m.id ? m : { id, payload: m.payload });
  }
  return result;
}
