/**
 * @file `get` and `set`: reading and overwriting MODIFY-able objects (`debug data:<key>`) through the robot's
 * TypeInfo. Both first fetch the object (its type name travels with it), so they work for any type the robot
 * has, including ones this program never declared.
 */
import { RequestPrefixes } from '@robot-runtime/protocol/debugMessages/requestNames';
import { encodeDebugDataChangeRequest } from '@robot-runtime/protocol/debugMessages/debugData';
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import { configFilePath, defaultSaveFileName } from '../configFiles';
import { errorText, suggestion } from '../errorText';
import type { DebugDataEntry } from '../state/RobotModel';
import type { CommandArgs } from '@app/ipc/consoleLine';
import type { KnownRequest } from '../state/RequestTable';
import { matches } from './debugRequest';
import {
  CommandError,
  CommandSyntaxError,
  type CommandContext,
  type CommandResult,
  type CommandConsole,
  type RobotCommand,
} from './types';

const GET_USAGE = 'get ? [<pattern>] | <key> [? | save [<file>]]';
const SET_USAGE = 'set ? [<pattern>] | <key> (? | unchanged | <data>)';
/** The console prefix of debug data requests. */
const DEBUG_DATA_PREFIX = 'debugData:';

/** The debug data keys (console spelling) of the given threads, filtered. */
function listKeys(
  console: CommandConsole,
  threads: readonly string[] | undefined,
  pattern: string | undefined,
): string {
  const keys = console.model.requests
    .withPrefix(DEBUG_DATA_PREFIX, threads)
    .map((e) => e.key)
    .filter((k) => matches(k, pattern));
  return keys.length > 0 ? keys.join('\n') : pattern ? `No debug data matches '${pattern}'.` : 'No debug data.';
}

/** The announced request of a key and the threads to address; throws CommandError for unknown keys and threads. */
function resolveKey(ctx: CommandContext, key: string): { request: KnownRequest; threads: string[] } {
  const request = ctx.console.model.requests.get(DEBUG_DATA_PREFIX + key);
  if (!request) {
    const keys = ctx.console.model.requests.withPrefix(DEBUG_DATA_PREFIX).map((e) => e.key);
    throw new CommandError(`Unknown debug data: ${key}${suggestion(keys, key)}`);
  }
  const threads = ctx.console.targetThreads(ctx, request.threads);
  const foreign = threads.filter((t) => !request.threads.includes(t));
  if (foreign.length > 0)
    throw new CommandError(
      `Debug data ${key} is not provided by thread ${foreign.join(', ')} (provided by ${request.threads.join(', ')})`,
    );
  return { request, threads };
}

/**
 * Fetches the current object of `key` from each thread: the first attempt sends the request and waits; later
 * attempts return the answers once every thread has sent one newer than the request.
 */
function fetch(
  ctx: CommandContext,
  request: KnownRequest,
  key: string,
  threads: readonly string[],
): Map<string, DebugDataEntry> | 'wait' {
  const { console, scratch } = ctx;
  if (scratch.fetchSeq === undefined) {
    scratch.fetchSeq = console.model.nextDebugDataSeq;
    // The robot answers a `debug data:` request once (and then switches it off itself).
    console.sendDebugRequest(request.name, true, threads);
    return 'wait';
  }
  const seq = scratch.fetchSeq as number;
  const answers = new Map<string, DebugDataEntry>();
  for (const thread of threads) {
    const entry = console.model.debugDataOf(thread, key);
    if (!entry || entry.seq < seq) return 'wait';
    answers.set(thread, entry);
  }
  return answers;
}

function types(console: CommandConsole) {
  const t = console.model.types;
  if (!t) throw new CommandError('Error: no type info received from the robot');
  return t;
}

/** `get ? [<pattern>] | <key> [? | save [<file>]]` (formats §1.4). */
export const getCommand: RobotCommand = {
  name: 'get',
  scope: 'robot',
  usage: GET_USAGE,
  summary: 'Show debug data as a set command, its type structure, or save it as .cfg.',
  args: {
    args: [
      ['?', { names: 'debugDataKeys' }],
      ['?', 'save'],
    ],
  },
  forable: true,
  run(args, ctx) {
    const { console } = ctx;
    const key = args.next();
    if (key === undefined) throw new CommandSyntaxError(GET_USAGE);
    if (key === '?') {
      const pattern = args.next();
      if (!args.done) throw new CommandSyntaxError(GET_USAGE);
      if (console.need('requests') === 'wait') return 'wait';
      console.print(listKeys(console, ctx.threads, pattern));
      return 'done';
    }
    const mode = args.next();
    let file: string | undefined;
    if (mode === 'save') file = args.next();
    if ((mode !== undefined && mode !== '?' && mode !== 'save') || !args.done) throw new CommandSyntaxError(GET_USAGE);
    if (console.need('requests', 'typeInfo') === 'wait') return 'wait';
    const { request, threads } = resolveKey(ctx, key);
    if (mode === 'save' && threads.length > 1) {
      throw new CommandError(
        `Multiple threads provide this data (${threads.join(', ')}); use 'for <thread> get ${key} save'.`,
      );
    }
    const answers = fetch(ctx, request, key, threads);
    if (answers === 'wait') return 'wait';
    const t = types(console);
    for (const [thread, entry] of answers) {
      try {
        if (mode === '?') console.print(t.describe(entry.type) || entry.type);
        else if (mode === 'save') save(console, key, file, t.toFile(entry.type, entry.data));
        else
          console.print(
            `${threads.length > 1 ? `for ${thread} ` : ''}set ${key} ${t.toSingleLine(entry.type, entry.data)}`,
          );
      } catch (error) {
        console.print(`Error: cannot decode ${key} (${entry.type}) from ${thread}: ${errorText(error)}`);
      }
    }
    return 'done';
  },
};

function save(console: CommandConsole, key: string, file: string | undefined, text: string): void {
  if (!console.files) throw new CommandError('Error: this console cannot write files');
  const path = configFilePath(
    console.files,
    console.configRoot,
    file ?? defaultSaveFileName(key),
    console.model.robotName,
  );
  console.files.writeText(path, text);
  console.print(`Saved ${key} to ${path}`);
}

/** `set ? [<pattern>] | <key> (? | unchanged | <data>)` (formats §1.4). */
export const setCommand: RobotCommand = {
  name: 'set',
  scope: 'robot',
  usage: SET_USAGE,
  summary: 'Overwrite debug data on the robot with config-map text, or release it.',
  args: {
    args: [
      ['?', { names: 'debugDataKeys' }],
      ['?', 'unchanged'],
    ],
  },
  forable: true,
  run(args, ctx) {
    const { console } = ctx;
    const key = args.next();
    if (key === undefined) throw new CommandSyntaxError(SET_USAGE);
    if (key === '?') {
      const pattern = args.next();
      if (!args.done) throw new CommandSyntaxError(SET_USAGE);
      if (console.need('requests') === 'wait') return 'wait';
      console.print(listKeys(console, ctx.threads, pattern));
      return 'done';
    }
    if (args.done) throw new CommandSyntaxError(SET_USAGE);
    if (console.need('requests', 'typeInfo') === 'wait') return 'wait';
    const { request, threads } = resolveKey(ctx, key);
    const modifyName = request.name.startsWith(RequestPrefixes.debugData)
      ? request.name.slice(RequestPrefixes.debugData.length)
      : request.name;
    if (args.peek() === 'unchanged' && args.remainingCount === 1) {
      sendChange(console, modifyName, undefined, threads);
      return 'done';
    }
    return setData(ctx, args, key, modifyName, request, threads);
  },
};

function setData(
  ctx: CommandContext,
  args: CommandArgs,
  key: string,
  modifyName: string,
  request: KnownRequest,
  threads: string[],
): CommandResult {
  const { console } = ctx;
  const isQuery = args.peek() === '?' && args.remainingCount === 1;
  const rest = args.rest();
  const data = args.content.slice(rest[0]!.start).trim();
  // B-Human's rule: without an unquoted `=` the data is one value (`value = <data>;`).
  const asValue = !rest.some((token) => !token.quoted && token.text.includes('='));
  // The type of the object is only known from an answer of the robot, so fetch it unless this console has it.
  const known = new Map<string, DebugDataEntry>();
  for (const thread of threads) {
    const entry = console.model.debugDataOf(thread, key);
    if (entry) known.set(thread, entry);
  }
  let entries = known;
  if (known.size < threads.length || ctx.scratch.fetchSeq !== undefined) {
    const answers = fetch(ctx, request, key, threads);
    if (answers === 'wait') return 'wait';
    entries = answers;
  }
  const t = types(console);
  if (isQuery) {
    const [entry] = entries.values();
    console.print(t.describe(entry!.type) || entry!.type);
    return 'done';
  }
  for (const [thread, entry] of entries) {
    const result = t.readSetData(entry.type, data, asValue, entry.data);
    for (const m of result.messages) console.print(m);
    if (!result.bytes) {
      console.print(`Error: ${key} was not set${threads.length > 1 ? ` in ${thread}` : ''}`);
      continue;
    }
    sendChange(console, modifyName, result.bytes, [thread]);
    console.model.storeDebugData(thread, key, entry.type, result.bytes);
  }
  return 'done';
}

function sendChange(
  console: CommandConsole,
  name: string,
  data: Uint8Array | undefined,
  threads: readonly string[],
): void {
  console.sendToThreads(
    [{ id: MessageID.idDebugDataChangeRequest, payload: encodeDebugDataChangeRequest({ name, data }) }],
    threads,
  );
}
