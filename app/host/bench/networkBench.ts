// `npm run bench` suite of the network layer: team message encode+decode rate, the bit-packed message's size
// against the standard protobuf message for the same content, and LoLA sensor reading by patching known offsets
// against a full msgpack decode of the same packet (all measured in the same run).
import fs from 'node:fs';
import path from 'node:path';
import { decode as msgpackDecode, encode as msgpackEncode } from '@msgpack/msgpack';
import { SENSOR_VECTOR_SIZE, SensorReader } from '@robot-runtime/hosts/robot/lola/SensorLayout';
import { teamContentCodec } from '@robot-runtime/hosts/robot/network/teamMessageDefinition';
import {
  encodeStandardMessage,
  decodeStandardMessage,
} from '@robot-runtime/protocol/standardMessage/StandardMessageCodec';
import { BHUMAN_HEADER_SIZE } from '@robot-runtime/protocol/teamMessage/bhumanHeader';
import type { TeamMessageContentShape } from '@robot-runtime/protocol/teamMessage/contentCodec';
import type { BenchRow } from './BenchRow';
import { measureRate } from './measure';

const content: TeamMessageContentShape = {
  pose: { rotation: 0.73, translation: { x: -2345, y: 1234 } },
  poseValid: true,
  isUpright: true,
  isPenalized: false,
  ballPosition: { x: 812, y: -377 },
  ballVelocity: { x: -150, y: 40 },
  ballAge: 420,
  role: 2,
  timeToReachBall: 3500,
};

/** The same content as a standard message (the ball relative to the robot, as that message wants it). */
function standardFor(c: TeamMessageContentShape) {
  const dx = c.ballPosition.x - c.pose.translation.x;
  const dy = c.ballPosition.y - c.pose.translation.y;
  const cos = Math.cos(-c.pose.rotation);
  const sin = Math.sin(-c.pose.rotation);
  return {
    teamId: 5,
    playerId: 3,
    timestamp: 123_456,
    state: 'STATE_UNPENALISED' as const,
    fieldPose: { pose: { x: c.pose.translation.x, y: c.pose.translation.y, theta: c.pose.rotation }, covariance: [] },
    ball: {
      position: { x: cos * dx - sin * dy, y: sin * dx + cos * dy },
      covariance: [],
      velocity: c.ballVelocity,
      age: c.ballAge,
    },
    walkCommand: { velocity: { x: 0, y: 0, theta: 0 } },
    extensions: [{ name: 'role', data: Uint8Array.of(c.role, c.poseValid ? 1 : 0, c.isUpright ? 1 : 0) }],
  };
}

/** A LoLA sensor map like the NAO's (non-integral values so every number is a float32). */
function lolaPacket(): Uint8Array {
  const floats = (n: number) => Array.from({ length: n }, (_, i) => i + 0.5);
  return msgpackEncode(
    {
      RobotConfig: ['B', '6', 'H', '6'],
      Accelerometer: floats(3),
      Angles: floats(2),
      Battery: floats(4),
      Current: floats(25),
      FSR: floats(8),
      Gyroscope: floats(3),
      Position: floats(25),
      Sonar: floats(2),
      Stiffness: floats(25),
      Temperature: floats(25),
      Touch: floats(14),
      Status: Array.from({ length: 25 }, (_, i) => i % 4),
    },
    { forceFloat32: true },
  );
}

/** Runs the network benchmark. */
export async function runNetworkBench(): Promise<BenchRow[]> {
  const definition = fs.readFileSync(
    path.resolve(import.meta.dirname, '../../../config/Scenarios/Default/teamMessage.def'),
    'utf8',
  );
  const codec = teamContentCodec(definition);
  const bitPacked = measureRate(() => codec.decode(codec.encode(content)));
  const standard = standardFor(content);
  const protobuf = measureRate(() => decodeStandardMessage(encodeStandardMessage(standard)));
  const packedSize = BHUMAN_HEADER_SIZE + codec.encode(content).length;
  const protobufSize = encodeStandardMessage(standard).length;

  const packet = lolaPacket();
  const reader = new SensorReader();
  const out = new Float64Array(SENSOR_VECTOR_SIZE);
  reader.read(packet, out);
  const patch = measureRate(() => reader.read(packet, out));
  const full = measureRate(() => msgpackDecode(packet));
  return [
    {
      group: 'team message',
      name: 'bit-packed encode+decode',
      value: bitPacked.opsPerSecond,
      unit: 'msg/s',
      baseline: { name: 'protobuf standard message', value: protobuf.opsPerSecond },
    },
    {
      group: 'team message',
      name: 'bit-packed packet size (header included)',
      value: packedSize,
      unit: 'bytes',
      baseline: { name: 'protobuf standard message', value: protobufSize },
      goal: '≤ 0.4×',
    },
    {
      group: 'LoLA',
      name: 'sensor packet: parse once, patch per frame',
      value: patch.microsPerOp,
      unit: 'µs/frame',
      baseline: { name: 'full msgpack decode', value: full.microsPerOp },
    },
  ];
}
