/**
 * @file The bit-packed codec in the shape of TeamMessageHandler's codec seam (modules/Communication): its
 * content goes through a `teamMessage.def` definition instead of a fixed layout. Structural types keep the
 * protocol layer free of module imports; the host registers the codec in each thread that sends.
 */
import { TeamMessageCodec } from './TeamMessageCodec';
import { TeamMessageError } from './TeamMessageError';

/** What TeamMessageHandler sends (the same shape as its TeamMessageContent). */
export interface TeamMessageContentShape {
  pose: { rotation: number; translation: { x: number; y: number } };
  poseValid: boolean;
  isUpright: boolean;
  isPenalized: boolean;
  ballPosition: { x: number; y: number };
  ballVelocity: { x: number; y: number };
  ballAge: number | undefined;
  role: number;
  timeToReachBall: number;
}

/** The seam's codec interface. */
export interface ContentCodec {
  readonly name: string;
  encode(content: TeamMessageContentShape): Uint8Array;
  decode(payload: Uint8Array): TeamMessageContentShape | undefined;
}

/** Name the bit-packed codec registers under (TeamMessageHandler's `codec` parameter). */
export const BIT_PACKED_CODEC_NAME = 'bitPacked';

/**
 * A content codec from `definition` (whose root record `TeamMessage` has the content's members; `ballAge` is an
 * array of at most one element, empty for "never"). Throws TeamMessageError when the definition does not compile.
 */
export function createContentCodec(
  definition: string,
  enums: Readonly<Record<string, readonly string[]>>,
): ContentCodec {
  const codec = TeamMessageCodec.fromDefinition(definition, { root: 'TeamMessage', enums });
  return {
    name: BIT_PACKED_CODEC_NAME,
    encode: (content) =>
      codec.encodePayload({ ...content, ballAge: content.ballAge === undefined ? [] : [content.ballAge] }, 0),
    decode: (payload) => {
      try {
        const m = codec.decodePayload(payload, 0) as unknown as TeamMessageContentShape & { ballAge: number[] };
        return { ...m, ballAge: m.ballAge[0] };
      } catch (e) {
        if (e instanceof TeamMessageError) return undefined;
        throw e;
      }
    },
  };
}
