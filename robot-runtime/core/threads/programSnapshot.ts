/**
 * @file Snapshots of a robot program between frames, for exact seeks in a log replay: per thread its frame number,
 * its blackboard, each module instance's kept state and random stream, and the exchange packages in flight. A
 * snapshot holds deep copies (stateCopy.ts) and restoring copies again, so one snapshot serves any number of seeks.
 * Restoring needs the program's configuration to be the one the snapshot was taken under (same threads, modules
 * and channels); a change of configuration or parameters makes its snapshots useless, and their owner drops them.
 */
import { copyState, stateBytes } from '../module/stateCopy';
import type { RobotProgram } from './RobotProgram';
import type { ThreadRunner } from './ThreadRunner';

/** One module instance in a snapshot. */
interface ModuleSnapshot {
  readonly state: object | undefined;
  readonly random: object;
}

/** One thread in a snapshot. */
interface ThreadSnapshot {
  readonly frameNumber: number;
  readonly blackboard: ReadonlyMap<string, unknown>;
  readonly modules: ReadonlyMap<string, ModuleSnapshot>;
  /** ChannelReceiver.lastSenderFrame per receiver, in wiring order. */
  readonly lastSenderFrames: readonly number[];
}

/** A whole program between two frames. */
export interface ProgramSnapshot {
  readonly threads: ReadonlyMap<string, ThreadSnapshot>;
  /** Packages published but not yet read, per channel in the program's channel order. */
  readonly unread: readonly (Uint8Array | undefined)[];
  /** Approximate memory the snapshot holds (bytes). */
  readonly bytes: number;
}

/**
 * Why `program` cannot be snapshotted, one line per obstacle (empty when it can): module instances that neither
 * keep their state nor are stateless, and exchange buffers that cannot hand out what is in flight.
 */
export function snapshotObstacles(program: RobotProgram): string[] {
  const problems: string[] = [];
  for (const runner of program.threads)
    for (const [name, live] of runner.modules)
      if (!live.kept.state && !live.definition.stateless)
        problems.push(`${name} (${runner.name}) neither keeps its state nor is stateless`);
  for (const channel of program.channels)
    if (!channel.buffer.unread || !channel.buffer.resetTo)
      problems.push(`the exchange from ${channel.from} to ${channel.to} cannot be snapshotted`);
  return problems;
}

function snapshotThread(runner: ThreadRunner): ThreadSnapshot {
  const blackboard = new Map<string, unknown>();
  for (const name of runner.blackboard.names())
    blackboard.set(name, copyState(runner.blackboard.get(name), `${runner.name}.${name}`));
  const modules = new Map<string, ModuleSnapshot>();
  for (const [name, live] of runner.modules)
    modules.set(name, {
      state: live.kept.state && copyState(live.kept.state, `${name}.state`),
      random: copyState(live.random),
    });
  return {
    frameNumber: runner.frameNumber,
    blackboard,
    modules,
    lastSenderFrames: runner.receivers.map((r) => r.lastSenderFrame),
  };
}

/** Takes a snapshot of `program` (call snapshotObstacles first: this throws where that reports a problem). */
export function snapshotProgram(program: RobotProgram): ProgramSnapshot {
  const obstacles = snapshotObstacles(program);
  if (obstacles.length) throw new Error(`cannot snapshot the program:\n${obstacles.join('\n')}`);
  const threads = new Map(program.threads.map((r) => [r.name, snapshotThread(r)]));
  const unread = program.channels.map((c) => c.buffer.unread!());
  let bytes = 0;
  for (const t of threads.values()) bytes += stateBytes(t.blackboard) + stateBytes(t.modules);
  for (const u of unread) bytes += u?.byteLength ?? 0;
  return { threads, unread, bytes };
}

/** Puts `program` back into the state of `snapshot` (taken under the same configuration). */
export function restoreProgram(program: RobotProgram, snapshot: ProgramSnapshot): void {
  if (snapshot.unread.length !== program.channels.length)
    throw new Error('the snapshot was taken under another configuration');
  for (const runner of program.threads) {
    const saved = snapshot.threads.get(runner.name);
    if (!saved) throw new Error(`the snapshot has no thread ${runner.name}`);
    runner.frameNumber = saved.frameNumber;
    for (const [name, value] of saved.blackboard)
      if (runner.blackboard.has(name)) runner.blackboard.set(name, copyState(value));
    for (const [name, live] of runner.modules) {
      const module = saved.modules.get(name);
      if (!module) throw new Error(`the snapshot has no module ${name} in ${runner.name}`);
      // In place: the instance's closures hold the state object, the instance holds its random stream.
      if (live.kept.state && module.state) Object.assign(live.kept.state, copyState(module.state));
      Object.assign(live.random, module.random);
    }
    runner.receivers.forEach((r, i) => (r.lastSenderFrame = saved.lastSenderFrames[i] ?? -1));
  }
  program.channels.forEach((c, i) => c.buffer.resetTo!(snapshot.unread[i] && snapshot.unread[i].slice()));
}
