import { describe, expect, it } from 'vitest';
import { UsageError } from '../../robot-runtime/hosts/robot/commandLine';
import { parseStartArgs } from './start';

describe('npm start arguments', () => {
  it('names external robots of the scene and their loopback net', () => {
    const args = parseStartArgs(['--scene', 'scenes/Mixed.ros3', '--external', 'robot21, robot22', '--net', '7']);
    expect(args.external).toEqual(['robot21', 'robot22']);
    expect(args.net).toBe(7);
    expect(parseStartArgs([]).external).toBeUndefined();
  });

  it('refuses external robots without a scene, a net without them, and a net outside 0..255', () => {
    expect(() => parseStartArgs(['--no-scene', '--external', 'robot1'])).toThrow(/need a scene/);
    expect(() => parseStartArgs(['--net', '3'])).toThrow(/--net needs --external/);
    expect(() => parseStartArgs(['--external', 'robot1', '--net', '300'])).toThrow(UsageError);
  });
});
