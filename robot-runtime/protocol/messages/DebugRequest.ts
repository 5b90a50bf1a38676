import { InBinary, OutBinary, StreamError } from '../binary';

/** A debug request: switch the named debug output (drawing, plot, representation, ...) on or off. */
export interface DebugRequest {
  name: string;
  enable: boolean;
}

/** Encodes the payload of an idDebugRequest message: string name, bool enable. */
export function encodeDebugRequest(request: DebugRequest): Uint8Array {
  const out = new OutBinary(8 + request.name.length);
  out.string(request.name);
  out.bool(request.enable);
  return out.toBytes();
}

/**
 * Decodes an idDebugRequest payload. Throws StreamError (with `baseOffset` added to its offset) when the payload is
 * truncated or has trailing bytes, so a malformed message is reported rather than half-applied.
 */
export function decodeDebugRequest(payload: Uint8Array, baseOffset = 0): DebugRequest {
  const input = new InBinary(payload, 0, payload.length, baseOffset);
  const name = input.string();
  const enable = input.bool();
  if (!input.atEnd)
    throw new StreamError(`debug request has ${input.remaining} trailing bytes`, baseOffset + input.offset);
  return { name, enable };
}
