/** @file The GameController's packet as the robots' GameControllerData representation. */
import { gameControllerDataFromPacket } from '@robot-runtime/representations/Infrastructure/GameControllerData';
import type { GameControllerData } from '../gameController/GameControllerData';

/** Converts the simulator's packet into the robot representation (the first packet goes out at time 0). */
export function toRobotGameControllerData(d: GameControllerData): unknown {
  return gameControllerDataFromPacket(d, d.timeLastPacketReceived);
}
