// Re-run and compare (issue 44): a window of a recorded log runs again as a variant beside its original. The log
// holds only a simulated robot's inputs, so both replays compute self-localization, ball model, behaviour and
// motion; the comparison encodes every representation with the binary codec after every frame.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encode } from '@robot-runtime/protocol/binary/encode';
import type { AnyType } from '@robot-runtime/protocol/types';
import { ConsoleController } from '../../console/ConsoleController';
import { NodeFiles } from '../../console/nodeFiles';
import { logCommands } from '../logCommands';
import { logSession } from '../LogSession';
import { openReplay } from '../openReplay';
import type { ReplayRobot } from '../ReplayRobot';
import { CONFIG_ROOT } from '../testing/InProcessRobot';
import { recordSensorLog } from '../testing/sensorLog';
import { applyVariantLine } from './applyVariantLine';
import { formatVariant, parseVariant, VariantError, type LogVariant } from './logVariant';
import { followOriginal, runVariant } from './runVariant';
import { variantBook } from './VariantBook';
import { variantRobot } from './variantRobot';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-variant-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let logFile = '';

beforeAll(async () => {
  logFile = await recordSensorLog(dir, 6);
}, 240_000);

const WIDER = 'set module:SelfLocator odometryTranslationVariance = 2000;';

function replay(): ReplayRobot {
  return openReplay('robot1', logFile, { configRoot: CONFIG_ROOT, configFromTree: true, now: () => 0, playing: false });
}

/** Each thread's representations, encoded. */
function encoded(robot: ReplayRobot): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const runner of robot.program.threads)
    for (const name of runner.blackboard.names())
      out.set(
        `${runner.name}.${name}`,
        Buffer.from(encode(runner.blackboard.typeOf(name) as AnyType, runner.blackboard.get(name))),
      );
  return out;
}

function differing(a: Map<string, Buffer>, b: Map<string, Buffer>): string[] {
  return [...new Set([...a.keys(), ...b.keys()])].filter((n) => !a.get(n) || !b.get(n) || !a.get(n)!.equals(b.get(n)!));
}

describe('re-running a window of a log as a variant', () => {
  it('a variant with no change is byte-identical to the original throughout the window', () => {
    const original = replay();
    const variant = variantRobot(original, 'robot1_same', CONFIG_ROOT);
    const result = runVariant(original, variant, { name: 'same', from: 150, to: 450, lines: [] });
    expect(result.start).toBe('snapshot');
    expect(result.frames).toBe(301);
    expect(result.differsFrom).toBeUndefined();
    expect(result.diffs).toEqual([]);
    // The comparison saw the robot move: its pose track has a point per Cognition frame of the window.
    expect(result.tracks.original.length).toBeGreaterThan(100);
    expect(result.tracks.variant).toEqual(result.tracks.original);
    expect(original.player.current).toBe(450);
    expect(variant.player.current).toBe(450);
    expect(differing(encoded(original), encoded(variant))).toEqual([]);
    original.file.close();
    variant.file.close();
  }, 120_000);

  it('a changed SelfLocator parameter differs from the first frame SelfLocator runs on and is identical before', () => {
    const original = replay();
    const variant = variantRobot(original, 'robot1_wide', CONFIG_ROOT);
    const spec: LogVariant = { name: 'wide', from: 200, to: 600, lines: [WIDER] };
    // The first frame of the window in which Cognition (SelfLocator's thread) runs.
    let cognition = spec.from;
    while (original.file.readFrame(cognition).thread !== 'Cognition') cognition++;
    const result = runVariant(original, variant, spec);
    expect(result.differsFrom).toBe(cognition);
    const pose = result.diffs.find((d) => d.representation === 'RobotPose')!;
    expect(pose).toMatchObject({ thread: 'Cognition', first: cognition });
    expect(pose.frames).toBeGreaterThan(50);
    // Nothing differs before SelfLocator's first frame: Motion frames played before it are identical.
    expect(cognition).toBeGreaterThan(spec.from);
    expect(result.diffs.every((d) => d.first >= cognition)).toBe(true);
    // A pose track point per Cognition frame of the window, for both.
    expect(result.tracks.original.length).toBe(2 * pose.frames);
    expect(result.tracks.variant.length).toBe(result.tracks.original.length);

    // Started from the original's snapshot, the variant computes what a replay from the first frame computes with
    // the change made before the window.
    const reference = replay();
    reference.player.goto(spec.from - 1);
    applyVariantLine(reference, WIDER);
    // Step by step: a seek after a change computes what a replay from the first frame with the change does.
    while (reference.player.current < 400) reference.player.forward(1);
    const at400 = encoded(reference);
    while (reference.player.current < spec.to) reference.player.forward(1);
    expect(differing(encoded(variant), encoded(reference))).toEqual([]);
    // And the original holds what it would have without the variant.
    const plain = replay();
    plain.player.goto(spec.to);
    expect(differing(encoded(original), encoded(plain))).toEqual([]);
    // The variant follows its original back into the window, seeking exactly from its own start.
    const stop = followOriginal(original, variant, spec);
    original.player.goto(400);
    expect(variant.player.current).toBe(400);
    expect(differing(encoded(variant), at400)).toEqual([]);
    // Not before the window: the variant stays at its start.
    original.player.goto(100);
    expect(variant.player.current).toBe(400);
    stop();
    for (const r of [original, variant, reference, plain]) r.file.close();
  }, 180_000);

  it('a provider change (mr) applies to the variant only', () => {
    const original = replay();
    const variant = variantRobot(original, 'robot1_truth', CONFIG_ROOT);
    const lines = ['mr RobotPose SimulatedWorldModelProvider'];
    const result = runVariant(original, variant, { name: 'truth', from: 100, to: 300, lines });
    expect(result.diffs.map((d) => `${d.thread}.${d.representation}`)).toContain('Cognition.RobotPose');
    // The ground truth pose is elsewhere than the estimate: the tracks part.
    expect(result.tracks.variant).not.toEqual(result.tracks.original);
    expect(original.currentConfiguration).not.toEqual(variant.currentConfiguration);
    original.file.close();
    variant.file.close();
  }, 120_000);

  it('refuses lines the variant cannot apply, and windows outside the log', () => {
    const original = replay();
    const variant = variantRobot(original, 'robot1_bad', CONFIG_ROOT);
    expect(() => applyVariantLine(variant, 'set module:NoSuchModule x = 1;')).toThrow(/unknown debug data/);
    expect(() => applyVariantLine(variant, 'set module:SelfLocator odometryTranslationVariance = wide;')).toThrow(
      VariantError,
    );
    expect(() => applyVariantLine(variant, 'mr NoSuchRepresentation off')).toThrow(/Unknown representation/);
    expect(() => applyVariantLine(variant, 'for Nowhere set module:SelfLocator x = 1;')).toThrow(/no thread Nowhere/);
    const frames = original.player.frameCount;
    expect(() => runVariant(original, variant, { name: 'late', from: 0, to: frames, lines: [] })).toThrow(
      `ends after the log's last frame ${frames - 1}`,
    );
    original.file.close();
    variant.file.close();
  }, 120_000);
});

describe('variant files', () => {
  it('round-trips a variant through its text', () => {
    const variant: LogVariant = { name: 'wide', from: 12, to: 900, lines: [WIDER, 'for Cognition mr BallModel off'] };
    const text = formatVariant(variant);
    expect(text).toContain('window 12 900\n');
    expect(parseVariant('wide', text)).toEqual(variant);
  });

  it('names the line of a problem and bounds the file', () => {
    expect(() => parseVariant('v', 'window 1 2\nsim step 5\n')).toThrow(
      'line 2: a variant holds set and mr lines only',
    );
    expect(() => parseVariant('v', 'window 1\n')).toThrow("line 1: 'window <from> <to>' with two frame numbers");
    expect(() => parseVariant('v', 'set module:SelfLocator x = 1;\n')).toThrow("no 'window <from> <to>' line");
    expect(() => parseVariant('v', 'window 5 2\n')).toThrow('not a range of frames');
    expect(() => parseVariant('v', 'window 1 2\nmr ?\n')).toThrow('changes nothing');
    expect(() => parseVariant('v', `window 1 2\n${'#'.repeat(70_000)}\n`)).toThrow('at most 65536 bytes');
    expect(() => parseVariant('v', `window 1 2\n${'mr BallModel off\n'.repeat(300)}`)).toThrow('more than 256');
  });
});

describe('log variant in the console', () => {
  it('defines, runs, saves a variant and loads it on another log', async () => {
    const logs = path.join(dir, 'config', 'Logs');
    fs.mkdirSync(logs, { recursive: true });
    fs.copyFileSync(logFile, path.join(logs, 'a.log'));
    fs.copyFileSync(logFile, path.join(logs, 'b.log'));
    const controller = new ConsoleController({ files: new NodeFiles() });
    const output: string[] = [];
    controller.on('output', (o) => output.push(o.text));
    controller.commands.register(logCommands(controller, { configRoot: path.join(dir, 'config'), now: () => 0 }));
    const run = async (line: string) => {
      controller.execute(line);
      await controller.settled();
      for (let i = 0; i < 50 && controller.busy; i++) controller.update();
    };
    // The test's config folder holds only logs: the replay takes threads.cfg and parameters from the repository's.
    fs.cpSync(CONFIG_ROOT, path.join(dir, 'config'), { recursive: true, filter: (src) => !src.includes('Logs') });
    await run('sl a a Default');
    await run('log variant wide from 200 to 500');
    await run(`log variant wide ${WIDER}`);
    await run('log variant wide run');
    expect(output.join('\n')).toMatch(/Variant wide as a_wide: 301 frames \(200 … 500\).*differs from frame \d+/);
    expect(output.join('\n')).toContain('Cognition.RobotPose: from frame');
    // The variant is a robot beside the original; the original stays selected.
    expect(controller.robotNames).toEqual(['a', 'a_wide']);
    expect(controller.selection).toEqual(['a']);
    // The variant never plays on its own, yet its console knows its request names (for `dr`, `vi`, the views).
    await run('robot a_wide');
    await run('dr ? representation:RobotPose');
    expect(output.at(-1)).toMatch(/^representation:RobotPose$/m);
    await run('robot a');
    await run('log variant wide save');
    const saved = path.join(dir, 'config', 'Variants', 'wide.variant');
    expect(fs.readFileSync(saved, 'utf8')).toContain(`window 200 500\n${WIDER}\n`);

    await run('sl b b Default');
    await run('robot b');
    await run('log variant load wide');
    await run('log variant wide run');
    const book = variantBook(logSession(controller.robotConsole('b')!));
    expect(book.results.get('wide')).toMatchObject({ robot: 'b_wide', frames: 301 });
    expect(book.results.get('wide')!.differsFrom).toBeGreaterThanOrEqual(200);
    await run('log variant ?');
    expect(output.at(-1)).toMatch(/^wide: frames 200 … 500, set module:SelfLocator .* \(differs from frame \d+\)$/);
    await run('log variant load nothing');
    expect(output.at(-1)).toMatch(/Cannot read .*nothing\.variant/);
    expect(output.filter((l) => /^Error|Unknown/.test(l))).toEqual([]);
  }, 240_000);
});
