import { describe, expect, it } from 'vitest';
import { encode, StreamError } from '../binary';
import {
  defineClass,
  defineEnum,
  field,
  Matrix2f,
  t,
  Vector2f,
  type AnyType,
  type ClassType,
  type EnumType,
  type FieldMap,
  type TypeRef,
} from '../types';
import { convertValue, isCompatible, makeConverter, typeInfoFromTypes, UnknownTypeError } from './index';

// "Old" declarations are built by hand so that they can share names with the current ones without entering
// the process-wide registry (a recorded log would bring their TypeInfo; the declarations only produce data).
function oldEnum(typeName: string, names: string[]): EnumType & TypeRef<number> {
  return {
    kind: 'enum',
    typeName,
    names,
    valueOf: (n: string) => (names.indexOf(n) >= 0 ? names.indexOf(n) : undefined),
    defaultValue: () => 0,
  } as EnumType & TypeRef<number>;
}
function oldClass(typeName: string, fields: FieldMap): ClassType & TypeRef<Record<string, unknown>> {
  const fieldNames = Object.keys(fields);
  const defaultValue = (): Record<string, unknown> =>
    Object.fromEntries(fieldNames.map((n) => [n, fields[n]!.defaultValue()]));
  return { kind: 'class', typeName, fields, fieldNames, doc: '', defaultValue } as ClassType &
    TypeRef<Record<string, unknown>>;
}

const OldStatus = oldEnum('ConvertTest::Status', ['seen', 'lost', 'guessed']);
const OldEstimate = oldClass('ConvertTest::Estimate', { position: field(Vector2f, ''), velocity: field(Vector2f, '') });
const OldBall = oldClass('ConvertTest::Ball', {
  status: field(OldStatus as AnyType, ''),
  estimate: field(OldEstimate as AnyType, ''),
  timeWhenSeen: field(t.uint32, ''),
  legacy: field(t.float, ''),
  history: field(t.vector(OldStatus as AnyType), ''),
  count: field(t.int32, ''),
  big: field(t.int32, ''),
  label: field(t.string, ''),
  spread: field(t.array(t.float, 3), ''),
});

const Status = defineEnum('ConvertTest::Status', ['lost', 'seen', 'predicted', 'rolling'] as const);
const Estimate = defineClass('ConvertTest::Estimate', {
  velocity: field(Vector2f, 'mm/s'),
  position: field(Vector2f, 'mm'),
  covariance: field(Matrix2f, 'added', () => [1, 0, 0, 1]),
});
const Ball = defineClass('ConvertTest::Ball', {
  estimate: field(Estimate, 'estimate'),
  status: field(Status, 'status'),
  timeWhenSeen: field(t.uint32, 'ms'),
  confidence: field(t.float, 'added', 0.5),
  history: field(t.vector(Status), 'history'),
  count: field(t.int16, 'narrowed'),
  big: field(t.int16, 'narrowed, out of range'),
  label: field(t.int32, 'was a string'),
  spread: field(t.array(t.double, 2), 'shorter'),
});

const oldInfo = typeInfoFromTypes([OldBall]);
const recorded = encode(OldBall, {
  status: 2, // 'guessed': no such constant any more
  estimate: { position: { x: 1, y: 2 }, velocity: { x: 3, y: 4 } },
  timeWhenSeen: 1234,
  legacy: 9,
  history: [0, 1, 2],
  count: 12,
  big: 70000,
  label: 'x',
  spread: [0.5, 1.5, 2.5],
});

describe('conversion of data recorded under an older TypeInfo', () => {
  it('maps fields by name and constants by name, reporting what could not be converted', () => {
    const { value, warnings } = convertValue(oldInfo, 'ConvertTest::Ball', recorded, Ball);
    expect(value).toEqual({
      estimate: { velocity: { x: 3, y: 4 }, position: { x: 1, y: 2 }, covariance: [1, 0, 0, 1] },
      status: Status.lost,
      timeWhenSeen: 1234,
      confidence: 0.5,
      history: [Status.seen, Status.lost, Status.lost],
      count: 12,
      big: 0,
      label: 0,
      spread: [0.5, 1.5],
    });
    expect(warnings.sort()).toEqual(
      [
        "ConvertTest::Ball.legacy: not in the current type 'ConvertTest::Ball'; dropped",
        'ConvertTest::Ball.confidence: not in the recorded data; keeps its default',
        'ConvertTest::Ball.estimate.covariance: not in the recorded data; keeps its default',
        "ConvertTest::Ball.label: recorded as 'std::string', which cannot be converted to 'int'; keeps its default",
        'ConvertTest::Ball.spread: recorded 3 elements, the current type has 2; extra ones dropped',
        "ConvertTest::Ball.status: constant 'guessed' of ConvertTest::Status does not exist in ConvertTest::Status; keeps its default",
        "ConvertTest::Ball.history[]: constant 'guessed' of ConvertTest::Status does not exist in ConvertTest::Status; keeps its default",
        "ConvertTest::Ball.big: recorded value 70000 does not fit 'short'; keeps its default",
      ].sort(),
    );
  });

  it('caches converters and separates structural warnings', () => {
    const c = makeConverter(oldInfo, 'ConvertTest::Ball', Ball);
    expect(makeConverter(oldInfo, 'ConvertTest::Ball', Ball)).toBe(c);
    expect(c.identical).toBe(false);
    expect(c.structuralWarnings).toHaveLength(5);
  });

  it('decodes directly when the recorded type is the current one', () => {
    const currentInfo = typeInfoFromTypes([Ball]);
    expect(isCompatible(currentInfo, 'ConvertTest::Ball', typeInfoFromTypes([Ball]))).toBe(true);
    const value = Ball.defaultValue();
    value.status = Status.rolling;
    const c = makeConverter(currentInfo, 'ConvertTest::Ball', Ball);
    expect(c.identical).toBe(true);
    expect(c.convert(encode(Ball, value))).toEqual({ value, warnings: [] });
  });

  it('treats appended enum constants as compatible and renamed fields as not', () => {
    const prefix = typeInfoFromTypes([oldEnum('ConvertTest::Status', ['lost', 'seen'])]);
    expect(isCompatible(prefix, 'ConvertTest::Status', typeInfoFromTypes([Status]))).toBe(true);
    expect(isCompatible(oldInfo, 'ConvertTest::Status', typeInfoFromTypes([Status]))).toBe(false);
    const swapped = typeInfoFromTypes([
      oldClass('Eigen::Matrix<float,2,1,0,2,1>', { y: field(t.float, ''), x: field(t.float, '') }),
    ]);
    expect(isCompatible(swapped, 'Eigen::Matrix<float,2,1,0,2,1>', typeInfoFromTypes([Vector2f]))).toBe(false);
    const { value } = convertValue(
      swapped,
      'Eigen::Matrix<float,2,1,0,2,1>',
      encode(Vector2f, { x: 1, y: 2 }),
      Vector2f,
    );
    expect(value).toEqual({ x: 2, y: 1 });
  });

  it('names a recorded type the old TypeInfo does not define', () => {
    expect(() => convertValue(oldInfo, 'ConvertTest::Missing', recorded, Ball)).toThrow(UnknownTypeError);
  });

  it('reports malformed recorded data as StreamError', () => {
    expect(() => convertValue(oldInfo, 'ConvertTest::Ball', recorded.subarray(0, 20), Ball)).toThrow(StreamError);
  });
});
