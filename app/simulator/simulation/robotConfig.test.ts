import { describe, expect, it } from 'vitest';
import { allModules } from '@robot-runtime/threads/allModules';
import { loadRobotConfig } from './robotConfig';

/**
 * Module parameters whose code default deliberately differs from the Default configuration, with the reason. Every
 * other value a configuration file sets must equal its code default: unit tests build modules from the code defaults
 * and games from the files, and a value changed in one place only made the tests check a robot that never played.
 */
const DELIBERATE: Record<string, string> = {
  'TeamMessageHandler.codec':
    'the bit-packed codec needs the team message definition (teamMessage.def), which only a configuration has',
  'WhistleDetector.whistleNetPath':
    "the code default is B-Human's network, so B-Human's file loads unchanged; Pitchside ships and configures its own",
  'WhistleDetector.freq.max':
    "the code default is B-Human's 3.7 kHz band; Pitchside's file reaches 4.1 kHz, where referee whistles still sound",
};
/** Parameters that are data with no code defaults: the keyframe motions live in their file only. */
const DATA_ONLY = ['getUpFront', 'getUpBack', 'sitDown', 'stand', 'standHigh'].map((m) => `KeyframeMotionEngine.${m}`);

/** The paths (`Module.a.b`) where a configured leaf value differs from the code default, with both values. */
function differences(name: string, configured: unknown, code: unknown, path = name): string[] {
  if (DATA_ONLY.includes(path)) return [];
  if (typeof configured === 'object' && configured !== null)
    return Object.entries(configured).flatMap(([key, value]) =>
      differences(name, value, (code as Record<string, unknown> | undefined)?.[key], `${path}.${key}`),
    );
  // Files hold float32 values: 0.13 reads back as 0.12999999523.
  const same =
    typeof configured === 'number' && typeof code === 'number'
      ? Math.abs(configured - code) <= 1e-6 * Math.max(1, Math.abs(code))
      : configured === code;
  return same || path in DELIBERATE ? [] : [`${path}: file ${String(configured)}, code ${String(code)}`];
}

describe('the Default configuration', () => {
  const config = loadRobotConfig();

  it('loads without problems', () => {
    expect(config.problems).toEqual([]);
  });

  it('sets every module parameter to its code default, except where the difference is deliberate', () => {
    const checked = allModules.filter((m) => m.parameters);
    const found = checked.flatMap((m) =>
      differences(m.name, config.parameters(m), m.parameters!.defaultValue() as unknown),
    );
    expect(found).toEqual([]);
    // The check ran over the modules whose files a game loads, and each deliberate difference still exists.
    expect(checked.map((m) => m.name)).toEqual(
      expect.arrayContaining(['WalkingEngine', 'KickEngine', 'BehaviorControl', 'KeyframeMotionEngine']),
    );
    for (const path of Object.keys(DELIBERATE)) {
      const [name, ...keys] = path.split('.');
      const module = allModules.find((m) => m.name === name)!;
      const value = (tree: unknown): unknown => keys.reduce((v, k) => (v as Record<string, unknown>)[k], tree);
      expect(value(config.parameters(module))).not.toEqual(value(module.parameters!.defaultValue()));
    }
  });
});
