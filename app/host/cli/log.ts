/**
 * @file `npm run log -- <command>`: log files from the command line.
 *   info <file>                                   frames, threads, duration, per-message counts and bytes (`log ?`)
 *   index <file>                                  builds and writes the frame index (cuts off an incomplete last frame)
 *   trim <file> <out> (until <n> | from <n> | between <a> <b>) [--keep <ids>] [--remove <ids>]
 *   export <file> --mcap <out> [--profile foxglove|humanoid-dataset] [--start <ISO date>]
 */
import fs from 'node:fs';
import { frameBytes } from '@robot-runtime/protocol/log/writeLog';
import { messageIdByName } from '@robot-runtime/protocol/messages/MessageIDs';
import {
  commandOf,
  parseCommandLine,
  runAsEntry,
  UsageError,
  type CommandIo,
} from '@robot-runtime/hosts/robot/commandLine';
import { LogFile } from '../log/LogFile';
import { logInfo } from '../log/logInfo';
import { isMcapFile } from '../log/McapFrameSource';
import { exportMcap, MCAP_PROFILES, type McapProfile } from '../log/mcapExport';
import { saveLog } from '../log/saveLog';

/** The usage text. */
export const USAGE = `Usage: npm run log -- info <file>
       npm run log -- index <file>
       npm run log -- trim <file> <out> (until <n> | from <n> | between <a> <b>) [--keep <idName,…>] [--remove <idName,…>]
       npm run log -- export <file> --mcap <out.mcap> [--profile foxglove|humanoid-dataset] [--start <ISO date>]
                     [--task <task>] [--team-color <colour>] [--simulated yes|no]
  export writes MCAP for Foxglove Studio / Lichtblick (zstd chunks, UNIX times: the recording is taken to end at
  the file's modification time unless --start gives the date of its first frame). --profile humanoid-dataset
  writes the Nao Devils' HumanoidDataset form (Protobuf, its metadata, IMU, joints, PNG images).
  Every command reads a B-Human log; an MCAP file (an export) is refused with exit code 2: replay it with
  \`sl <name> <file.mcap>\` in the IDE or \`npm run console\`, or read it with the MCAP tools (\`mcap info\`, Foxglove).
  Exit codes: 0 done, 1 the file cannot be read or written, 2 wrong arguments or an MCAP file.`;

const OPTIONS = {
  mcap: { type: 'string' },
  profile: { type: 'string' },
  start: { type: 'string' },
  task: { type: 'string' },
  'team-color': { type: 'string' },
  simulated: { type: 'string' },
  keep: { type: 'string', multiple: true },
  remove: { type: 'string', multiple: true },
} as const;

/** Opens `file` as a log; a file that holds no readable frame is an error, an MCAP file a usage error. */
function openLog(file: string): LogFile {
  if (fs.existsSync(file) && isMcapFile(file))
    throw new UsageError(
      `${file} is an MCAP file, not a B-Human log: replay it with \`sl <name> ${file}\` (IDE console or ` +
        `\`npm run console\`), or read it with the MCAP tools (\`mcap info ${file}\`, Foxglove Studio)`,
    );
  const log = LogFile.open(file);
  if (log.frameCount === 0 && log.problems.length > 0) {
    log.close();
    throw new Error(`${file} is not a readable log: ${log.problems[0]}`);
  }
  return log;
}

/** Runs one command; resolves with the exit code. Progress goes to `io.err`, results to `io.out`. */
export const runLogCli = commandOf(USAGE, logCommand);

async function logCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, { options: OPTIONS, positionals: [1, 6] });
  const [command, file, ...rest] = positionals;
  const needArgs = (n: number): void => {
    if (rest.length !== n)
      throw new UsageError(`${command} takes ${n === 0 ? 'one file' : `a file and ${n} more arguments`}`);
  };
  if (!file) throw new UsageError(`${command} needs a log file`);
  switch (command) {
    case 'info': {
      needArgs(0);
      const log = openLog(file);
      io.out(logInfo(log));
      log.close();
      return 0;
    }
    case 'index': {
      needArgs(0);
      const log = openLog(file);
      const before = log.log.indexSource;
      if (before === 'scanned') log.writeIndex();
      io.out(
        before === 'file'
          ? `${file} already has a valid index (${log.frameCount} frames)`
          : `indexed ${log.frameCount} frames of ${file}`,
      );
      log.close();
      return 0;
    }
    case 'trim':
      return trim(file, rest, values.keep, values.remove, io);
    case 'export':
      needArgs(0);
      return exportCommand(file, values, io);
    default:
      throw new UsageError(`unknown command '${command}'`);
  }
}

async function exportCommand(
  file: string,
  values: { mcap?: string; profile?: string; start?: string; task?: string; 'team-color'?: string; simulated?: string },
  io: CommandIo,
): Promise<number> {
  const target = values.mcap;
  if (!target) throw new UsageError('export needs --mcap <out.mcap>');
  const profile = (values.profile ?? 'foxglove') as McapProfile;
  if (!MCAP_PROFILES.includes(profile))
    throw new UsageError(`--profile: '${values.profile}' is not one of ${MCAP_PROFILES.join(', ')}`);
  const start = values.start === undefined ? undefined : new Date(values.start);
  if (start && Number.isNaN(start.getTime())) throw new UsageError(`--start: '${values.start}' is not a date`);
  if (values.simulated !== undefined && !['yes', 'no'].includes(values.simulated))
    throw new UsageError(`--simulated: '${values.simulated}' is not yes or no`);
  const simulated = values.simulated === undefined ? undefined : values.simulated === 'yes';
  const log = openLog(file);
  const started = performance.now();
  let shown = -1;
  try {
    const result = await exportMcap(log, target, {
      profile,
      start,
      task: values.task,
      teamColor: values['team-color'],
      simulated,
      onProgress: (fraction) => {
        const percent = Math.floor(fraction * 100);
        if (percent >= shown + 10 || percent === 100) io.err(`exporting ${file}: ${(shown = percent)}%`);
      },
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    io.out(
      `wrote ${result.messages} messages on ${result.channels} channels (${result.bytes} bytes) to ${target} in ${seconds} s; first frame at ${result.start} (from the ${result.timeSource})`,
    );
    const skipped = [...result.skipped].sort((a, b) => b[1] - a[1]);
    if (skipped.length) io.out(`skipped: ${skipped.map(([kind, n]) => `${n} ${kind}`).join(', ')}`);
    return 0;
  } finally {
    log.close();
  }
}

function ids(flag: string, lists: readonly string[] | undefined): Set<number> | undefined {
  if (!lists) return undefined;
  const names = lists.flatMap((l) => l.split(',')).filter((n) => n !== '');
  return new Set(
    names.map((n) => {
      const id = messageIdByName(n);
      if (id === undefined) throw new UsageError(`--${flag}: unknown message id '${n}'`);
      return id;
    }),
  );
}

function trim(
  file: string,
  args: readonly string[],
  keepNames: readonly string[] | undefined,
  removeNames: readonly string[] | undefined,
  io: CommandIo,
): number {
  const [target, how, a, b] = args;
  const number = (v: string | undefined): number => {
    const n = Number(v);
    if (v === undefined || !Number.isInteger(n) || n < 0)
      throw new UsageError(`trim: '${v ?? ''}' is not a frame number`);
    return n;
  };
  if (!target) throw new UsageError('trim needs an output file');
  if (!how || !['until', 'from', 'between'].includes(how))
    throw new UsageError('trim needs until <n>, from <n> or between <a> <b>');
  if (args.length !== (how === 'between' ? 4 : 3))
    throw new UsageError(`trim ${how} takes ${how === 'between' ? 'two frame numbers' : 'one frame number'}`);
  const keep = ids('keep', keepNames);
  const remove = ids('remove', removeNames);
  const log = openLog(file);
  let from = 0;
  let to = log.frameCount - 1;
  if (how === 'until') to = number(a);
  else if (how === 'from') from = number(a);
  else [from, to] = [number(a), number(b)];
  function* frames(): Generator<Uint8Array> {
    for (let i = Math.max(0, from); i <= Math.min(to, log.frameCount - 1); i++) {
      const frame = log.readFrame(i);
      const messages = frame.messages.filter((m) => (!keep || keep.has(m.id)) && !remove?.has(m.id));
      if (messages.length) yield frameBytes(frame.thread, messages);
    }
  }
  const index = saveLog(target, { settings: log.log.settings, typeInfo: log.log.header.typeInfoBytes }, frames());
  log.close();
  io.out(`wrote ${index.frameOffsets.length} frames to ${target}`);
  return 0;
}

runAsEntry(import.meta.url, USAGE, runLogCli);
