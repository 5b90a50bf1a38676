import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConsoleController } from './ConsoleController';
import { CommandError, type GlobalCommand, type RobotCommand } from './commands/types';
import { parseLine, type Token } from '@app/ipc/consoleLine';
import { MemoryFiles, type ConsoleFiles } from './files';
import { NodeFiles } from './nodeFiles';
import { RobotConsole } from './RobotConsole';
import { ScriptedRobot } from './testing/ScriptedRobot';
import { sampleRobotSpec } from './testing/sampleRobot';

function controllerWithRobots(files: ConsoleFiles = new MemoryFiles(), names: string[] = []) {
  const controller = new ConsoleController({ files });
  const output: string[] = [];
  controller.on('output', (o) => output.push(o.robot ? `${o.robot}: ${o.text}` : o.text));
  const robots = names.map((name, i) => {
    const robot = new ScriptedRobot(sampleRobotSpec());
    const console = new RobotConsole(name, robot, { robotNumber: i === 0 ? 1 : 21 });
    controller.addRobot(console);
    return { robot, console };
  });
  const settle = () => {
    for (let i = 0; i < 20 && (controller.busy || controller.allRobots.some((r) => r.polling)); i++)
      controller.update();
  };
  return { controller, output, robots, settle };
}

describe('ConsoleController routing', () => {
  it('parses a line once: every selected robot console reads the tokens the controller made', () => {
    const { controller, output, settle } = controllerWithRobots(undefined, ['a', 'b']);
    const seen: { robot: string; tokens: readonly Token[]; words: string[] }[] = [];
    const probe: RobotCommand = {
      name: 'probe',
      scope: 'robot',
      forable: false,
      usage: 'probe {<word>}',
      summary: 'Records what it was given (test only).',
      run(args, ctx) {
        seen.push({ robot: ctx.console.name, tokens: args.tokens, words: args.words() });
        return 'done';
      },
    };
    controller.commands.register([probe]);
    settle();
    controller.execute('robot all');
    const line = parseLine('probe "two words" /* skipped */ last # comment');
    controller.execute(line);
    settle();
    expect(seen.map((s) => [s.robot, s.words])).toEqual([
      ['a', ['two words', 'last']],
      ['b', ['two words', 'last']],
    ]);
    // The very token list of the parsed line reached both robot consoles: nobody tokenized it again.
    for (const s of seen) expect(s.tokens).toBe(line.tokens);
    expect(output.filter((o) => /Error/.test(o))).toEqual([]);
  });

  it('says No robot selected! for robot commands without robots, but runs global ones', () => {
    const { controller, output } = controllerWithRobots();
    controller.execute('dr ?');
    controller.execute('echo  hello   world');
    controller.execute('# just a comment');
    expect(output).toEqual(['No robot selected!', 'hello world']);
  });

  it('selects robots and routes robot commands to the selection', () => {
    const { controller, output, robots, settle } = controllerWithRobots(undefined, ['a', 'b']);
    settle();
    expect(controller.selection).toEqual(['b']);
    controller.execute('robot ?');
    controller.execute('robot all');
    controller.execute('dr representation:BallModel');
    settle();
    expect(robots[0]!.robot.requestLog()).toContain('representation:BallModel=on');
    expect(robots[1]!.robot.requestLog()).toContain('representation:BallModel=on');
    controller.execute('robot teamB');
    expect(controller.selection).toEqual(['b']);
    controller.execute('robot a c');
    controller.execute('robot a');
    controller.execute('nonsense');
    settle();
    expect(output).toEqual([
      'a\nb *',
      'Error: unknown robot c (robots: a, b)',
      "a: Syntax Error: unknown command 'nonsense' in 'nonsense'",
    ]);
  });

  it('prints help filtered by a pattern', () => {
    const { controller, output } = controllerWithRobots();
    controller.execute('help vpd');
    expect(output[0]).toMatch(/^vpd \? \[<pattern>\]/);
    expect(output[0]).not.toContain('mr ?');
    controller.execute('? zzz');
    expect(output[1]).toBe("No command matches 'zzz'.");
  });

  it('runs a start script: lines wait for polling, then the robot is in direct mode', () => {
    const files = new MemoryFiles({
      '/scenes/Remote.con': 'echo start\ndr representation:BallModel\nget module:BallLocator\n',
    });
    const { controller, output, robots, settle } = controllerWithRobots(files, ['r']);
    controller.runStartScript('/scenes/Remote.con');
    expect(output).toEqual(['start']);
    settle();
    expect(output).toEqual([
      'start',
      'r: set module:BallLocator maxDistance = 4500; aimTolerance = 6deg; qualities = [good, bad]; label = "two words";',
    ]);
    expect(robots[0]!.console.directMode).toBe(true);
  });
});

describe('call', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pitchside-console-'));
    mkdirSync(join(dir, 'Includes'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('adds .con, resolves relative to the running script and prefers the second file', () => {
    writeFileSync(join(dir, 'main.con'), 'echo main\ncall Includes/common\ncall Includes/replay Includes/local\n');
    writeFileSync(join(dir, 'Includes', 'common.con'), 'echo common\ncall inner\n');
    writeFileSync(join(dir, 'Includes', 'inner.con'), 'echo inner (relative to Includes)\n');
    writeFileSync(join(dir, 'Includes', 'replay.con'), 'echo replay\n');
    writeFileSync(join(dir, 'Includes', 'local.con'), 'echo local wins\n');
    const { controller, output } = controllerWithRobots(new NodeFiles());
    controller.execute(`call ${join(dir, 'main')}`);
    expect(output).toEqual(['main', 'common', 'inner (relative to Includes)', 'local wins']);
  });

  it('falls back to the first file and reports a missing script', () => {
    writeFileSync(join(dir, 'a.con'), 'echo first\n');
    const files = new NodeFiles();
    const controller = new ConsoleController({ files, scriptDir: dir });
    const output: string[] = [];
    controller.on('output', (o) => output.push(o.text));
    controller.execute('call a absent');
    controller.execute('call missing');
    expect(output[0]).toBe('first');
    expect(output[1]).toBe(`Error: cannot read script ${join(dir, 'missing.con').replace(/\\/g, '/')}`);
  });

  it('stops at nesting depth 10 with Nesting Error', () => {
    writeFileSync(join(dir, 'self.con'), 'echo x\ncall self\n');
    const controller = new ConsoleController({ files: new NodeFiles(), scriptDir: dir });
    const output: string[] = [];
    controller.on('output', (o) => output.push(o.text));
    controller.execute('call self');
    expect(output.filter((o) => o === 'x')).toHaveLength(10);
    expect(output.at(-1)).toBe('Nesting Error');
  });
});

describe('global commands that finish later', () => {
  /**
   * `later <label> [error | fail]`: prints `<label> begins`, finishes a turn of the event loop later (printing
   * `<label> ends`, or failing with a CommandError or a plain Error), as `sl` does while it reads an MCAP file.
   * `phase` prints whether the start phase is on.
   */
  function withLater(files: ConsoleFiles, names: string[] = []) {
    const setup = controllerWithRobots(files, names);
    const { controller } = setup;
    const later: GlobalCommand = {
      name: 'later',
      scope: 'global',
      usage: 'later <label> [error | fail]',
      summary: 'Finishes a turn later.',
      run(args, { console }) {
        const label = args.next()!;
        const how = args.next();
        console.print(`${label} begins`);
        return new Promise((resolve, reject) =>
          setImmediate(() => {
            if (how === 'error') reject(new CommandError(`${label} failed`));
            else if (how === 'fail') reject(new Error(`${label} broke`));
            else {
              console.print(`${label} ends`);
              resolve();
            }
          }),
        );
      },
    };
    const phase: GlobalCommand = {
      name: 'phase',
      scope: 'global',
      usage: 'phase',
      summary: 'Prints whether the start phase is on.',
      run: () => controller.print(controller.inStartScript ? 'start phase' : 'direct'),
    };
    controller.commands.register([later, phase]);
    return setup;
  }

  it('holds typed lines and the rest of scripts in order, with their script directories, until it settles', async () => {
    const files = new MemoryFiles({
      '/s/main.con': 'echo main\nlater A\ncall Inc/sub\necho main end\n',
      '/s/Inc/sub.con': 'echo sub\nlater B\ncall inner\necho sub end\n',
      '/s/Inc/inner.con': 'echo inner (relative to Inc)\n',
    });
    const { controller, output } = withLater(files);
    controller.execute('call /s/main');
    controller.execute('echo typed');
    expect(output).toEqual(['main', 'A begins']);
    expect(controller.busy).toBe(true);
    await controller.settled();
    expect(output).toEqual([
      'main',
      'A begins',
      'A ends',
      'sub',
      'B begins',
      'B ends',
      'inner (relative to Inc)',
      'sub end',
      'main end',
      'typed',
    ]);
    expect(controller.busy).toBe(false);
  });

  it('prints what it fails with, as a command that fails at once, and loses no line', async () => {
    const { controller, output } = withLater(new MemoryFiles());
    controller.execute('later C error');
    controller.execute('echo after C');
    controller.execute('later D fail');
    controller.execute('echo after D');
    await controller.settled();
    expect(output).toEqual(['C begins', 'C failed', 'after C', 'D begins', 'Error: D broke', 'after D']);
  });

  it('keeps the start phase for the held lines of a start script and ends it after them', async () => {
    const files = new MemoryFiles({ '/scenes/Later.con': 'later S\nphase\ndr representation:BallModel\n' });
    const { controller, output, robots, settle } = withLater(files, ['r']);
    controller.runStartScript('/scenes/Later.con');
    controller.execute('phase');
    expect(controller.inStartScript).toBe(false);
    settle();
    expect(robots[0]!.console.directMode).toBe(false); // the end of the start phase is held too
    await controller.settled();
    settle();
    expect(output).toEqual(['S begins', 'S ends', 'start phase', 'direct']);
    expect(robots[0]!.robot.requestLog()).toContain('representation:BallModel=on');
    expect(robots[0]!.console.directMode).toBe(true);
  });
});
