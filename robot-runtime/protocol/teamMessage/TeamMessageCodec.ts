/**
 * @file A team message codec generated at run time from a `teamMessage.def` text: compiles once, then encodes
 * and decodes payloads (and whole packets with the BHumanMessage header).
 */
import { BitReader, BitWriter } from './bits';
import { compileDef, type CompileOptions } from './compileDef';
import type { CodecContext, FieldCodec, Random } from './FieldCodec';
import {
  decodeBHumanPacket,
  encodeBHumanPacket,
  expandTimestamp,
  MAX_TEAM_PAYLOAD_SIZE,
  type BHumanHeader,
} from './bhumanHeader';
import { parseDef } from './parseDef';
import { TeamMessageError } from './TeamMessageError';

/** How to build a codec. */
export interface TeamMessageCodecOptions extends CompileOptions {
  /** The record that is the message (default `TeamMessage`). */
  readonly root?: string;
}

/** A received packet, decoded. */
export interface DecodedTeamPacket {
  readonly header: BHumanHeader;
  /** The message, with time stamps converted to local time when a conversion was given. */
  readonly message: Record<string, unknown>;
  /** Packet size (bytes). */
  readonly size: number;
}

/** Encodes and decodes the messages of one definition. */
export class TeamMessageCodec {
  private constructor(
    private readonly codec: FieldCodec,
    /** The record the messages are. */
    readonly root: string,
  ) {}

  /** Parses and compiles `definition`. Throws TeamMessageError, also when the largest message cannot fit a packet. */
  static fromDefinition(definition: string, options: TeamMessageCodecOptions): TeamMessageCodec {
    const root = options.root ?? 'TeamMessage';
    const codec = compileDef(parseDef(definition), root, options);
    if (Math.ceil(codec.minBits / 8) > MAX_TEAM_PAYLOAD_SIZE)
      throw new TeamMessageError(
        `${root} needs at least ${Math.ceil(codec.minBits / 8)} bytes, more than the ${MAX_TEAM_PAYLOAD_SIZE} a packet holds`,
      );
    return new TeamMessageCodec(codec, root);
  }

  /** Largest payload (bytes) a message can take; may exceed the packet room when arrays are long. */
  get maxPayloadBytes(): number {
    return Math.ceil(this.codec.maxBits / 8);
  }

  /** Smallest payload (bytes). */
  get minPayloadBytes(): number {
    return Math.ceil(this.codec.minBits / 8);
  }

  /** The compressed bits of `message`, relative time stamps measured from `timestamp`. */
  encodePayload(message: unknown, timestamp: number): Uint8Array {
    const writer = new BitWriter();
    this.codec.write(writer, message, { base: timestamp });
    return writer.finish();
  }

  /** The message in `payload`; `timestamp` is the sender's time of the message. */
  decodePayload(payload: Uint8Array, timestamp: number, toLocal?: (remote: number) => number): Record<string, unknown> {
    return this.codec.read(new BitReader(payload), { base: timestamp, toLocal }) as Record<string, unknown>;
  }

  /** A whole packet: header + payload; throws TeamMessageError when it exceeds 128 bytes. */
  encodePacket(header: BHumanHeader, message: unknown, magicNumber: number): Uint8Array {
    return encodeBHumanPacket(header, this.encodePayload(message, header.timestamp), magicNumber);
  }

  /**
   * Decodes a packet. The 24-bit header time stamp is completed near `receiveTime` expressed on the sender's
   * clock (`toRemote`), and decoded time stamps go back through `toLocal`; both default to the identity.
   */
  decodePacket(
    packet: Uint8Array,
    magicNumber: number,
    receiveTime: number,
    clock: { toRemote?(local: number): number; toLocal?(remote: number): number } = {},
  ): DecodedTeamPacket {
    const { header, payload } = decodeBHumanPacket(packet, magicNumber);
    const near = clock.toRemote ? clock.toRemote(receiveTime) : receiveTime;
    const full: BHumanHeader = { ...header, timestamp: expandTimestamp(header.timestamp, near) };
    const message = this.codec.read(new BitReader(payload), { base: full.timestamp, toLocal: clock.toLocal });
    return { header: full, message: message as Record<string, unknown>, size: packet.length };
  }

  /** A random message inside the declared ranges (property tests, benchmarks). */
  sample(random: Random, timestamp: number): Record<string, unknown> {
    return this.codec.sample(random, { base: timestamp }) as Record<string, unknown>;
  }

  /** Why `decoded` is not `original` after quantization (undefined when it is): the round-trip property. */
  mismatch(original: unknown, decoded: unknown, timestamp: number): string | undefined {
    const ctx: CodecContext = { base: timestamp };
    return this.codec.mismatch(original, decoded, ctx);
  }
}
