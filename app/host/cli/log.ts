/**
 * @file `npm run log -- <command>`: log files from the command line.
 *   info <file>                                   frames, threads, duration, per-message counts and bytes (`log ?`)
 *   index <file>                                  builds and writes the frame index (cuts off an incomplete last frame)
 *   trim <file> <out> (until <n> | from <n> | between <a> <b>) [--keep <id>…] [--remove <id>…]
 *   export <file> --mcap <out>                    MCAP for Foxglove Studio / Lichtblick
 */
import { pathToFileURL } from 'node:url';
import { frameBytes } from '../../../robot-runtime/protocol/log/writeLog';
import { messageIdByName } from '../../../robot-runtime/protocol/messages/MessageIDs';
import { LogFile } from '../log/LogFile';
import { logInfo } from '../log/logInfo';
import { exportMcap } from '../log/mcapExport';
import { saveLog } from '../log/saveLog';

/** The usage text. */
export const USAGE = `Usage: npm run log -- info <file>
       npm run log -- index <file>
       npm run log -- trim <file> <out> (until <n> | from <n> | between <a> <b>) [--keep <idName>…] [--remove <idName>…]
       npm run log -- export <file> --mcap <out.mcap>`;

/** Runs one command; resolves with the exit code. */
export async function runLogCli(argv: readonly string[], out: (line: string) => void = (l) => process.stdout.write(`${l}\n`)): Promise<number> {
  const [command, file, ...rest] = argv;
  if (!command || !file || command === '--help') {
    out(USAGE);
    return 2;
  }
  switch (command) {
    case 'info': {
      const log = LogFile.open(file);
      out(logInfo(log));
      log.close();
      return 0;
    }
    case 'index': {
      const log = LogFile.open(file);
      const before = log.log.indexSource;
      if (before === 'scanned') log.writeIndex();
      out(before === 'file' ? `${file} already has a valid index (${log.frameCount} frames)` : `indexed ${log.frameCount} frames of ${file}`);
      log.close();
      return 0;
    }
    case 'trim':
      return trim(file, rest, out);
    case 'export': {
      const at = rest.indexOf('--mcap');
      const target = at >= 0 ? rest[at + 1] : undefined;
      if (!target) {
        out(USAGE);
        return 2;
      }
      const log = LogFile.open(file);
      const started = performance.now();
      const result = await exportMcap(log, target);
      log.close();
      out(`wrote ${result.messages} messages on ${result.channels} channels (${result.bytes} bytes) to ${target} in ${((performance.now() - started) / 1000).toFixed(1)} s${result.skipped ? `; ${result.skipped} undecodable messages skipped` : ''}`);
      return 0;
    }
    default:
      out(USAGE);
      return 2;
  }
}

function trim(file: string, args: readonly string[], out: (line: string) => void): number {
  const [target, how, a, b] = args;
  const log = LogFile.open(file);
  let from = 0;
  let to = log.frameCount - 1;
  if (how === 'until') to = Number(a);
  else if (how === 'from') from = Number(a);
  else if (how === 'between') [from, to] = [Number(a), Number(b)];
  if (!target || !Number.isInteger(from) || !Number.isInteger(to)) {
    out(USAGE);
    return 2;
  }
  const ids = (flag: string): Set<number> | undefined => {
    const at = args.indexOf(flag);
    if (at < 0) return undefined;
    const names = args.slice(at + 1).filter((_, i, all) => !all.slice(0, i + 1).some((x) => x.startsWith('--')));
    return new Set(names.map((n) => messageIdByName(n) ?? -1));
  };
  const keep = ids('--keep');
  const remove = ids('--remove');
  function* frames(): Generator<Uint8Array> {
    for (let i = Math.max(0, from); i <= Math.min(to, log.frameCount - 1); i++) {
      const frame = log.readFrame(i);
      const messages = frame.messages.filter((m) => (!keep || keep.has(m.id)) && !remove?.has(m.id));
      if (messages.length) yield frameBytes(frame.thread, messages);
    }
  }
  const index = saveLog(target, { settings: log.log.settings, typeInfo: log.log.header.typeInfoBytes }, frames());
  log.close();
  out(`wrote ${index.frameOffsets.length} frames to ${target}`);
  return 0;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runLogCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
