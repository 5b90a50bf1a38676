import { recordPayload, wire } from '../debugMessages/recordPayload';

/** A debug request: switch the named debug output (drawing, plot, representation, ...) on or off. */
export interface DebugRequest {
  name: string;
  enable: boolean;
}

const debugRequest = recordPayload<DebugRequest>('debug request', { name: wire.string, enable: wire.bool });

/** Encodes the payload of an idDebugRequest message: string name, bool enable. */
export const encodeDebugRequest = debugRequest.encode;

/**
 * Decodes an idDebugRequest payload. Throws StreamError (with `baseOffset` added to its offset) when the payload is
 * truncated or has trailing bytes, so a malformed message is reported rather than half-applied.
 */
export const decodeDebugRequest = debugRequest.decode;
