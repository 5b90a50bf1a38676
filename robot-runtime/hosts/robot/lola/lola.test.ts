import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decode, encode } from '@msgpack/msgpack';
import { afterEach, describe, expect, it } from 'vitest';
import { sharedCorpus } from '@robot-runtime/hosts/node/testing/sharedCorpus';
import { JOINT_OFF, Joint } from '@robot-runtime/representations/Infrastructure/Joints';
import { seededRandom } from '@robot-runtime/math/SeededRandom';
import { ACTUATOR_BASE, ACTUATOR_VECTOR_SIZE, ActuatorPacket } from './ActuatorPacket';
import { sensorFrame, writeJointRequest } from './jointMapping';
import { ledLevel } from './leds';
import { LolaConnection } from './LolaConnection';
import { JOINT_TO_LOLA, LOLA_TO_JOINT } from './lolaNames';
import { LolaFormatError } from './msgpackScan';
import { parseRobotsCfg, resolveIdentity } from './robotIdentity';
import { SENSOR_BASE, SENSOR_VECTOR_SIZE, SensorReader, scanSensorLayout } from './SensorLayout';
import { startStandIn, type Child } from './testing/processes';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
/** B-Human's own configuration files (outside the repository, next to it). */
const CORPUS_CONFIG = sharedCorpus('bhuman', 'Config');

/** A sensor map as LoLA sends it (non-integral values so that every number is encoded as float32). */
function sensorMap(shift = 0): Uint8Array {
  const floats = (n: number, f: (i: number) => number) => Array.from({ length: n }, (_, i) => f(i) + 0.125);
  return encode(
    {
      RobotConfig: ['BODY1', '6.0', 'HEAD1', '6.0'],
      Accelerometer: floats(3, (i) => i),
      Position: floats(25, (i) => i / 10 + shift),
      Current: floats(25, () => 1),
      Temperature: floats(25, (i) => 40 + i),
      Status: Array.from({ length: 25 }, (_, i) => i % 4),
      Touch: floats(14, () => 0),
      Sonar: [1.5, 2.5],
    },
    { forceFloat32: true },
  );
}

describe('LoLA sensor layout', () => {
  it('scans once, then reads packets of the same shape in place', () => {
    const reader = new SensorReader();
    const out = new Float64Array(SENSOR_VECTOR_SIZE);
    reader.read(sensorMap(), out);
    expect(out[SENSOR_BASE.Position + 3]).toBeCloseTo(0.425, 6);
    expect(out[SENSOR_BASE.Status + 5]).toBe(1);
    expect(reader.strings.RobotConfig).toEqual(['BODY1', '6.0', 'HEAD1', '6.0']);
    reader.read(sensorMap(1), out);
    expect(out[SENSOR_BASE.Position + 3]).toBeCloseTo(1.425, 6);
    expect(reader.scans).toBe(1);
    // A different shape (a key more) is scanned again, not misread.
    reader.read(encode({ Position: [0.5], Battery: [0.25, 0.75] }, { forceFloat32: true }), out);
    expect(reader.scans).toBe(2);
    expect(out[SENSOR_BASE.Battery + 1]).toBe(0.75);
  });

  it('reports malformed packets only as LolaFormatError (fuzz)', () => {
    const random = seededRandom(17);
    const valid = sensorMap();
    for (let i = 0; i < 5000; i++) {
      const b = i % 2 ? valid.slice(0, Math.floor(random() * valid.length)) : valid.slice();
      if (i % 2 === 0) for (let k = 0; k < 3; k++) b[Math.floor(random() * b.length)] = Math.floor(random() * 256);
      try {
        scanSensorLayout(b);
      } catch (e) {
        expect(e).toBeInstanceOf(LolaFormatError);
      }
    }
    expect(() => scanSensorLayout(new Uint8Array([0xdf, 0xff, 0xff, 0xff, 0xff]))).toThrow(LolaFormatError);
  });
});

describe('LoLA actuator packet', () => {
  it('is a fixmap of ten float32 arrays in LoLA order, patched in place', () => {
    const packet = new ActuatorPacket();
    const values = new Float32Array(ACTUATOR_VECTOR_SIZE).map((_, i) => i / 4);
    packet.setAll(values);
    const decoded = decode(packet.bytes) as Record<string, number[]>;
    expect(Object.keys(decoded)).toEqual([
      'Position',
      'Stiffness',
      'REar',
      'LEar',
      'Chest',
      'LEye',
      'REye',
      'LFoot',
      'RFoot',
      'Skull',
    ]);
    expect(decoded.Position!.length).toBe(25);
    expect(decoded.Skull![11]).toBe((ACTUATOR_VECTOR_SIZE - 1) / 4);
    expect(packet.bytes.length).toBeLessThan(1000);
    packet.set('Chest', 1, 0.5);
    expect((decode(packet.bytes) as Record<string, number[]>).Chest).toEqual([
      ACTUATOR_BASE.Chest / 4,
      0.5,
      (ACTUATOR_BASE.Chest + 2) / 4,
    ]);
  });

  it('maps joint requests to LoLA order; off joints hold their measured position', () => {
    const sensors = new Float64Array(SENSOR_VECTOR_SIZE);
    for (let l = 0; l < 25; l++) sensors[SENSOR_BASE.Position + l] = l / 100;
    const angles = Joint.names.map((_, j) => j / 10);
    const stiffnesses = Joint.names.map(() => 50);
    angles[Joint.lKneePitch] = JOINT_OFF;
    stiffnesses[Joint.headYaw] = -1;
    const out = new Float32Array(ACTUATOR_VECTOR_SIZE);
    writeJointRequest({ angles, stiffnessData: { stiffnesses } }, sensors, out);
    const lKnee = JOINT_TO_LOLA[Joint.lKneePitch]!;
    expect(out[ACTUATOR_BASE.Position + lKnee]).toBeCloseTo(lKnee / 100, 6);
    expect(out[ACTUATOR_BASE.Stiffness + lKnee]).toBe(0);
    expect(out[ACTUATOR_BASE.Position + 13]).toBeCloseTo(Joint.rHipRoll / 10, 6);
    expect(out[ACTUATOR_BASE.Stiffness + 0]).toBe(1);
    expect(out[ACTUATOR_BASE.Stiffness + 1]).toBe(0.5);
    expect(LOLA_TO_JOINT[23]).toBe(Joint.lHand);
  });

  it('maps sensors to Joints::Joint order with rHipYawPitch mirroring lHipYawPitch and a negated accelerometer', () => {
    const v = new Float64Array(SENSOR_VECTOR_SIZE);
    for (let l = 0; l < 25; l++) v[SENSOR_BASE.Position + l] = l;
    v[SENSOR_BASE.Accelerometer + 2] = -9.81;
    const frame = sensorFrame(v, 1234);
    expect(frame.JointSensorData.angles[Joint.rHipYawPitch]).toBe(7);
    expect(frame.JointSensorData.angles[Joint.waistYaw]).toBe(JOINT_OFF);
    expect(frame.JointSensorData.angles[Joint.rHand]).toBe(24);
    expect(frame.InertialData.acc.z).toBeCloseTo(9.81);
  });

  it('blinks at 400 ms and 80 ms', () => {
    expect([0, 399, 400, 800].map((t) => ledLevel('blinking', t))).toEqual([1, 1, 0, 1]);
    expect([0, 80, 160].map((t) => ledLevel('fastBlinking', t))).toEqual([1, 0, 1]);
  });
});

describe('robot identity', () => {
  const { robots } = parseRobotsCfg(
    'robotsIds = [{ name = Alan; robotType = nao; headId = "H1"; bodyId = "B1"; }, { name = Betty; robotType = nao; headId = "H2"; bodyId = "B2"; }];',
  );
  it('names head and body by serial, the head by hostname otherwise', () => {
    expect(resolveIdentity(['B2', '6', 'H1', '6'], robots, 'nao')).toMatchObject({
      headName: 'Alan',
      bodyName: 'Betty',
    });
    expect(resolveIdentity(['B9', '6', 'H9', '6'], robots, 'carl.local')).toMatchObject({
      headName: 'carl',
      bodyName: 'carl',
    });
    expect(resolveIdentity(undefined, [], '')).toMatchObject({ headName: 'Nao' });
  });

  it("reads B-Human's robots.cfg and the shipped one without warnings, and warns when the list is missing", () => {
    const bhuman = parseRobotsCfg(fs.readFileSync(path.join(CORPUS_CONFIG, 'Robots/robots.cfg'), 'utf8'));
    expect(bhuman).toEqual({ robots: [], warnings: [] });
    const shipped = parseRobotsCfg(fs.readFileSync(path.join(REPO_ROOT, 'config/Robots/robots.cfg'), 'utf8'));
    expect(shipped.warnings).toEqual([]);
    expect(shipped.robots).toEqual([
      { name: 'Nao', robotType: 'nao', headId: 'P0000000000000000000', bodyId: 'P0000000000000000001' },
    ]);
    expect(parseRobotsCfg('robots = [{ name = Alan; headId = "H1"; bodyId = "B1"; }];')).toMatchObject({
      robots: [{ name: 'Alan' }],
      warnings: [expect.stringContaining("'robots' is the old key")],
    });
    expect(parseRobotsCfg('other = 1;').warnings).toEqual([expect.stringContaining("no 'robotsIds' list")]);
  });
});

describe('LoLA connection against the stand-in', () => {
  const children: Child[] = [];
  afterEach(() => children.splice(0).forEach((c) => c.process.kill('SIGKILL')));

  it('reads RobotConfig, reports a held chest button, and reports the stand-in dying', async () => {
    const socket = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-lola-')), 'robocup');
    const standIn = startStandIn(socket, ['--chest-from', '5', '--die-after', '60']);
    children.push(standIn);
    await standIn.waitFor((l) => l.includes('listening'), 60_000);
    const lola = new LolaConnection({ path: socket, chestButtonHoldMs: 200 });
    const chest = new Promise<number>((resolve) => lola.on('chestButton', resolve));
    const lost = new Promise<string>((resolve) => lola.on('lost', resolve));
    await lola.connect();
    expect(lola.strings.RobotConfig?.[2]).toBe('P0000000000000000000');
    expect(await chest).toBeGreaterThanOrEqual(200);
    expect(await lost).toMatch(/closed/);
    expect(lola.packets).toBeGreaterThan(50);
    lola.close();
  });
});
