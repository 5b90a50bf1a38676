import { OutBinary } from '../binary/OutBinary';
import { StreamError } from '../binary/StreamError';
import { expectEnd, payloadReader } from './payload';

/**
 * Payload of idDebugDataChangeRequest (`set <name> …`): `data` holds the binary object to hold as an override, or
 * is undefined to release the override (`set <name> unchanged`).
 */
export interface DebugDataChangeRequest {
  /** The MODIFY name without the `debug data:` prefix, e.g. `representation:BallModel`. */
  name: string;
  data?: Uint8Array;
}

/** Payload of idDebugDataResponse: the answer to `get <name>`. */
export interface DebugDataResponse {
  name: string;
  /** The TypeInfo name of the object's type, so the receiver can decode it through the type specification. */
  type: string;
  data: Uint8Array;
}

/** Encodes `string name, char flag` (0 release, 1 set) and, when setting, the object's bytes. */
export function encodeDebugDataChangeRequest(request: DebugDataChangeRequest): Uint8Array {
  const out = new OutBinary(9 + request.name.length + (request.data?.length ?? 0));
  out.string(request.name);
  out.uint8(request.data ? 1 : 0);
  if (request.data) out.bytes(request.data);
  return out.toBytes();
}

/** Decodes an idDebugDataChangeRequest payload (`data` is a view into `payload`); throws StreamError when malformed. */
export function decodeDebugDataChangeRequest(payload: Uint8Array, baseOffset = 0): DebugDataChangeRequest {
  const inp = payloadReader(payload, baseOffset);
  const name = inp.string();
  const flagAt = inp.offset;
  const flag = inp.uint8();
  if (flag === 0) {
    expectEnd(inp, 'debug data release');
    return { name };
  }
  if (flag !== 1) throw new StreamError(`debug data change flag ${flag} is neither 0 nor 1`, baseOffset + flagAt);
  return { name, data: inp.bytesView(inp.remaining) };
}

/** Encodes `string name, string type`, then the object's bytes. */
export function encodeDebugDataResponse(response: DebugDataResponse): Uint8Array {
  const out = new OutBinary(8 + response.name.length + response.type.length + response.data.length);
  out.string(response.name);
  out.string(response.type);
  out.bytes(response.data);
  return out.toBytes();
}

/** Decodes an idDebugDataResponse payload (`data` is a view into `payload`); throws StreamError when malformed. */
export function decodeDebugDataResponse(payload: Uint8Array, baseOffset = 0): DebugDataResponse {
  const inp = payloadReader(payload, baseOffset);
  const name = inp.string();
  const type = inp.string();
  return { name, type, data: inp.bytesView(inp.remaining) };
}
