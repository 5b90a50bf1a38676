import { parse } from '@foxglove/rosmsg';
import { MessageReader } from '@foxglove/rosmsg-serialization';
import { describe, expect, it } from 'vitest';
import { InBinary } from '@robot-runtime/protocol/binary/InBinary';
import { OutBinary } from '@robot-runtime/protocol/binary/OutBinary';
import { genericCodec } from '@robot-runtime/protocol/typeInfo/genericCodec';
import { typeInfoFromTypes } from '@robot-runtime/protocol/typeInfo/fromTypes';
import { emptyTypeInfo, type TypeInfo } from '@robot-runtime/protocol/typeInfo/TypeInfo';
import type { AnyType } from '@robot-runtime/protocol/types';
import { allRepresentations } from '@robot-runtime/representations/allRepresentations';
import { plainArrays } from './testing/readMcap';
import { ros1Schema } from './ros1Definition';

function typeInfo(classes: Record<string, [string, string][]>, enums: Record<string, string[]> = {}): TypeInfo {
  const info = emptyTypeInfo();
  for (const [name, attributes] of Object.entries(classes))
    info.classes.set(
      name,
      attributes.map(([n, type]) => ({ name: n, type })),
    );
  for (const [name, constants] of Object.entries(enums)) info.enums.set(name, constants);
  return info;
}

function reader(info: TypeInfo, typeName: string): MessageReader {
  return new MessageReader(parse(ros1Schema(info, typeName)!.definition, { ros2: false }));
}

describe('ROS 1 definitions of B-Human streaming', () => {
  it('describes every representation but the camera image, in definitions Foxglove parses', () => {
    const info = typeInfoFromTypes(allRepresentations as unknown as AnyType[]);
    const without = allRepresentations.filter((r) => !ros1Schema(info, r.typeName)).map((r) => r.typeName);
    expect(without).toEqual(['CameraImage']);
    for (const r of allRepresentations)
      if (r.typeName !== 'CameraImage') expect(() => reader(info, r.typeName)).not.toThrow();
    expect(ros1Schema(info, 'RobotPose')!.name).toBe('pitchside/RobotPose');
    expect(ros1Schema(info, 'RobotPose')!.definition).toContain('MSG: pitchside/Vector2f\nfloat32 x\nfloat32 y');
  });

  it('decodes written bytes to the values our codec reads: vectors, fixed arrays, strings, enums and nesting', () => {
    const info = typeInfo(
      {
        Sample: [
          ['flag', 'bool'],
          ['small', 'signed char'],
          ['count', 'unsigned short'],
          ['angle', 'Angle'],
          ['precise', 'double'],
          ['name', 'std::string'],
          ['role', 'Role'],
          ['roles', 'Role*'],
          ['points', 'Eigen::Matrix<float,2,1,0,2,1>*'],
          ['corners', 'Eigen::Matrix<float,2,1,0,2,1>[2]'],
          ['blob', 'unsigned char*'],
          ['ids', 'int[3]'],
        ],
        'Eigen::Matrix<float,2,1,0,2,1>': [
          ['x', 'float'],
          ['y', 'float'],
        ],
      },
      { Role: ['keeper', 'striker', 'bad-name'] },
    );
    const value = {
      flag: true,
      small: -5,
      count: 65000,
      angle: 1.5,
      precise: Math.PI,
      name: 'ä robot',
      role: 'striker',
      roles: ['keeper', 'bad-name'],
      points: [
        { x: 1.5, y: -2 },
        { x: 3, y: 4.25 },
      ],
      corners: [
        { x: 0, y: 1 },
        { x: 2, y: 3 },
      ],
      blob: new Uint8Array([1, 2, 250]),
      ids: [7, -8, 9],
    };
    const codec = genericCodec(info, 'Sample');
    const out = new OutBinary();
    codec.write(out, value as never);
    const bytes = out.toBytes();
    const decoded = plainArrays(reader(info, 'Sample').readMessage(bytes));
    expect(decoded).toEqual(plainArrays({ ...value, role: 1, roles: [0, 2] }));
    expect(plainArrays(codec.read(new InBinary(bytes)))).toMatchObject({ name: 'ä robot', count: 65000 });
    // The enum's constants precede its fields; a name ROS 1 cannot spell is numbered.
    const definition = ros1Schema(info, 'Sample')!.definition;
    expect(definition).toContain('uint8 keeper=0\nuint8 striker=1\nuint8 role_2=2\nuint8 role');
    expect(definition).toContain('uint8 roles_keeper=0');
  });

  it('has no definition where ROS 1 cannot say it: self-containing classes, arrays of arrays, hand-written streams', () => {
    const info = typeInfo({
      Tree: [['children', 'Tree*']],
      Grid: [['rows', 'float[3]*']],
      Holder: [['grid', 'Grid']],
      CameraImage: [
        ['width', 'unsigned int'],
        ['height', 'unsigned int'],
        ['timestamp', 'unsigned int'],
      ],
      Fine: [['x', 'float']],
      Weird: [['_hidden', 'float']],
      Unknown: [['x', 'NoSuchType']],
    });
    for (const name of ['Tree', 'Grid', 'Holder', 'CameraImage', 'Weird', 'Unknown', 'NotAClass'])
      expect(ros1Schema(info, name), name).toBeUndefined();
    expect(ros1Schema(info, 'Fine')!.definition).toBe('float32 x');
  });

  it('gives up on type info that nests deeper than the walkers allow, without overflowing the stack', () => {
    const classes: Record<string, [string, string][]> = {};
    for (let i = 0; i < 5000; i++) classes[`C${i}`] = [['next', `C${i + 1}`]];
    classes.C5000 = [['x', 'float']];
    expect(ros1Schema(typeInfo(classes), 'C0')).toBeUndefined();
  });

  it('gives classes whose names differ only in punctuation different names', () => {
    const info = typeInfo({
      'A::B': [['x', 'float']],
      'A<B>': [['y', 'float']],
      Both: [
        ['first', 'A::B'],
        ['second', 'A<B>'],
      ],
    });
    const definition = ros1Schema(info, 'Both')!.definition;
    expect(definition).toContain('pitchside/A_B first');
    expect(definition).toContain('pitchside/A_B2 second');
    expect(() => reader(info, 'Both')).not.toThrow();
  });
});
