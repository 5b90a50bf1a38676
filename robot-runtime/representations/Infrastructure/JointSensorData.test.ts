/**
 * B-Human describes ENUM_INDEXED_ARRAYs in TypeInfo as a class `EnumIndexedArray<T,E,E_Info>` with one attribute
 * per enum constant; the bytes are the elements only, like `T[n]`. These tests write JointSensorData the way a
 * B-Human robot does (TypeInfo spelled out below from B-Human's declaration, payload written field by field) and
 * check that Pitchside's declaration, log replay and conversions agree with it.
 */
import { describe, expect, it } from 'vitest';
import { encode, OutBinary } from '../../protocol/binary';
import { MemorySource } from '../../protocol/log/ByteSource';
import { openLog } from '../../protocol/log/openLog';
import { readFrame } from '../../protocol/log/readFrame';
import { buildLog, frameBytes } from '../../protocol/log/writeLog';
import { MessageID, messageIdNames, numOfDataMessageIDs } from '../../protocol/messages/MessageIDs';
import {
  makeConverter,
  typeInfoFromBytes,
  typeInfoFromTypes,
  typeInfoToBytes,
  type TypeInfo,
} from '../../protocol/typeInfo';
import { defineClass, field, t } from '../../protocol/types';
import { JointSensorData, TemperatureStatus } from './JointSensorData';
import { Joint } from './Joints';

/** B-Human's NAO joints in B-Human's order (2025: with the slot `waistYaw` that other robot types use). */
const BHUMAN_JOINTS_2025 = [
  'headYaw', 'headPitch', 'waistYaw',
  'lShoulderPitch', 'lShoulderRoll', 'lElbowYaw', 'lElbowRoll', 'lWristYaw', 'lHand',
  'rShoulderPitch', 'rShoulderRoll', 'rElbowYaw', 'rElbowRoll', 'rWristYaw', 'rHand',
  'lHipYawPitch', 'lHipRoll', 'lHipPitch', 'lKneePitch', 'lAnklePitch', 'lAnkleRoll',
  'rHipYawPitch', 'rHipRoll', 'rHipPitch', 'rKneePitch', 'rAnklePitch', 'rAnkleRoll',
]; // prettier-ignore
/** The same enum before `waistYaw` was added (26 constants): data recorded then converts by constant name. */
const BHUMAN_JOINTS_2024 = BHUMAN_JOINTS_2025.filter((j) => j !== 'waistYaw');
const TEMPERATURE_STATUS = ['regular', 'hot', 'veryHot', 'criticallyHot'];

const arrayName = (element: string): string => `EnumIndexedArray<${element},Joints::Joint,Joints::Joint_Info>`;

/** JointSensorData's TypeInfo as a B-Human robot sends it (JointAngles' attributes first: angles, timestamp). */
function bhumanTypeInfo(joints: readonly string[]): TypeInfo {
  const perJoint = (element: string) => joints.map((name) => ({ name, type: element }));
  return {
    primitives: [
      'bool',
      'char',
      'signed char',
      'unsigned char',
      'short',
      'unsigned short',
      'int',
      'unsigned int',
      'float',
      'double',
      'std::string',
      'Angle',
    ],
    classes: new Map([
      [
        'JointSensorData',
        [
          { name: 'angles', type: arrayName('Angle') },
          { name: 'timestamp', type: 'unsigned int' },
          { name: 'currents', type: arrayName('short') },
          { name: 'temperatures', type: arrayName('unsigned char') },
          { name: 'status', type: arrayName('JointSensorData::TemperatureStatus') },
        ],
      ],
      [arrayName('Angle'), perJoint('Angle')],
      [arrayName('short'), perJoint('short')],
      [arrayName('unsigned char'), perJoint('unsigned char')],
      [arrayName('JointSensorData::TemperatureStatus'), perJoint('JointSensorData::TemperatureStatus')],
    ]),
    enums: new Map([
      ['Joints::Joint', [...joints]],
      ['JointSensorData::TemperatureStatus', TEMPERATURE_STATUS],
    ]),
  };
}

/** Distinct non-zero values per joint name, so that any misplaced element shows. */
function sample(name: string, i: number): { angle: number; current: number; temperature: number; status: number } {
  const k = BHUMAN_JOINTS_2025.indexOf(name) + 1;
  return { angle: Math.fround(0.01 * k + 0.001 * i), current: 100 + k, temperature: 30 + k, status: k % 4 };
}

/** A JointSensorData payload written as B-Human's streaming writes it: each array's elements in enum order. */
function bhumanPayload(joints: readonly string[], timestamp: number): Uint8Array {
  const out = new OutBinary();
  for (const j of joints) out.float(sample(j, 0).angle);
  out.uint32(timestamp);
  for (const j of joints) out.int16(sample(j, 0).current);
  for (const j of joints) out.uint8(sample(j, 0).temperature);
  for (const j of joints) out.uint8(sample(j, 0).status);
  return out.toBytes();
}

/** A log with one Motion frame holding `payload` as idJointSensorData, under `info`. */
function logWith(info: TypeInfo, payload: Uint8Array) {
  const frame = frameBytes('Motion', [{ id: MessageID.idJointSensorData, payload }]);
  const { bytes } = buildLog(
    { idNames: messageIdNames.slice(0, numOfDataMessageIDs), typeInfo: typeInfoToBytes(info) },
    [frame],
  );
  return openLog(new MemorySource(bytes));
}

describe('enum-indexed arrays the B-Human way', () => {
  it('are named and described in TypeInfo as B-Human does, and round-trip through its bytes', () => {
    const info = typeInfoFromTypes([JointSensorData]);
    expect(info.classes.get('JointSensorData')!.map((a) => a.type)).toEqual([
      arrayName('Angle'),
      'unsigned int',
      arrayName('short'),
      arrayName('unsigned char'),
      arrayName('JointSensorData::TemperatureStatus'),
    ]);
    expect(info.classes.get(arrayName('Angle'))).toEqual(BHUMAN_JOINTS_2025.map((name) => ({ name, type: 'Angle' })));
    expect(Joint.names).toEqual(BHUMAN_JOINTS_2025);
    const back = typeInfoFromBytes(typeInfoToBytes(info));
    expect(back).toEqual(info);
    // What B-Human announces reads as our declaration without conversion.
    const bhuman = bhumanTypeInfo(BHUMAN_JOINTS_2025);
    for (const [name, attributes] of bhuman.classes) expect(info.classes.get(name), name).toEqual(attributes);
  });

  it('replays a log whose TypeInfo describes JointSensorData the B-Human way with every value', () => {
    const log = logWith(bhumanTypeInfo(BHUMAN_JOINTS_2025), bhumanPayload(BHUMAN_JOINTS_2025, 123456));
    const message = readFrame(log, 0).messages.find((m) => m.id === MessageID.idJointSensorData)!;
    const typeInfo = log.header.typeInfo!;
    const { value, warnings } = makeConverter(typeInfo, 'JointSensorData', JointSensorData).convert(message.payload);
    expect(warnings).toEqual([]);
    expect(value.timestamp).toBe(123456);
    BHUMAN_JOINTS_2025.forEach((name, i) => {
      const expected = sample(name, 0);
      expect([value.angles[i], value.currents[i], value.temperatures[i], value.status[i]], name).toEqual([
        expected.angle,
        expected.current,
        expected.temperature,
        expected.status,
      ]);
    });
    // And our encoder writes exactly B-Human's bytes.
    expect([...encode(JointSensorData, value)]).toEqual([...message.payload]);
  });

  it('converts by constant name when the recorded enum differs (B-Human 2024: no waistYaw)', () => {
    const log = logWith(bhumanTypeInfo(BHUMAN_JOINTS_2024), bhumanPayload(BHUMAN_JOINTS_2024, 99));
    const message = readFrame(log, 0).messages[0]!;
    const typeInfo = log.header.typeInfo!;
    const { value, warnings } = makeConverter(typeInfo, 'JointSensorData', JointSensorData).convert(message.payload);
    for (const name of BHUMAN_JOINTS_2024) {
      const i = Joint.valueOf(name)!;
      const expected = sample(name, 0);
      expect([value.angles[i], value.currents[i], value.temperatures[i], value.status[i]], name).toEqual([
        expected.angle,
        expected.current,
        expected.temperature,
        expected.status,
      ]);
    }
    expect(value.angles[Joint.waistYaw]).toBe(0);
    expect(warnings.filter((w) => w.endsWith('.waistYaw: not in the recorded data; keeps its default'))).toHaveLength(
      4,
    );
  });

  it('converts Pitchside logs that recorded the arrays as T[n] into the class form, and the class form back', () => {
    // The older Pitchside description of the same bytes.
    const old: TypeInfo = {
      primitives: bhumanTypeInfo(BHUMAN_JOINTS_2025).primitives,
      classes: new Map([
        [
          'JointSensorData',
          [
            { name: 'angles', type: 'Angle[27]' },
            { name: 'timestamp', type: 'unsigned int' },
            { name: 'currents', type: 'short[27]' },
            { name: 'temperatures', type: 'unsigned char[27]' },
            { name: 'status', type: 'JointSensorData::TemperatureStatus[27]' },
          ],
        ],
      ]),
      enums: new Map([['JointSensorData::TemperatureStatus', ['regular', 'hot', 'veryHot', 'criticalHot']]]),
    };
    const payload = bhumanPayload(BHUMAN_JOINTS_2025, 7);
    const forward = makeConverter(old, 'JointSensorData', JointSensorData).convert(payload);
    expect(forward.value.currents).toEqual(BHUMAN_JOINTS_2025.map((j) => sample(j, 0).current));
    // The renamed constant (criticalHot -> criticallyHot) cannot be matched by name: those joints keep `regular`.
    expect(forward.value.status).toEqual(
      BHUMAN_JOINTS_2025.map((j) => (sample(j, 0).status === 3 ? 0 : sample(j, 0).status)),
    );
    expect(forward.warnings.some((w) => w.includes("constant 'criticalHot'"))).toBe(true);

    // A current type that keeps plain arrays reads the class form by position.
    const PlainArrays = defineClass('JointSensorDataTest::PlainArrays', {
      angles: field(t.array(t.angle, 27), 'angles'),
      timestamp: field(t.uint32, 'timestamp'),
      currents: field(t.array(t.int16, 27), 'currents'),
      temperatures: field(t.array(t.uint8, 27), 'temperatures'),
      status: field(t.array(TemperatureStatus, 27), 'status'),
    });
    const backward = makeConverter(bhumanTypeInfo(BHUMAN_JOINTS_2025), 'JointSensorData', PlainArrays).convert(payload);
    expect(backward.value.angles).toEqual(BHUMAN_JOINTS_2025.map((j) => sample(j, 0).angle));
    expect(backward.value.temperatures).toEqual(BHUMAN_JOINTS_2025.map((j) => sample(j, 0).temperature));
    expect(backward.value.status).toEqual(BHUMAN_JOINTS_2025.map((j) => sample(j, 0).status));
    expect(backward.warnings).toEqual([]);
  });
});
