import { OutBinary } from '../binary/OutBinary';
import { payloadReader } from './payload';

/**
 * Payload of idModuleRequest: a timestamp (so threads apply each change once) and the Configuration, passed through
 * opaque (core/config decodes it).
 */
export interface ModuleRequest {
  timestamp: number;
  configuration: Uint8Array;
}

/** Encodes `uint32 timestamp`, then the Configuration bytes. */
export function encodeModuleRequest(request: ModuleRequest): Uint8Array {
  const out = new OutBinary(4 + request.configuration.length);
  out.uint32(request.timestamp);
  out.bytes(request.configuration);
  return out.toBytes();
}

/** Decodes an idModuleRequest payload (configuration bytes are a view); throws StreamError when truncated. */
export function decodeModuleRequest(payload: Uint8Array, baseOffset = 0): ModuleRequest {
  const inp = payloadReader(payload, baseOffset);
  const timestamp = inp.uint32();
  return { timestamp, configuration: inp.bytesView(inp.remaining) };
}
