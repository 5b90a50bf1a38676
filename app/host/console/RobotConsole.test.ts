import { describe, expect, it } from 'vitest';
import { encodeWithTypeInfo } from '@robot-runtime/protocol/typeInfo/generic';
import { OutBinary } from '@robot-runtime/protocol/binary';
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import { encodeTextMessage } from '@robot-runtime/protocol/debugMessages/textMessage';
import { MAX_REPORTED_ERRORS } from './RobotConsole';
import { createHarness } from './testing/harness';
import { frame } from './testing/ScriptedRobot';
import { sampleRobotSpec, sampleTypeInfo } from './testing/sampleRobot';

describe('RobotConsole polling', () => {
  it('polls type info, module table, requests and drawing managers once connected', () => {
    const h = createHarness();
    h.run();
    expect(h.robot.requestLog()).toEqual([
      'automated requests:TypeInfo=on',
      'automated requests:ModuleTable=on',
      'poll=on',
      'automated requests:DrawingManager=on',
      'automated requests:DrawingManager3D=on',
    ]);
    expect(h.console.polling).toBe(false);
    expect(h.console.model.threads).toEqual(['Upper', 'Cognition', 'Motion']);
    expect(h.console.model.requests.get('debugDrawing3d:representation:BallModel')?.name).toBe(
      'debug drawing 3d:representation:BallModel',
    );
    expect(h.console.model.requests.get('debugData:representation:BallModel')?.threads).toEqual(['Upper', 'Cognition']);
  });

  it('gives up after the poll timeout and says what is missing', () => {
    const h = createHarness({ ...sampleRobotSpec(), silent: true }, { pollTimeoutMs: 100 });
    const out = h.run(undefined, 30);
    expect(out.join('\n')).toContain('polling robot1 timed out');
    expect(out.join('\n')).toContain('no module table');
    // Requests that did arrive are usable.
    expect(h.run('dr representation:BallModel')).toEqual([]);
    expect(h.robot.requestLog()).toContain('representation:BallModel=on');
  });
});

describe('dr', () => {
  it('lists requests in translated form, filtered case-insensitively', () => {
    const h = createHarness();
    h.run();
    expect(h.run('dr ? DRAWING')).toEqual([
      'debugDrawing3d:representation:BallModel\ndebugDrawing:ballSpots\ndebugDrawing:fieldLines\ndebugDrawing:representation:BallModel',
    ]);
    expect(h.run('for Motion dr ?')).toEqual(['plot:speed']);
  });

  it('sends the robot spelling, on by default, per thread with for', () => {
    const h = createHarness();
    h.run();
    h.robot.sent.length = 0;
    h.run('dr debugDrawing:fieldLines');
    h.run('dr representation:BallModel off');
    h.run('for Cognition dr representation:BallModel on');
    h.run('dr timing');
    h.run('dr off');
    expect(h.robot.requestLog()).toEqual([
      'debug drawing:field lines=on',
      'representation:BallModel=off',
      'representation:BallModel=on@Cognition',
      'timing=on',
      'disableAll=on',
    ]);
  });

  it('reports unknown keys, unknown threads and malformed lines clearly', () => {
    const h = createHarness();
    h.run();
    h.console.endOfStartScript();
    expect(h.run('dr representation:Nothing')).toEqual(['Unknown debug request: representation:Nothing']);
    expect(h.run('dr BallModel')[0]).toMatch(
      /^Unknown debug request: BallModel \(did you mean .*representation:BallModel/,
    );
    expect(h.run('dr plot:speed maybe')).toEqual(['Syntax Error: dr ? [<pattern>] | off | <key> [on | off]']);
    expect(h.run('for Motion dr representation:BallModel')[0]).toContain('not known in thread Motion');
    expect(h.run('for Nowhere dr ?')[0]).toBe('Unknown thread Nowhere (threads: Upper, Cognition, Motion)');
    expect(h.run('frobnicate 3')).toEqual(["Syntax Error: unknown command 'frobnicate'"]);
    expect(h.run('for Motion msg on')).toEqual(["Syntax Error: 'msg' cannot be used with 'for'"]);
  });
});

describe('start-script semantics', () => {
  it('queues lines until polling has delivered what they need, then runs them in order', () => {
    const h = createHarness();
    h.robot.hold = true;
    h.console.execute('dr representation:BallModel');
    h.console.execute('echo after');
    h.console.endOfStartScript();
    for (let i = 0; i < 5; i++) h.console.update();
    expect(h.console.busy).toBe(true);
    expect(h.output).toEqual([]);
    expect(h.robot.requestLog()).not.toContain('representation:BallModel=on');
    h.robot.hold = false;
    h.run();
    expect(h.robot.requestLog()).toContain('representation:BallModel=on');
    expect(h.output).toEqual(['after']);
    expect(h.console.directMode).toBe(true);
  });

  it('names the line in syntax errors before direct mode', () => {
    const h = createHarness();
    expect(h.run('nonsense here')).toEqual(["Syntax Error: unknown command 'nonsense' in 'nonsense here'"]);
  });

  it('never throws out of execute', () => {
    const h = createHarness();
    h.run();
    expect(() => h.console.execute('"unterminated')).not.toThrow();
    expect(() => h.console.execute('set')).not.toThrow();
    expect(() => h.console.execute('')).not.toThrow();
  });
});

describe('incoming messages', () => {
  it('prints text messages unless msg off, and streams representations decoded through the TypeInfo', () => {
    const h = createHarness();
    h.run();
    const streamed: string[] = [];
    h.console.on('representation', (r) => streamed.push(`[${r.thread}] ${r.name} ${r.text}`));
    const out = new OutBinary();
    encodeWithTypeInfo(
      sampleTypeInfo(),
      'BallModel',
      { position: { x: 1, y: 2.5 }, velocity: { x: 0, y: 0 }, seenPercentage: 7, quality: 'bad' },
      out,
    );
    h.robot.push(
      ...frame('Cognition', [
        { id: MessageID.idBallModel, payload: out.toBytes() },
        { id: MessageID.idText, payload: encodeTextMessage('Hello') },
      ]),
    );
    expect(h.run()).toEqual(['Hello']);
    expect(streamed).toEqual([
      '[Cognition] BallModel position = {x = 1; y = 2.5;}; velocity = {x = 0; y = 0;}; seenPercentage = 7; quality = bad;',
    ]);
    h.run('msg off');
    h.robot.push(...frame('Cognition', [{ id: MessageID.idText, payload: encodeTextMessage('quiet') }]));
    expect(h.run()).toEqual([]);
  });

  it('reports malformed messages once instead of every frame', () => {
    const h = createHarness();
    h.run();
    for (let i = 0; i < 3; i++)
      h.robot.push(...frame('Cognition', [{ id: MessageID.idPlot, payload: new Uint8Array([1, 2]) }]));
    const out = h.run();
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(/^Error: malformed idPlot from Cognition/);
  });

  it('remembers a bounded number of different errors and says once when it stops showing new ones', () => {
    const h = createHarness();
    h.run();
    // Plot payloads claiming ever other string lengths: each decoding error reads differently.
    const claims = Array.from({ length: MAX_REPORTED_ERRORS + 500 }, (_, i) => {
      const out = new OutBinary(4);
      out.uint32(1000 + i);
      return { id: MessageID.idPlot, payload: out.toBytes() };
    });
    h.robot.push(...frame('Cognition', claims));
    const out = h.run();
    const errors = out.filter((line) => line.startsWith('Error: malformed idPlot'));
    expect(new Set(errors).size).toBe(errors.length);
    expect(errors).toHaveLength(MAX_REPORTED_ERRORS);
    expect(out.filter((line) => line.startsWith('Warning: the robot sent more than'))).toEqual([
      `Warning: the robot sent more than ${MAX_REPORTED_ERRORS} different errors; new ones are ignored`,
    ]);
  });
});

describe('RobotConsole start views', () => {
  it("tells the start script's views from the ones typed afterwards", () => {
    const h = createHarness();
    // A script line that waits for polling keeps the end of the script queued behind it.
    h.console.execute('vf worldState');
    h.console.execute('vp speed 100 0 10');
    h.console.execute('vfd worldState representation:BallModel');
    h.console.endOfStartScript();
    // Until the script is over every view is one of its views.
    expect(h.console.directMode).toBe(false);
    expect(h.console.startViews).toEqual(['field.worldState', 'plot.speed']);
    h.run();
    expect(h.console.directMode).toBe(true);
    h.run('vf mine');
    expect(h.console.model.views.fieldView('mine')).toBeDefined();
    expect(h.console.startViews).toEqual(['field.worldState', 'plot.speed']);
    // A console without a start script (a replayed log never gets one) has no start views.
    const log = createHarness();
    log.run('vf typed');
    expect(log.console.model.views.fieldView('typed')).toBeDefined();
    expect(log.console.startViews).toEqual([]);
  });
});
