/**
 * @file The codec the team message handler uses, by name: the simple codec, which every robot has, or one of
 * the codecs the robot's host passes in the module context (e.g. the bit-packed one compiled from
 * `teamMessage.def`), chosen with the handler's `codec` parameter.
 */
import type { TeamMessageCodecs } from '@robot-runtime/core/module/defineModule';
import { simpleTeamMessageCodec } from './simpleTeamMessageCodec';
import type { TeamMessageCodec } from './teamMessageCodec';

/** The codec called `name`, or undefined. */
export function teamMessageCodec(name: string, fromHost: TeamMessageCodecs): TeamMessageCodec | undefined {
  if (name === simpleTeamMessageCodec.name) return simpleTeamMessageCodec;
  return fromHost.get(name);
}
