/** @file The hand-made GameController packets of the protocol's tests, for module tests (which cannot reach protocol). */
export { handMadeHslPacket, handMadeSplPacket } from '../../protocol/gameController/handMadePackets';
