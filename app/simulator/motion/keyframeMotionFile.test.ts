import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadModuleParameters } from '@robot-runtime/core/config/loadConfig';
import { InMemoryFileSystem } from '@robot-runtime/core/config/searchPath';
import { formatDiagnostic } from '@robot-runtime/protocol/configMap';
import { deg } from '@robot-runtime/math/vec2';
import {
  KeyframeMotionEngine,
  type KeyframeMotionParameters,
} from '@robot-runtime/modules/MotionControl/KeyframeMotionEngine/KeyframeMotionEngine';

// keyframeMotionEngine.cfg as the robot loads it (search path, typed reading, the engine's own checks).
const FILE = 'Scenarios/Default/keyframeMotionEngine.cfg';
const real = fs.readFileSync(path.resolve(import.meta.dirname, '../../../config', FILE), 'utf8');

type Motions = KeyframeMotionParameters;

function load(text: string) {
  const loaded = loadModuleParameters(KeyframeMotionEngine, {
    fs: new InMemoryFileSystem({ [FILE]: text }),
    dirs: ['Scenarios/Default'],
  })!;
  return { motions: loaded.value as Motions, problems: loaded.diagnostics.map(formatDiagnostic) };
}

/** The 1-based line of the n-th occurrence of `needle` in `text`. */
function lineOf(text: string, needle: string, n = 1): number {
  let at = -1;
  for (let i = 0; i < n; i++) at = text.indexOf(needle, at + 1);
  return text.slice(0, at).split('\n').length;
}

describe('keyframe motion files', () => {
  it('reads the Default motions without a problem', () => {
    const { motions, problems } = load(real);
    expect(problems).toEqual([]);
    expect(motions.getUpFront.keyframes.length).toBeGreaterThan(5);
    expect(motions.getUpBack.keyframes.length).toBeGreaterThan(5);
    expect(motions.sitDown.endsStanding).toBe(false);
    expect(motions.stand.endsStanding).toBe(true);
    // Angles are written in degrees and read in radians; the last get-up pose is the walk's stand (knee 50deg).
    expect(motions.getUpFront.keyframes.at(-1)!.leftLeg[3]).toBeCloseTo(deg(50), 5);
    const check = motions.getUpFront.keyframes.at(-1)!.torsoPitch!;
    expect([check.min, check.max].map((a) => a / deg(1))).toEqual([expect.closeTo(-15, 5), expect.closeTo(15, 5)]);
    expect(motions.standHigh.keyframes[0]!.torsoPitch).toBeUndefined();
  });

  it('reports a value outside its range at its line and keeps every other motion', () => {
    const bad = real.replace('duration = 300;', 'duration = -5;');
    const { motions, problems } = load(bad);
    const line = lineOf(bad, 'duration = -5;');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${FILE}:${line}:\\d+: error: .*duration: duration -5 ms is outside`));
    const good = load(real).motions;
    expect(motions.sitDown).toEqual(good.sitDown);
    expect(motions.getUpBack).toEqual(good.getUpBack);
  });

  it('reports a wrong type, a missing joint and an impossible stiffness each at its line', () => {
    const bad = real
      .replace('stiffness = [100, 100, 100, 100, 100];', 'stiffness = [100, 100, 100, 100, 130];')
      .replace('waitUntilStill = 1500;', 'waitUntilStill = soon;')
      .replace(/head = \[0deg, 15deg\];/, 'head = [0deg];');
    const { motions, problems } = load(bad);
    expect(problems.join('\n')).toContain(`${FILE}:${lineOf(bad, 'waitUntilStill = soon;')}:`);
    expect(problems.join('\n')).toContain(`${FILE}:${lineOf(bad, '130]')}:`);
    expect(problems.join('\n')).toContain(`${FILE}:${lineOf(bad, 'head = [0deg];')}:`);
    expect(problems.every((p) => p.includes(': error: ') || p.includes(': warning: '))).toBe(true);
    // The motions without a problem are read completely.
    expect(motions.sitDown).toEqual(load(real).motions.sitDown);
  });

  it('reports a syntax error at its line; the engine keeps its code defaults and runs', () => {
    const bad = real.replace('endsStanding = false;', 'endsStanding = false');
    const { motions, problems } = load(bad);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${FILE}:\\d+:\\d+: error: `));
    const row = Number(problems[0]!.split(':')[1]);
    expect(Math.abs(row - lineOf(bad, 'endsStanding = false'))).toBeLessThanOrEqual(1);
    expect(motions.getUpFront.keyframes).toEqual([]);
  });

  it('reports an empty range and an angle beyond any joint', () => {
    const bad = real
      .replace('torsoPitch = [{min = -15deg; max = 15deg;}];', 'torsoPitch = [{min = 15deg; max = -15deg;}];')
      .replace('leftArm = [10deg, 76deg,', 'leftArm = [400deg, 76deg,');
    const { problems } = load(bad);
    expect(problems).toEqual([
      expect.stringMatching(new RegExp(`^${FILE}:${lineOf(bad, '400deg')}:\\d+: error: getUpFront.keyframes\\[0\\]`)),
      expect.stringMatching(new RegExp(`^${FILE}:${lineOf(bad, 'min = 15deg')}:\\d+: error: .*min is above its max`)),
    ]);
  });
});
