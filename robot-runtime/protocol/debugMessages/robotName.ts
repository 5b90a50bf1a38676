import { recordPayload, wire } from './recordPayload';

/** Payload of idRobotName: who the robot is and which configuration it runs. */
export interface RobotName {
  headName: string;
  bodyName: string;
  location: string;
  scenario: string;
  playerNumber: number;
}

const robotName = recordPayload<RobotName>('robot name', {
  headName: wire.string,
  bodyName: wire.string,
  location: wire.string,
  scenario: wire.string,
  playerNumber: wire.int32,
});

/** Encodes four strings and `int playerNumber`. */
export const encodeRobotName = robotName.encode;

/** Decodes an idRobotName payload; throws StreamError when malformed. */
export const decodeRobotName = robotName.decode;
