/**
 * @file Test support: replays a log through the console as a user would (`sl`, `log stop`, `log mr` unless told
 * not to, `log speed max`, `log start`) and compares, after every frame, what the replayed threads hold with what the
 * log holds.
 */
import type { LogFrame } from '@robot-runtime/protocol/log/readFrame';
import { encode } from '@robot-runtime/protocol/binary/encode';
import { representationForMessageId } from '@robot-runtime/protocol/messages/MessageIDs';
import type { AnyType, TypeRef } from '@robot-runtime/protocol/types';
import { ConsoleController } from '../../console/ConsoleController';
import { logCommands } from '../logCommands';
import { MemoryFiles } from '../../console/files';
import type { ReplayRobot } from '../ReplayRobot';

/** What a replay found. */
export interface ReplayResult {
  robot: ReplayRobot;
  controller: ConsoleController;
  /** Frames in which a representation came from LogDataProvider, per representation. */
  provided: Map<string, number>;
  /** Frames in which a logged representation was computed by its module again, per representation. */
  recomputed: Map<string, number>;
  /** `frame thread representation` of provided representations whose replayed value differs from the log. */
  different: string[];
}

/** Options of replayLog. */
export interface ReplayLogOptions {
  configRoot: string;
  /** Console output lines. */
  onText?(line: string): void;
  /** Type `log mr` after `sl` (default true); without it the replay runs with what `sl` chose by itself. */
  logMr?: boolean;
  /** `sl <name> <file> <scenario>`: threads.cfg of this scenario instead of the configuration the log records. */
  scenario?: string;
  /** Lines typed after `log mr`, e.g. module requests that compute a logged representation again. */
  then?: readonly string[];
  /** Every replayed frame, after its thread ran. */
  onFrame?(frame: LogFrame, robot: ReplayRobot): void;
}

/** Replays `file` at maximum speed to its end (`sl` opens an MCAP file in slices: hence the promise). */
export async function replayLog(file: string, options: ReplayLogOptions): Promise<ReplayResult> {
  const controller = new ConsoleController({ files: new MemoryFiles() });
  controller.on('output', (o) => options.onText?.(o.text));
  let replayed: ReplayRobot | undefined;
  // A frozen clock: at 'max' speed pacing does not matter, and the run repeats exactly.
  controller.commands.register(
    logCommands(controller, { configRoot: options.configRoot, now: () => 0, onReplay: (_c, r) => (replayed = r) }),
  );
  controller.execute(`sl replay ${file}${options.scenario === undefined ? '' : ` ${options.scenario}`}`);
  await controller.settled();
  if (!replayed) throw new Error(`sl could not open ${file}`);
  const robot = replayed;
  controller.execute('log stop');
  if (options.logMr ?? true) controller.execute('log mr');
  for (let i = 0; i < 200 && controller.busy; i++) controller.update();
  // After the lines `log mr` queued, so that they do not undo these.
  for (const line of options.then ?? []) controller.execute(line);
  for (let i = 0; i < 200 && controller.busy; i++) controller.update();
  const result: ReplayResult = { robot, controller, provided: new Map(), recomputed: new Map(), different: [] };
  robot.player.events.on('frame', (frame) => {
    compareFrame(robot, frame, result);
    options.onFrame?.(frame, robot);
  });
  controller.execute('log speed max');
  controller.execute('log start');
  for (let i = 0; i < 100000 && robot.player.state === 'playing'; i++) controller.update();
  return result;
}

/** Encodes what the thread's blackboard holds for each logged representation and compares it with the log. */
function compareFrame(robot: ReplayRobot, frame: LogFrame, result: ReplayResult): void {
  const runner = robot.program.thread(frame.thread);
  const thread = robot.currentConfiguration.threads.find((t) => t.name === frame.thread);
  if (!runner || !thread) return;
  const providers = new Map(thread.representationProviders.map((p) => [p.representation, p.provider]));
  for (const m of frame.messages) {
    const rep = representationForMessageId(m.id);
    if (!rep || !providers.has(rep)) continue;
    const fromLog = providers.get(rep) === 'LogDataProvider';
    const bucket = fromLog ? result.provided : result.recomputed;
    bucket.set(rep, (bucket.get(rep) ?? 0) + 1);
    if (!fromLog) continue;
    const type = robot.program.graph.representations.get(rep) as AnyType;
    const replayed = encode(type as TypeRef<unknown>, runner.blackboard.get(rep) as never);
    if (!Buffer.from(replayed).equals(m.payload)) result.different.push(`${frame.index} ${frame.thread} ${rep}`);
  }
}
