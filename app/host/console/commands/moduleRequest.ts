/**
 * @file `mr`: which module provides which representation (formats §1.6). Listings and edits use the pure module
 * request logic of the runtime on the module table the robot sent; an accepted change is sent as idModuleRequest
 * and the robot is polled again, so the console shows what the robot really runs (a change the robot refuses
 * reverts, and the robot's reason arrives as text).
 */
import { ConfigurationType, type Configuration } from '@robot-runtime/core/config/Configuration';
import type { AnyModuleDefinition, ModuleCatalog } from '@robot-runtime/core/module/ModuleGraph';
import { catalogModules } from '@robot-runtime/core/module/ModuleGraph';
import { runModuleRequestCommand } from '@robot-runtime/core/module/moduleRequestCommand';
import { encode } from '@robot-runtime/protocol/binary';
import { writeTyped } from '@robot-runtime/protocol/configMap/writeTyped';
import { encodeModuleRequest } from '@robot-runtime/protocol/debugMessages/moduleRequest';
import type { ModuleTableEntry } from '@robot-runtime/protocol/debugMessages/moduleTable';
import { MessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import { configFilePath } from '../configFiles';

import { RepeatedRefusal } from '../startScriptSummary';
import { CommandError, CommandSyntaxError, type CommandConsole, type RobotCommand } from './types';

const catalogs = new WeakMap<readonly ModuleTableEntry[], ModuleCatalog>();

/**
 * A module catalog from the robot's module table. The table has names only, so each module becomes a skeleton
 * declaration; its requirements count as `uses` because the table does not say which are REQUIRES (checking
 * execution order is left to the robot, which validates every request itself).
 */
export function catalogFromModuleTable(modules: readonly ModuleTableEntry[]): ModuleCatalog {
  let catalog = catalogs.get(modules);
  if (!catalog) {
    const rep = new Map<string, { typeName: string }>();
    const ref = (name: string): { typeName: string } => {
      let r = rep.get(name);
      if (!r) rep.set(name, (r = { typeName: name }));
      return r;
    };
    const definitions = modules.map(
      (m) =>
        ({
          name: m.name,
          requires: [],
          uses: m.requirements.map(ref),
          provides: m.provisions.map(ref),
          providesWithoutModify: [],
        }) as unknown as AnyModuleDefinition,
    );
    catalog = catalogModules(definitions);
    catalogs.set(modules, catalog);
  }
  return catalog;
}

const MR_USAGE = 'mr ? [<pattern>] | modules [<pattern>] | save | <rep> (? [<pattern>] | <module> | off | default)';

/** `mr ? | modules | save | <Rep> ? | <Rep> <Module> | <Rep> off | <Rep> default` (formats §1.6). */
export const mrCommand: RobotCommand = {
  name: 'mr',
  scope: 'robot',
  usage: MR_USAGE,
  summary: 'List or change which module provides a representation.',
  args: {
    args: [
      ['?', { names: 'representations' }],
      ['?', 'off', 'default', { names: 'modules' }],
    ],
    sub: { modules: {}, save: {} },
  },
  forable: true,
  run(args, ctx) {
    const { console } = ctx;
    const words = args.rest().map((t) => t.text);
    if (words.length === 0) throw new CommandSyntaxError(MR_USAGE);
    if (console.need('moduleTable') === 'wait') return 'wait';
    const table = console.model.moduleTable!;
    const catalog = catalogFromModuleTable(table.modules);
    // `for T mr …` is the runtime's `mr … for T`, applied thread by thread.
    const runs =
      ctx.threads && words.length >= 2 && words[1] !== '?' ? ctx.threads.map((t) => [...words, 'for', t]) : [words];
    let configuration = table.configuration;
    let changed = false;
    for (const run of runs) {
      const outcome = runModuleRequestCommand(configuration, catalog, run);
      // Robots running one configuration refuse a request alike: a start script's summary prints it once.
      if (outcome.error) throw new RepeatedRefusal(outcome.error);
      if (outcome.output !== undefined) console.print(outcome.output || 'Nothing matches.');
      if (outcome.save) save(console, configuration);
      if (outcome.configuration) {
        configuration = outcome.configuration;
        changed = true;
      }
    }
    if (changed) {
      table.configuration = configuration;
      sendModuleRequest(console, configuration);
    }
    return 'done';
  },
};

/** Sends the configuration and polls again (new providers may announce new requests and drawings). */
function sendModuleRequest(console: CommandConsole, configuration: Configuration): void {
  const payload = encodeModuleRequest({
    timestamp: console.time() >>> 0,
    configuration: encode(ConfigurationType, configuration),
  });
  console.connection.send([{ id: MessageID.idModuleRequest, payload }]);
  console.poll();
}

/** `mr save`: the configuration to the first threads.cfg on the search path. */
function save(console: CommandConsole, configuration: Configuration): void {
  if (!console.files) throw new CommandError('Error: this console cannot write files');
  const path = configFilePath(console.files, console.configRoot, 'threads.cfg', console.model.robotName);
  console.files.writeText(
    path,
    writeTyped(ConfigurationType, configuration, { style: 'singleLineInnermost', maxLineLength: 120 }),
  );
  console.print(`Saved the module configuration to ${path}`);
}
