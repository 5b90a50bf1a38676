import { describe, expect, it } from 'vitest';
import { InBinary } from '@robot-runtime/protocol/binary';
import { decodeWithTypeInfo } from '@robot-runtime/protocol/typeInfo/generic';
import { MemoryFiles } from '../files';
import { createHarness } from '../testing/harness';
import { sampleTypeInfo } from '../testing/sampleRobot';

function ready() {
  const files = new MemoryFiles({ '/cfg/Scenarios/Default/ballLocator.cfg': 'old' });
  const h = createHarness(undefined, { files, configRoot: '/cfg' });
  h.run();
  h.console.endOfStartScript();
  h.run();
  return { h, files };
}

describe('get', () => {
  it('lists debug data keys', () => {
    const { h } = ready();
    expect(h.run('get ?')).toEqual(['module:BallLocator\nrepresentation:BallModel']);
    expect(h.run('get ? ball')).toEqual(['module:BallLocator\nrepresentation:BallModel']);
    expect(h.run('for Upper get ?')).toEqual(['representation:BallModel']);
  });

  it('prints a set command with the single-line map decoded through the TypeInfo', () => {
    const { h } = ready();
    expect(h.run('get module:BallLocator')).toEqual([
      'set module:BallLocator maxDistance = 4500; aimTolerance = 6deg; qualities = [good, bad]; label = "two words";',
    ]);
    expect(h.robot.requestLog()).toContain('debug data:module:BallLocator=on@Cognition');
  });

  it('asks every providing thread without for, and one with for', () => {
    const { h } = ready();
    expect(h.run('get representation:BallModel')).toEqual([
      'for Upper set representation:BallModel position = {x = 1000; y = -250.5;}; velocity = {x = 0; y = 0;}; seenPercentage = 80; quality = good;',
      'for Cognition set representation:BallModel position = {x = 1000; y = -250.5;}; velocity = {x = 0; y = 0;}; seenPercentage = 80; quality = good;',
    ]);
    expect(h.run('for Cognition get representation:BallModel')).toEqual([
      'set representation:BallModel position = {x = 1000; y = -250.5;}; velocity = {x = 0; y = 0;}; seenPercentage = 80; quality = good;',
    ]);
  });

  it('prints the type structure', () => {
    const { h } = ready();
    expect(h.run('get module:BallLocator ?')).toEqual([
      '{float maxDistance; Angle aimTolerance; BallModel::Quality* qualities (good, bad, unknown); std::string label;}',
    ]);
  });

  it('saves where the search path has the file, with the default name rule', () => {
    const { h, files } = ready();
    expect(h.run('get module:BallLocator save')).toEqual([
      'Saved module:BallLocator to /cfg/Scenarios/Default/ballLocator.cfg',
    ]);
    expect(files.readText('/cfg/Scenarios/Default/ballLocator.cfg')).toBe(
      'maxDistance = 4500;\naimTolerance = 6deg;\nqualities = [\n  good,\n  bad\n];\nlabel = "two words";\n',
    );
    h.run('for Cognition get representation:BallModel save custom');
    expect(files.exists('/cfg/custom.cfg')).toBe(true);
    expect(h.run('get representation:BallModel save')[0]).toMatch(/^Multiple threads provide this data/);
  });

  it('reports unknown keys and times out when the robot does not answer', () => {
    const { h } = ready();
    expect(h.run('get module:Nothing')).toEqual(['Unknown debug data: module:Nothing']);
    delete h.robot.spec.debugData!['module:BallLocator'];
    const out = h.run('get module:BallLocator', 2000);
    expect(out).toEqual(["Error: no answer from robot1 for 'get module:BallLocator'"]);
  });
});

describe('set', () => {
  const decodeSent = (h: ReturnType<typeof ready>['h'], type: string) => {
    const change = h.robot.sent.filter((s) => s.kind === 'dataChange').at(-1)!;
    if (change.kind !== 'dataChange') throw new Error('no change');
    return {
      change,
      value: change.data ? decodeWithTypeInfo(sampleTypeInfo(), type, new InBinary(change.data)) : undefined,
    };
  };

  it('encodes config-map text through the TypeInfo, keeping unmentioned attributes', () => {
    const { h } = ready();
    expect(h.run('set module:BallLocator maxDistance = 3000; aimTolerance = 90deg;')).toEqual([]);
    const { change, value } = decodeSent(h, 'BallLocatorParameters');
    expect(change).toMatchObject({ thread: 'Cognition', name: 'module:BallLocator' });
    expect(value).toMatchObject({
      maxDistance: 3000,
      qualities: [{ name: 'good' }, { name: 'bad' }],
      label: 'two words',
    });
    expect((value as { aimTolerance: number }).aimTolerance).toBeCloseTo(Math.PI / 2, 6);
    // The robot now holds the override; get shows it.
    expect(h.run('get module:BallLocator')[0]).toContain('maxDistance = 3000; aimTolerance = 90deg;');
  });

  it('treats data without unquoted = as a single value', () => {
    const { h } = ready();
    const spec = h.robot.spec;
    spec.typeInfo.classes.set('Counter', []);
    spec.debugData!['parameters:count'] = { threads: ['Motion'], type: 'int', value: 3 };
    spec.requests.Motion!.push('debug data:parameters:count');
    h.run('poll');
    h.run('set parameters:count 42');
    expect(decodeSent(h, 'int').value).toBe(42);
    h.run('set parameters:count "4=2"');
    const out = h.output.slice(-2).join('\n');
    expect(out).toContain('error');
  });

  it('releases with unchanged (flag 0) and prints the type with ?', () => {
    const { h } = ready();
    h.run('set module:BallLocator unchanged');
    expect(decodeSent(h, 'BallLocatorParameters').change).toMatchObject({
      name: 'module:BallLocator',
      data: undefined,
      thread: 'Cognition',
    });
    expect(h.run('set module:BallLocator ?')[0]).toContain('float maxDistance;');
  });

  it('reports bad data with positions and does not send it', () => {
    const { h } = ready();
    const before = h.robot.sent.length;
    const out = h.run('set module:BallLocator qualities = [good, awful];');
    expect(out.join('\n')).toMatch(/<console>:1:\d+: error: .*awful/);
    expect(out.at(-1)).toBe('Error: module:BallLocator was not set');
    expect(h.robot.sent.slice(before).some((s) => s.kind === 'dataChange')).toBe(false);
    expect(h.run('set ?')).toEqual(['module:BallLocator\nrepresentation:BallModel']);
    expect(h.run('set module:Nothing 1')).toEqual(['Unknown debug data: module:Nothing']);
  });
});
