/**
 * @file The codecs the team message handler can use, by name. Another codec (e.g. a bit-packed one generated from
 * `teamMessage.def`) registers itself here and is chosen with the handler's `codec` parameter.
 */
import { simpleTeamMessageCodec } from './simpleTeamMessageCodec';
import type { TeamMessageCodec } from './teamMessageCodec';

const codecs = new Map<string, TeamMessageCodec>([[simpleTeamMessageCodec.name, simpleTeamMessageCodec]]);

/** Makes a codec available under its name (replacing one of the same name). */
export function registerTeamMessageCodec(codec: TeamMessageCodec): void {
  codecs.set(codec.name, codec);
}

/** The codec called `name`, or undefined. */
export function teamMessageCodec(name: string): TeamMessageCodec | undefined {
  return codecs.get(name);
}
