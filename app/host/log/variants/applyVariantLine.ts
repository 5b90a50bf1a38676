/**
 * @file Applies a variant's `set` and `mr` lines to a replay robot, as its console would send them: `set` reads the
 * config-map text through the robot's TypeInfo into the current object (attributes the text leaves out keep their
 * values, B-Human's rule) and sends idDebugDataChangeRequest to the threads that run the module or provide the
 * representation; `mr` runs the runtime's module request logic on the robot's configuration and sends
 * idModuleRequest. Both go through the robot's own message handling, so a variant changes what a console could.
 * Unlike the console this needs no round trip (the robot's objects are at hand), so a variant applies at once,
 * between two frames.
 */
import { tokenizeLine } from '@app/ipc/consoleLine';
import { ConfigurationType } from '@robot-runtime/core/config/Configuration';
import { SettingsType } from '@robot-runtime/core/config/Settings';
import { robotTypeInfoBytes } from '@robot-runtime/core/debug/robotTypeInfo';
import { buildModuleGraph, catalogModules, type AnyModuleDefinition } from '@robot-runtime/core/module/ModuleGraph';
import { runModuleRequestCommand } from '@robot-runtime/core/module/moduleRequestCommand';
import { encode } from '@robot-runtime/protocol/binary';
import { encodeDebugDataChangeRequest } from '@robot-runtime/protocol/debugMessages/debugData';
import { encodeModuleRequest } from '@robot-runtime/protocol/debugMessages/moduleRequest';
import type { Message } from '@robot-runtime/protocol/messageQueue/Message';
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import { typeInfoFromBytes } from '@robot-runtime/protocol/typeInfo/stream';
import type { AnyType } from '@robot-runtime/protocol/types';
import { threadMessage } from '../../console/RobotConsole';
import { TypeInfoTypes } from '../../console/typeData';
import type { ReplayRobot } from '../ReplayRobot';
import { VariantError, variantLineCommand } from './logVariant';

/** The TypeInfo types of a module list, built once per list. */
const typesOf = new WeakMap<readonly AnyModuleDefinition[], TypeInfoTypes>();

function types(modules: readonly AnyModuleDefinition[]): TypeInfoTypes {
  let types = typesOf.get(modules);
  if (!types)
    typesOf.set(modules, (types = new TypeInfoTypes(typeInfoFromBytes(robotTypeInfoBytes(modules, [SettingsType])))));
  return types;
}

/** Applies one variant line to `robot` between two frames; throws VariantError when it cannot. */
export function applyVariantLine(robot: ReplayRobot, line: string): void {
  const command = variantLineCommand(line);
  const { tokens, content } = tokenizeLine(line);
  const at = tokens.findIndex((t) => t.text === command);
  const threads = tokens.slice(1, at).map((t) => t.text);
  for (const thread of threads)
    if (!robot.program.thread(thread)) throw new VariantError(`${line}: the program has no thread ${thread}`);
  const args = tokens.slice(at + 1);
  if (command === 'mr')
    moduleRequest(
      robot,
      line,
      threads,
      args.map((t) => t.text),
    );
  else {
    const data = content.slice(args[1]!.start).trim();
    // B-Human's rule: without an unquoted `=` the data is one value (`value = <data>;`).
    const asValue = !args.slice(1).some((t) => !t.quoted && t.text.includes('='));
    set(robot, line, threads, args[0]!.text, data, asValue);
  }
}

function set(
  robot: ReplayRobot,
  line: string,
  only: readonly string[],
  key: string,
  data: string,
  asValue: boolean,
): void {
  const target = setTarget(robot, key);
  if (!target) throw new VariantError(`${line}: unknown debug data ${key} (module:<Module> or representation:<Rep>)`);
  const threads = only.length ? target.threads.filter((t) => only.includes(t)) : target.threads;
  if (threads.length === 0) throw new VariantError(`${line}: no thread of the program runs ${key}`);
  for (const thread of threads) {
    let payload: Uint8Array | undefined;
    if (!(data === 'unchanged' && asValue)) {
      const current = target.current(thread);
      const result = types(robot.modules).readSetData(target.type.typeName, data, asValue, current);
      if (!result.bytes) throw new VariantError(`${line}: ${result.messages.join('; ') || 'cannot be read'}`);
      payload = result.bytes;
    }
    send(robot, thread, {
      id: MessageID.idDebugDataChangeRequest,
      payload: encodeDebugDataChangeRequest({ name: key, data: payload }),
    });
  }
}

/** What `set <key>` changes: its type, the threads that use it and its current bytes in each. */
function setTarget(
  robot: ReplayRobot,
  key: string,
): { type: AnyType; threads: string[]; current(thread: string): Uint8Array | undefined } | undefined {
  const [prefix, name] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
  const runners = robot.program.threads;
  if (prefix === 'module') {
    const definition = robot.modules.find((m) => m.name === name);
    if (!definition?.parameters) return undefined;
    const type = definition.parameters as AnyType;
    const params = (thread: string) => robot.program.thread(thread)?.modules.get(name)?.params;
    return {
      type,
      threads: runners.filter((r) => r.modules.has(name)).map((r) => r.name),
      current: (thread) => encode(type, params(thread) as never),
    };
  }
  if (prefix === 'representation') {
    const type = robot.program.graph.representations.get(name) as AnyType | undefined;
    if (!type) return undefined;
    const threads = robot.currentConfiguration.threads
      .filter((t) => t.representationProviders.some((p) => p.representation === name))
      .map((t) => t.name);
    return {
      type,
      threads,
      current: (thread) => {
        const board = robot.program.thread(thread)?.blackboard;
        return board?.has(name) ? encode(type, board.get(name) as never) : undefined;
      },
    };
  }
  return undefined;
}

function moduleRequest(robot: ReplayRobot, line: string, threads: readonly string[], args: string[]): void {
  const catalog = catalogModules(robot.modules);
  let configuration = robot.currentConfiguration;
  for (const run of threads.length ? threads.map((t) => [...args, 'for', t]) : [args]) {
    const outcome = runModuleRequestCommand(configuration, catalog, run);
    if (outcome.error) throw new VariantError(`${line}: ${outcome.error}`);
    if (!outcome.configuration) throw new VariantError(`${line}: changes nothing`);
    configuration = outcome.configuration;
  }
  const errors = buildModuleGraph(catalog, configuration).errors;
  if (errors.length) throw new VariantError(`${line}: the program cannot run so:\n${errors.join('\n')}`);
  send(robot, undefined, {
    id: MessageID.idModuleRequest,
    payload: encodeModuleRequest({ timestamp: 0, configuration: encode(ConfigurationType, configuration) }),
  });
}

function send(robot: ReplayRobot, thread: string | undefined, message: Message): void {
  robot.receiveFromConsole(thread === undefined ? [message] : [threadMessage(thread), message]);
}
