import { StreamError } from '../binary/StreamError';
import { decodeTextItems, encodeTextItems } from './textItems';

/** The token a thread sends after its polling frames are over. */
export const POLLING_FINISHED = 'pollingFinished';

/** Payload of idDebugResponse: a request name the thread knows and whether it is on, or the end of polling. */
export type DebugResponse = { kind: 'request'; name: string; enabled: boolean } | { kind: 'pollingFinished' };

/** Encodes the text `<name> <true|false>` or `pollingFinished` (OutText: items preceded by a space, quoted when needed). */
export function encodeDebugResponse(response: DebugResponse): Uint8Array {
  return response.kind === 'pollingFinished'
    ? encodeTextItems([POLLING_FINISHED])
    : encodeTextItems([response.name, response.enabled]);
}

/** Decodes an idDebugResponse payload; throws StreamError when it is neither form. */
export function decodeDebugResponse(payload: Uint8Array, baseOffset = 0): DebugResponse {
  const items = decodeTextItems(payload, baseOffset);
  if (items.length === 1 && items[0] === POLLING_FINISHED) return { kind: 'pollingFinished' };
  if (items.length === 2 && (items[1] === 'true' || items[1] === 'false')) {
    return { kind: 'request', name: items[0]!, enabled: items[1] === 'true' };
  }
  throw new StreamError(`debug response is neither "<name> <true|false>" nor "${POLLING_FINISHED}"`, baseOffset);
}
