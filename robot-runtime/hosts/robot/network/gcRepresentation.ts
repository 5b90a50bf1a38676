/** @file A received GameController packet as the runtime's GameControllerData representation. */
import { decodeGameControlData } from '@robot-runtime/protocol/gameController/gameControlData';
import {
  gameControllerDataFromPacket,
  type GameControllerData,
} from '@robot-runtime/representations/Infrastructure/GameControllerData';

/** The representation of `bytes` received at `receivedAt` (thread clock), or undefined for a bad packet. */
export function gameControllerRepresentation(bytes: Uint8Array, receivedAt: number): GameControllerData | undefined {
  const d = decodeGameControlData(bytes);
  return d ? gameControllerDataFromPacket(d, receivedAt) : undefined;
}
