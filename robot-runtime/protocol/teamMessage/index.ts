/** @file Team messages from `teamMessage.def` definitions (facts §8.1, §8.2). */
export { TeamMessageError } from './TeamMessageError';
export { parseDef, type DefRecord, type DefMember, type DefType, type DefCount } from './parseDef';
export { compileDef, type CompileOptions } from './compileDef';
export type { FieldCodec, CodecContext, Random } from './FieldCodec';
export { BitReader, BitWriter, bitLength } from './bits';
export * from './bhumanHeader';
export { TeamMessageCodec, type TeamMessageCodecOptions, type DecodedTeamPacket } from './TeamMessageCodec';
export { createContentCodec, BIT_PACKED_CODEC_NAME, type ContentCodec, type TeamMessageContentShape } from './contentCodec';
