/** @file The GameController's packet as the robots' GameControllerData representation, in either league's protocol. */
import {
  GAME_CONTROLLER_PROTOCOLS,
  type GameControllerProtocol,
} from '@robot-runtime/protocol/gameController/gameControlPacket';
import { encodeHslGameControlData } from '@robot-runtime/protocol/gameController/hslGameControlData';
import {
  gameControllerDataFromBytes,
  gameControllerDataFromPacket,
} from '@robot-runtime/representations/Infrastructure/GameControllerData';
import type { GameControllerData } from '../gameController/GameControllerData';
import { SceneError } from '../scene/SceneError';
import type { SceneModel } from '../scene/SceneModel';
import { hslPacketOf } from '../gameController/hslPacket';

/**
 * Converts the simulator's packet into the robot representation (the first packet goes out at time 0). Speaking
 * HSL, the packet goes through its bytes, so a simulated robot decodes what a real one would receive.
 */
export function toRobotGameControllerData(d: GameControllerData, protocol: GameControllerProtocol = 'spl'): unknown {
  if (protocol === 'spl') return gameControllerDataFromPacket(d, d.timeLastPacketReceived);
  return gameControllerDataFromBytes(encodeHslGameControlData(hslPacketOf(d)), d.timeLastPacketReceived);
}

/** The protocol a scene's GameController speaks: `<Set name="gameController" value="spl | hsl"/>`, default SPL. */
export function gameControllerProtocolOf(scene: SceneModel): GameControllerProtocol {
  const value = scene.graph.sets.gameController;
  if (value === undefined) return 'spl';
  if ((GAME_CONTROLLER_PROTOCOLS as readonly string[]).includes(value)) return value as GameControllerProtocol;
  const g = scene.graph;
  throw new SceneError(g.file, g.line, g.path, `Set 'gameController' must be 'spl' or 'hsl', got '${value}'`);
}
