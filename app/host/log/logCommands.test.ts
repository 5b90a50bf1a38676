// `sl` and `sml` of MCAP files through the console controller: a file of several MB is read in slices, so the event
// loop gets turns while it opens (counted, not timed: slices of 0 ms give a turn after every record, as many as
// the file has chunks at least), and the lines typed after it wait for the replayed robot.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleController } from '../console/ConsoleController';
import { NodeFiles } from '../console/nodeFiles';
import { LogFile } from './LogFile';
import { logSession } from './LogSession';
import { chunksOf, rawFramesMcap } from './mcap/testing/hostileMcap';
import { CONFIG_ROOT } from './testing/InProcessRobot';
import { writeDemoLog } from './testing/demoLog';
import { logCommands } from './logCommands';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-sl-'));
const bigLog = path.join(dir, 'big.log');
const bigMcap = path.join(dir, 'big.mcap');
const group = path.join(dir, 'group');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Demo log cycles giving an MCAP file of about 4 MB (uncompressed chunks). */
const CYCLES = 1300;
/** Chunks asked of the exporter (it writes about that many). */
const CHUNKS = 4;

beforeAll(async () => {
  writeDemoLog(bigLog, CYCLES);
  fs.writeFileSync(bigMcap, await rawFramesMcap(bigLog, CHUNKS, false));
  // `sml` takes `.log` files and opens each by what it is: an MCAP file among B-Human logs.
  fs.mkdirSync(group);
  writeDemoLog(path.join(group, 'a.log'), 40);
  fs.copyFileSync(bigMcap, path.join(group, 'b.log'));
});

function logConsole() {
  const controller = new ConsoleController({ files: new NodeFiles() });
  const output: string[] = [];
  controller.on('output', (o) => output.push(o.robot ? `${o.robot}: ${o.text}` : o.text));
  controller.commands.register(logCommands(controller, { configRoot: CONFIG_ROOT, now: () => 0, sliceMs: 0 }));
  return { controller, output };
}

/** Counts the turns the event loop takes until `stop` is called. */
function countTurns(): { turns: () => number; stop: () => void } {
  let turns = 0;
  let counting = true;
  const tick = () => {
    turns++;
    if (counting) setImmediate(tick);
  };
  setImmediate(tick);
  return { turns: () => turns, stop: () => (counting = false) };
}

describe('sl and sml of MCAP files', () => {
  it('sl reads a large MCAP file in slices; the lines after it run once the replayed robot exists', async () => {
    expect(fs.statSync(bigMcap).size).toBeGreaterThan(3e6);
    const chunks = chunksOf(fs.readFileSync(bigMcap)).length;
    expect(chunks).toBeGreaterThanOrEqual(CHUNKS);
    const frames = LogFile.open(bigLog).frameCount;
    const { controller, output } = logConsole();
    const loop = countTurns();
    controller.execute(`sl big "${bigMcap}"`);
    controller.execute('robot big');
    controller.execute('log goto 100');
    // Nothing of it ran synchronously: the file is still being read and the two lines are held.
    expect(controller.robotConsole('big')).toBeUndefined();
    expect(controller.busy).toBe(true);
    const turnsWhenStarted = loop.turns();
    await controller.settled();
    loop.stop();
    expect(loop.turns() - turnsWhenStarted).toBeGreaterThanOrEqual(chunks);
    const replay = logSession(controller.robotConsole('big')!).replay!;
    expect(replay.file.format).toBe('MCAP');
    expect(replay.file.frameCount).toBe(frames);
    expect(controller.selection).toEqual(['big']);
    for (let i = 0; i < 50 && controller.busy; i++) controller.update();
    expect(replay.player.current).toBe(100); // `log goto 100` found the robot
    expect(output.filter((l) => /error|no robot|unknown/i.test(l))).toEqual([]);
  });

  it('a script line after sl sees the replayed robot, and a missing file is reported as before', async () => {
    fs.writeFileSync(path.join(dir, 'replay.con'), `sl fromScript "${bigMcap}"\nlog goto 7\nsl none nowhere\n`);
    const { controller, output } = logConsole();
    controller.execute(`call ${path.join(dir, 'replay')}`);
    controller.execute('robot fromScript');
    await controller.settled();
    for (let i = 0; i < 50 && controller.busy; i++) controller.update();
    expect(logSession(controller.robotConsole('fromScript')!).replay!.player.current).toBe(7);
    expect(output.filter((l) => /error|no robot|unknown|not found/i.test(l))).toEqual(['Log file not found!']);
  });

  it('sml opens an MCAP file among B-Human logs in slices and plays them on one clock', async () => {
    const { controller, output } = logConsole();
    const loop = countTurns();
    controller.execute(`sml "${group}"`);
    controller.execute('robot all');
    await controller.settled();
    loop.stop();
    expect(loop.turns()).toBeGreaterThanOrEqual(CHUNKS);
    expect(controller.robotNames).toEqual(['a', 'b']);
    expect(controller.selection).toEqual(['a', 'b']);
    const b = logSession(controller.robotConsole('b')!);
    expect(b.replay!.file.format).toBe('MCAP');
    expect(b.group.map((r) => r.name)).toEqual(['a', 'b']);
    expect(output.filter((l) => /error/i.test(l))).toEqual([]);
  });
});
