/**
 * @file Telling the two GameController packets apart (formats §8.5). The SPL's and the Humanoid Soccer League's
 * GameControllers send on the same port with the same header "RGme"; the pair (version, datagram length) decides:
 * SPL = (18, 118), HSL = (19, 198). Any other length, header or pairing is refused, checked in B-Human's order
 * (size, header, version), so that a refused packet is counted under exactly one reason.
 */
import {
  decodeGameControlData,
  GAME_CONTROL_HEADER,
  GAME_CONTROL_SIZE,
  GAME_CONTROL_VERSION,
  type GameControlData,
} from './gameControlData';
import {
  decodeHslGameControlData,
  HSL_GAME_CONTROL_SIZE,
  HSL_GAME_CONTROL_VERSION,
  type HslGameControlData,
} from './hslGameControlData';

/** The GameController protocols: the SPL's (version 18) and the Humanoid Soccer League's (version 19). */
export const GAME_CONTROLLER_PROTOCOLS = ['spl', 'hsl'] as const;
/** One of {@link GAME_CONTROLLER_PROTOCOLS}. */
export type GameControllerProtocol = (typeof GAME_CONTROLLER_PROTOCOLS)[number];

/** A decoded data packet of either league. */
export type GameControlPacket =
  | { readonly protocol: 'spl'; readonly data: GameControlData }
  | { readonly protocol: 'hsl'; readonly data: HslGameControlData };

/** Why a packet was refused ('team': well-formed, but neither team is ours). */
export type GcRejection = 'size' | 'header' | 'version' | 'team';

/** Size and version of each protocol's packet. */
const LAYOUTS: Record<GameControllerProtocol, { size: number; version: number }> = {
  spl: { size: GAME_CONTROL_SIZE, version: GAME_CONTROL_VERSION },
  hsl: { size: HSL_GAME_CONTROL_SIZE, version: HSL_GAME_CONTROL_VERSION },
};

/** Which protocol `bytes` is a data packet of, or why it is none (with a sentence for logs). */
export function classifyGameControlPacket(
  bytes: Uint8Array,
): { protocol: GameControllerProtocol } | { reason: Exclude<GcRejection, 'team'>; detail: string } {
  const protocol = GAME_CONTROLLER_PROTOCOLS.find((p) => LAYOUTS[p].size === bytes.length);
  if (!protocol)
    return {
      reason: 'size',
      detail: `size ${bytes.length} is neither ${GAME_CONTROL_SIZE} nor ${HSL_GAME_CONTROL_SIZE}`,
    };
  if (String.fromCharCode(bytes[0]!, bytes[1]!, bytes[2]!, bytes[3]!) !== GAME_CONTROL_HEADER)
    return { reason: 'header', detail: `header is not ${GAME_CONTROL_HEADER}` };
  const version = LAYOUTS[protocol].version;
  if (bytes[4] !== version)
    return {
      reason: 'version',
      detail: `version ${bytes[4]} does not belong to a ${bytes.length}-byte packet (${version})`,
    };
  return { protocol };
}

/** Decodes a data packet of either league; undefined when its size, header or version is wrong. */
export function decodeGameControlPacket(bytes: Uint8Array): GameControlPacket | undefined {
  const kind = classifyGameControlPacket(bytes);
  if (!('protocol' in kind)) return undefined;
  return kind.protocol === 'spl'
    ? { protocol: 'spl', data: decodeGameControlData(bytes)! }
    : { protocol: 'hsl', data: decodeHslGameControlData(bytes) };
}
