// Binary codec throughput on real representations vs JSON and msgpack on the same objects (same run).
// MB/s are computed from the size of the binary encoding, so every ratio is a pure speed ratio.
import { decode as msgpackDecode, encode as msgpackEncode } from '@msgpack/msgpack';
import { decode, encode } from '@robot-runtime/protocol/binary';
import type { AnyType } from '@robot-runtime/protocol/types';
import { BallModel } from '@robot-runtime/representations/Modeling/BallModel';
import { CameraImage } from '@robot-runtime/representations/Infrastructure/CameraImage';
import { JointSensorData } from '@robot-runtime/representations/Infrastructure/JointSensorData';
import type { BenchRow } from './BenchRow';
import { measureRate } from './measure';

interface Sample {
  name: string;
  type: AnyType;
  value: unknown;
}

function samples(): Sample[] {
  const ball = BallModel.defaultValue();
  ball.estimate.position = { x: 1234.5, y: -321.25 };
  ball.estimate.velocity = { x: -150, y: 20 };
  ball.estimate.covariance = [900, 10, 10, 6400];
  ball.lastPerception = { x: 1230, y: -330 };
  ball.timeWhenLastSeen = 123456;
  ball.seenPercentage = 87;
  const joints = JointSensorData.defaultValue();
  joints.angles = joints.angles.map((_, i) => Math.sin(i) * 0.7);
  joints.currents = joints.currents.map((_, i) => (i * 37) % 500);
  joints.temperatures = joints.temperatures.map((_, i) => 30 + (i % 20));
  joints.timestamp = 987654;
  const image = { ...CameraImage.defaultValue(), width: 320, height: 480 };
  image.image = new Uint8Array(320 * 480 * 4).map((_, i) => (i * 31) & 0xff);
  return [
    { name: 'BallModel', type: BallModel, value: ball },
    { name: 'JointSensorData', type: JointSensorData, value: joints },
    { name: 'CameraImage 640×480 YUYV', type: CameraImage, value: image },
  ];
}

/** Runs the codec benchmark. */
export async function runCodecBench(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const s of samples()) {
    const bytes = encode(s.type, s.value);
    const mb = bytes.length / 1e6;
    const json = JSON.stringify(s.value);
    const packed = msgpackEncode(s.value);
    const rate = (op: () => void) => measureRate(op, { rounds: 3, minRoundMs: 120 }).opsPerSecond * mb;
    const binEncode = rate(() => encode(s.type, s.value));
    const binDecode = rate(() => decode(s.type, bytes));
    const jsonEncode = rate(() => JSON.stringify(s.value));
    const jsonDecode = rate(() => JSON.parse(json));
    const mpEncode = rate(() => msgpackEncode(s.value));
    const mpDecode = rate(() => msgpackDecode(packed));
    const group = `binary codec: ${s.name} (${bytes.length} B)`;
    rows.push(
      {
        group,
        name: 'encode',
        value: binEncode,
        unit: 'MB/s',
        baseline: { name: 'JSON.stringify', value: jsonEncode },
      },
      {
        group,
        name: 'encode',
        value: binEncode,
        unit: 'MB/s',
        baseline: { name: '@msgpack/msgpack encode', value: mpEncode },
      },
      { group, name: 'decode', value: binDecode, unit: 'MB/s', baseline: { name: 'JSON.parse', value: jsonDecode } },
      {
        group,
        name: 'decode',
        value: binDecode,
        unit: 'MB/s',
        baseline: { name: '@msgpack/msgpack decode', value: mpDecode },
      },
    );
  }
  return rows;
}
