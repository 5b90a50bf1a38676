/**
 * @file The names Tab completion offers (formats §1.1): the command words and argument grammars of every registered
 * command, and what the selected robot announced when it was polled: debug requests, debug data keys, modules and
 * representations, threads, drawings, plots and views.
 */
import type { ArgumentGrammar } from '../../ipc/commandGrammar';
import type { CompletionSet } from '../../ipc/messages';
import type { CommandTable } from '../console/commands/CommandTable';
import type { RobotConsole } from '../console/RobotConsole';

/** Prefix of debug data requests in translated form. */
const DEBUG_DATA_PREFIX = 'debugData:';
/** Prefix of plot requests. */
const PLOT_PREFIX = 'plot:';

function sorted(names: Iterable<string>): string[] {
  return [...new Set(names)].sort((a, b) => a.localeCompare(b));
}

/** Completion names for `robot` (undefined: no robot selected) and every command of `commands`. */
export function completionSet(
  commands: CommandTable,
  robotNames: readonly string[],
  robot: RobotConsole | undefined,
): CompletionSet {
  const model = robot?.model;
  const requests = model ? model.requests.all().map((r) => r.translated) : [];
  const modules = model?.moduleTable?.modules ?? [];
  const drawings = model ? model.drawings.declared() : [];
  const descriptors = commands.all();
  const grammar: Record<string, ArgumentGrammar> = {};
  for (const c of descriptors) if (c.args) for (const word of [c.name, ...(c.aliases ?? [])]) grammar[word] = c.args;
  return {
    commands: commands.words(),
    forable: descriptors.filter((c) => c.scope === 'robot' && c.forable).map((c) => c.name),
    grammar,
    plots: sorted(requests.filter((r) => r.startsWith(PLOT_PREFIX)).map((r) => r.slice(PLOT_PREFIX.length))),
    robots: sorted(robotNames),
    debugRequests: sorted(requests),
    debugDataKeys: sorted(
      requests.filter((r) => r.startsWith(DEBUG_DATA_PREFIX)).map((r) => r.slice(DEBUG_DATA_PREFIX.length)),
    ),
    representations: sorted(modules.flatMap((m) => m.provisions)),
    modules: sorted(modules.map((m) => m.name)),
    threads: sorted(model?.threads ?? []),
    fieldDrawings: sorted(drawings.filter((d) => d.type === 'drawingOnField').map((d) => d.name)),
    imageDrawings: sorted(drawings.filter((d) => d.type === 'drawingOnImage').map((d) => d.name)),
    views: sorted(
      model
        ? [
            ...model.views.fieldViews().map((v) => v.name),
            ...model.views.imageViews().map((v) => v.name),
            ...model.plots.allViews().map((v) => v.name),
          ]
        : [],
    ),
  };
}
