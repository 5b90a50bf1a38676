/**
 * The GameController packet as the simulated GameController keeps it: the protocol's RoboCupGameControlData
 * (robot-runtime/protocol/gameController) with the state and set play narrowed to their codes, and what a
 * simulated robot receives (the packet plus its arrival time).
 */
import type {
  GameControlData,
  GameStateCode,
  SetPlayCode,
} from '@robot-runtime/protocol/gameController/gameControlData';

// The protocol's codes and limits, under the names the simulator has always used for its player and team slots.
export * from '@robot-runtime/protocol/gameController/gameControlData';
export type {
  GcRobotInfo as RobotInfo,
  GcTeamInfo as TeamInfo,
} from '@robot-runtime/protocol/gameController/gameControlData';

/** RoboCupGameControlData with typed state and set play. */
export interface RoboCupGameControlData extends GameControlData {
  state: GameStateCode;
  setPlay: SetPlayCode;
}

/** What a simulated robot receives: the packet plus when it arrived (B-Human's GameControllerData). */
export interface GameControllerData extends RoboCupGameControlData {
  /** Simulated time (ms) of the last packet. */
  timeLastPacketReceived: number;
}
