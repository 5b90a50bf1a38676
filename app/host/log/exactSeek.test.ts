// Exact seeks (issue 44) on a recorded log whose replay runs the modules: the log of a simulated robot holds only
// its inputs (sensors, GameController, ground truth), and the replay, configured from threads.cfg, computes
// percepts, self-localization, ball model, behaviour and every motion engine again. First, determinism: two
// replays from the first frame compute the same bytes for every representation of every thread after every frame.
// Then 50 random targets, each reached through a random history of seeks, steps and repeats, hold exactly those
// bytes, while the snapshots stay within a budget small enough to force evictions.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SeededRandom } from '@robot-runtime/math/SeededRandom';
import { encode } from '@robot-runtime/protocol/binary/encode';
import { encodeDebugDataChangeRequest } from '@robot-runtime/protocol/debugMessages/debugData';
import { decodeTextMessage } from '@robot-runtime/protocol/debugMessages/textMessage';
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import { SelfLocator } from '@robot-runtime/modules/Modeling/SelfLocator/SelfLocator';
import { allModules } from '@robot-runtime/threads/allModules';
import { threadMessage } from '../console/RobotConsole';
import type { AnyType } from '@robot-runtime/protocol/types';
import { openReplay } from './openReplay';
import type { ReplayRobot } from './ReplayRobot';
import type { SnapshotStoreOptions } from './SnapshotStore';
import { CONFIG_ROOT } from './testing/InProcessRobot';
import { recordSensorLog } from './testing/sensorLog';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pitchside-exact-seek-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A budget of some dozen snapshots of this program (about 40 KB each), so a play through the log evicts. */
const SNAPSHOTS: SnapshotStoreOptions = { budgetBytes: 1_000_000, intervalFrames: 20 };
let logFile = '';

beforeAll(async () => {
  logFile = await recordSensorLog(dir, 6);
}, 240_000);

function replay(snapshots: SnapshotStoreOptions | false = SNAPSHOTS, modules = allModules): ReplayRobot {
  return openReplay('replay', logFile, {
    configRoot: CONFIG_ROOT,
    configFromTree: true,
    now: () => 0,
    playing: false,
    snapshots,
    modules,
  });
}

/** `set module:SelfLocator` as the console sends it: the odometry widens the pose estimate a hundred times more. */
function widenOdometry(robot: ReplayRobot): void {
  const params = robot.program.thread('Cognition')!.modules.get('SelfLocator')!.params as Record<string, unknown>;
  const changed = { ...params, odometryTranslationVariance: 2000 };
  const data = encode(SelfLocator.parameters!, changed as never);
  robot.receiveFromConsole([
    threadMessage('Cognition'),
    {
      id: MessageID.idDebugDataChangeRequest,
      payload: encodeDebugDataChangeRequest({ name: 'module:SelfLocator', data }),
    },
  ]);
}

/** Every representation of every thread, encoded, by `thread.representation`. */
function representations(robot: ReplayRobot): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  for (const runner of robot.program.threads)
    for (const name of runner.blackboard.names())
      out.set(`${runner.name}.${name}`, encode(runner.blackboard.typeOf(name) as AnyType, runner.blackboard.get(name)));
  return out;
}

function digest(values: Map<string, Uint8Array>): string {
  const hash = createHash('sha256');
  for (const [name, bytes] of values) hash.update(name).update(bytes);
  return hash.digest('hex');
}

/** Plays the whole log from its first frame, one frame at a time; the digest after every frame. */
function playThrough(
  robot: ReplayRobot,
  keep: ReadonlySet<number>,
): { digests: string[]; kept: Map<number, Map<string, Uint8Array>> } {
  const digests: string[] = [];
  const kept = new Map<number, Map<string, Uint8Array>>();
  for (let i = 0; i < robot.player.frameCount; i++) {
    robot.player.forward(1);
    const values = representations(robot);
    digests.push(digest(values));
    if (keep.has(i)) kept.set(i, values);
  }
  return { digests, kept };
}

/** Names of the representations whose bytes differ. */
function differing(a: Map<string, Uint8Array>, b: Map<string, Uint8Array>): string[] {
  const names = new Set([...a.keys(), ...b.keys()]);
  return [...names].filter((n) => !a.get(n) || !b.get(n) || !Buffer.from(a.get(n)!).equals(b.get(n)!));
}

describe('exact seeks in a replay with modules running', () => {
  /** Each thread's last frame up to `target`. */
  let threadOfFrame: string[] = [];
  const lastFrames = (target: number): Map<string, number> => {
    const out = new Map<string, number>();
    for (let i = 0; i <= target; i++) out.set(threadOfFrame[i]!, i);
    return out;
  };
  const random = new SeededRandom(44);
  let frames = 0;
  let targets: number[] = [];
  let reference: { digests: string[]; kept: Map<number, Map<string, Uint8Array>> };

  beforeAll(() => {
    const robot = replay(false);
    frames = robot.player.frameCount;
    targets = Array.from({ length: 50 }, () => Math.floor(random.next() * frames));
    threadOfFrame = Array.from({ length: frames }, (_, i) => robot.file.readFrame(i).thread);
    reference = playThrough(robot, new Set(targets));
    robot.file.close();
  }, 120_000);

  it('replays run the modules that compute what the log does not hold', () => {
    const robot = replay(false);
    const cognition = [...robot.program.thread('Cognition')!.modules.keys()];
    expect(cognition).toEqual(expect.arrayContaining(['SelfLocator', 'BallLocator', 'BehaviorControl']));
    expect([...robot.program.thread('Motion')!.modules.keys()]).toEqual(
      expect.arrayContaining(['WalkingEngine', 'MotionCombinator']),
    );
    robot.file.close();
    expect(frames).toBeGreaterThan(500);
    // The robot's belief changes over the log, so a seek that lost state would show.
    const poses = [...reference.kept.values()].map((v) => Buffer.from(v.get('Cognition.RobotPose')!).toString('hex'));
    expect(new Set(poses).size).toBeGreaterThan(20);
  });

  it('computes the same bytes for every representation after every frame when replayed again', () => {
    const again = playThrough(replay(false), new Set());
    expect(again.digests.length).toBe(reference.digests.length);
    const first = again.digests.findIndex((d, i) => d !== reference.digests[i]);
    expect(first).toBe(-1);
  });

  it('holds at 50 random targets reached through random seek histories what a replay from the first frame does', () => {
    const robot = replay();
    const store = robot.seeker.store!;
    const problems: string[] = [];
    let restores = 0;
    // The views show each thread's last frame's debug output: after a seek it must be the thread's last frame up to
    // the target, played in an exact state.
    const lastPlayed = new Map<string, number>();
    robot.player.events.on('frame', (f) => lastPlayed.set(f.thread, f.index));
    for (const target of targets) {
      for (let step = Math.floor(random.next() * 4); step > 0; step--) {
        const kind = Math.floor(random.next() * 4);
        if (kind === 0) robot.player.goto(Math.floor(random.next() * frames));
        else if (kind === 1) robot.player.forward(1 + Math.floor(random.next() * 40));
        else if (kind === 2) robot.player.backward(1 + Math.floor(random.next() * 40));
        else robot.player.repeat(); // plays the current frame twice: the state after it is not a replay's
        expect(store.bytes).toBeLessThanOrEqual(SNAPSHOTS.budgetBytes);
      }
      const before = robot.player.current;
      robot.player.goto(target);
      if (before > target || before < target - SNAPSHOTS.intervalFrames) restores++;
      const diff = differing(representations(robot), reference.kept.get(target)!);
      if (diff.length) problems.push(`frame ${target}: ${diff.join(', ')}`);
      for (const [thread, frame] of lastFrames(target))
        if (lastPlayed.get(thread) !== frame)
          problems.push(`frame ${target}: ${thread} last played ${lastPlayed.get(thread)}, not ${frame}`);
    }
    expect(problems).toEqual([]);
    expect(restores).toBeGreaterThan(10);
    // The budget held and was needed: snapshots were evicted, and those left cover the log.
    expect(store.peakBytes).toBeLessThanOrEqual(SNAPSHOTS.budgetBytes);
    expect(store.evictions).toBeGreaterThan(0);
    expect(store.size).toBeGreaterThan(5);
    robot.file.close();
  });

  it('after a parameter change, seeks compute what a replay from the first frame with the change does', () => {
    const robot = replay();
    robot.player.goto(600);
    expect(robot.seeker.store!.size).toBeGreaterThan(5);
    widenOdometry(robot);
    expect(robot.seeker.store!.size).toBe(0); // computed with the old parameters
    const changed = replay(false);
    widenOdometry(changed);
    for (const target of [300, 450, 200]) {
      robot.player.goto(target);
      changed.player.goto(target);
      expect(differing(representations(robot), representations(changed))).toEqual([]);
      // The change matters: without it the robot computed something else there.
      expect(digest(representations(robot))).not.toBe(reference.digests[target]);
    }
    robot.file.close();
    changed.file.close();
  });

  it('a module that does not declare its state makes seeks replay from the first frame, still exactly', () => {
    // HeadMotionEngine as if written without `keep`: its state lives where no snapshot reaches.
    const undeclared = allModules.map((m) =>
      m.name === 'HeadMotionEngine'
        ? { ...m, create: (context: Parameters<typeof m.create>[0]) => m.create({ ...context, keep: (s) => s }) }
        : m,
    );
    const robot = replay(SNAPSHOTS, undeclared);
    for (const target of targets.slice(0, 4)) {
      robot.player.goto(target);
      expect(differing(representations(robot), reference.kept.get(target)!)).toEqual([]);
    }
    expect(robot.seeker.store!.size).toBe(0);
    const texts = robot.connection
      .receive()
      .filter((m) => m.id === MessageID.idText)
      .map((m) => decodeTextMessage(m.payload));
    expect(texts).toContain(
      "Replay: seeks replay from the log's first frame, since the program cannot be snapshotted:\n" +
        'HeadMotionEngine (Motion) neither keeps its state nor is stateless',
    );
    robot.file.close();
  });
});
