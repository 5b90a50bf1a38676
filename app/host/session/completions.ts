/**
 * @file The names Tab completion offers (facts §1.1), gathered from what the selected robot announced when it
 * was polled: debug requests, debug data keys, modules and representations, threads, drawings and views.
 */
import type { RobotConsole } from '../console/RobotConsole';
import type { CompletionSet } from '../../ipc/messages';

/** Prefix of debug data requests in translated form. */
const DEBUG_DATA_PREFIX = 'debugData:';

function sorted(names: Iterable<string>): string[] {
  return [...new Set(names)].sort((a, b) => a.localeCompare(b));
}

/** Completion names for `robot` (undefined: no robot selected) plus the global command words. */
export function completionSet(globalCommands: readonly string[], robotNames: readonly string[], robot: RobotConsole | undefined): CompletionSet {
  const model = robot?.model;
  const requests = model ? model.requests.all().map((r) => r.translated) : [];
  const modules = model?.moduleTable?.modules ?? [];
  const drawings = model ? model.drawings.declared() : [];
  return {
    commands: sorted([...globalCommands, ...(robot?.commandNames ?? [])]),
    robots: sorted(robotNames),
    debugRequests: sorted(requests),
    debugDataKeys: sorted(requests.filter((r) => r.startsWith(DEBUG_DATA_PREFIX)).map((r) => r.slice(DEBUG_DATA_PREFIX.length))),
    representations: sorted(modules.flatMap((m) => m.provisions)),
    modules: sorted(modules.map((m) => m.name)),
    threads: sorted(model?.threads ?? []),
    fieldDrawings: sorted(drawings.filter((d) => d.type === 'drawingOnField').map((d) => d.name)),
    imageDrawings: sorted(drawings.filter((d) => d.type === 'drawingOnImage').map((d) => d.name)),
    views: sorted(
      model ? [...model.views.fieldViews().map((v) => v.name), ...model.views.imageViews().map((v) => v.name), ...model.plots.allViews().map((v) => v.name)] : [],
    ),
  };
}
