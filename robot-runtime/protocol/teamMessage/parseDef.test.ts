import { describe, expect, it } from 'vitest';
import { parseDef } from './parseDef';
import { TeamMessageError } from './TeamMessageError';

describe('parseDef', () => {
  it('reads records, type arguments, parameters, bare flags, array bounds and both comment styles', () => {
    const records = parseDef(`
      // a line comment
      Pose { rot: Angle(bits=8) /* inline */ pos: Vector<Float(min=-5.5, max=5, bits=10)>(n=2)
        cov: Matrix<Integer(min=-32768, max=32767)>(m=2, n=2, symmetric)
        kind: Enum(type=Pose::Kind) }
      Msg { pose: Pose  opt: Pose[:1]  three: Boolean[3]  some: Boolean[2:5] }`);
    expect(records.map((r) => r.name)).toEqual(['Pose', 'Msg']);
    const pos = records[0]!.members[1]!.type;
    expect(pos.name).toBe('Vector');
    expect(pos.params).toEqual({ n: '2' });
    expect(pos.args[0]).toMatchObject({ name: 'Float', params: { min: '-5.5', max: '5', bits: '10' } });
    expect(records[0]!.members[2]!.type.params.symmetric).toBe(true);
    expect(records[0]!.members[3]!.type.params.type).toBe('Pose::Kind');
    expect(records[1]!.members.map((m) => m.type.count)).toEqual([
      undefined,
      { min: 0, max: 1 },
      { min: 3, max: 3 },
      { min: 2, max: 5 },
    ]);
    expect(records[1]!.line).toBe(6);
  });

  it.each([
    ['A {', /not closed|expected/],
    ['A { x Boolean }', /expected ':'/],
    ['A { x: Boolean[3:2] }', /upper bound/],
    ['A { x: Boolean } A { y: Boolean }', /twice/],
    ['A { x: Boolean x: Boolean }', /twice/],
    ['A { }', /no members/],
    ['A { x: Float(bits=) }', /parameter value/],
    ['/* open', /not closed/],
    ['A { x: Boolean[99999] }', /exceeds/],
  ])('rejects %j with a located error', (text, message) => {
    expect(() => parseDef(text)).toThrow(TeamMessageError);
    expect(() => parseDef(text)).toThrow(message);
  });
});
