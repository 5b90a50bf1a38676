import { OutBinary } from '../binary/OutBinary';
import { expectEnd, payloadReader } from './payload';

/** Payload of idRobotName: who the robot is and which configuration it runs. */
export interface RobotName {
  headName: string;
  bodyName: string;
  location: string;
  scenario: string;
  playerNumber: number;
}

/** Encodes four strings and `int playerNumber`. */
export function encodeRobotName(name: RobotName): Uint8Array {
  const out = new OutBinary(64);
  out.string(name.headName);
  out.string(name.bodyName);
  out.string(name.location);
  out.string(name.scenario);
  out.int32(name.playerNumber);
  return out.toBytes();
}

/** Decodes an idRobotName payload; throws StreamError when malformed. */
export function decodeRobotName(payload: Uint8Array, baseOffset = 0): RobotName {
  const inp = payloadReader(payload, baseOffset);
  const headName = inp.string();
  const bodyName = inp.string();
  const location = inp.string();
  const scenario = inp.string();
  const playerNumber = inp.int32();
  expectEnd(inp, 'robot name');
  return { headName, bodyName, location, scenario, playerNumber };
}
