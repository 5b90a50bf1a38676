// The soak's command line: the trace's robot and window, and what it refuses.
import { describe, expect, it } from 'vitest';
import { UsageError } from '@robot-runtime/hosts/robot/commandLine';
import { parseSoakArgs } from './soak';

describe('parseSoakArgs', () => {
  it('takes a robot to trace and the window of simulated seconds', () => {
    expect(parseSoakArgs(['--seed', '6', '--trace', 'robot1', '--from', '520', '--to', '560'])).toMatchObject({
      seed: 6,
      half: 600,
      trace: { robot: 'robot1', from: 520, to: 560 },
    });
    expect(parseSoakArgs(['--trace', 'robot2']).trace).toEqual({ robot: 'robot2', from: 0, to: Infinity });
    expect(parseSoakArgs([]).trace).toBeUndefined();
  });

  it('refuses a window without a robot, or one that ends before it starts', () => {
    expect(() => parseSoakArgs(['--from', '10'])).toThrow(UsageError);
    expect(() => parseSoakArgs(['--trace', 'robot1', '--from', '20', '--to', '10'])).toThrow(UsageError);
    expect(() => parseSoakArgs(['--trace', 'robot1', '--from', 'x'])).toThrow(UsageError);
  });
});
