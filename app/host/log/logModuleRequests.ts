/**
 * @file `log mr` (formats §1.5): module requests that make LogDataProvider provide every logged representation it
 * can provide, in the thread(s) that logged it, and switch that representation off in the other threads (except
 * OdometryData, which B-Human never switches off). A logged JPEGImage stands for CameraImage. A replay applies the
 * same requests to its starting configuration (`replayConfiguration`), so it shows what the robot believed.
 */
import type { Configuration } from '@robot-runtime/core/config/Configuration';
import { applyModuleRequest, describe, toCatalog, type ModuleRequest } from '@robot-runtime/core/module/moduleRequest';
import type { AnyModuleDefinition, ModuleCatalog } from '@robot-runtime/core/module/ModuleGraph';
import { PitchsideMessageID } from '@robot-runtime/protocol/messages/MessageIDs';
import type { ModuleTableEntry } from '@robot-runtime/protocol/debugMessages/moduleTable';

/** The provider of replayed representations. */
export const LOG_DATA_PROVIDER = 'LogDataProvider';

/** Representations logged per thread (from the index statistics): thread -> representation names. */
export type LoggedRepresentations = ReadonlyMap<string, ReadonlySet<string>>;

/** Logged representations per thread from id statistics (`idX` with a count > 0 means X was logged). */
export function loggedRepresentations(
  threads: readonly { thread: string; counts: readonly number[] }[],
  idNames: readonly string[],
): Map<string, Set<string>> {
  const result = new Map<string, Set<string>>();
  for (const t of threads) {
    const set = new Set<string>();
    t.counts.forEach((count, id) => {
      const name = idNames[id];
      // Only names of data ids carry a representation (idX -> X); framing and Pitchside's own ids do not.
      if (count > 0 && name !== undefined && isRepresentationIdName(name))
        set.add(name === 'idJPEGImage' ? 'CameraImage' : name.slice(2));
    });
    result.set(t.thread, set);
  }
  return result;
}

/** Whether `name` may name a logged representation (idX): not framing, not one of Pitchside's own ids. */
function isRepresentationIdName(name: string): boolean {
  return (
    name.startsWith('id') && name !== 'idFrameBegin' && name !== 'idFrameFinished' && !(name in PitchsideMessageID)
  );
}

/** The module requests of `log mr`, in order: per representation, its providers, then where it is switched off. */
export function logModuleRequests(
  logged: LoggedRepresentations,
  providable: ReadonlySet<string>,
  configuration: Configuration,
): ModuleRequest[] {
  const threadNames = configuration.threads.map((t) => t.name);
  const byRepresentation = new Map<string, string[]>();
  for (const [thread, reps] of logged) {
    if (!threadNames.includes(thread)) continue;
    for (const rep of reps)
      if (providable.has(rep)) byRepresentation.set(rep, [...(byRepresentation.get(rep) ?? []), thread]);
  }
  const requests: ModuleRequest[] = [];
  for (const [rep, threads] of [...byRepresentation].sort(([a], [b]) => a.localeCompare(b))) {
    for (const thread of threads)
      requests.push({ kind: 'provide', representation: rep, module: LOG_DATA_PROVIDER, thread });
    if (rep === 'OdometryData') continue;
    for (const t of configuration.threads) {
      if (threads.includes(t.name)) continue;
      if (t.representationProviders.some((p) => p.representation === rep))
        requests.push({ kind: 'off', representation: rep, thread: t.name });
    }
  }
  return requests;
}

/** The console lines of `log mr`, in order (B-Human's `for <Thread> mr <Rep> <provider>` form). */
export function logModuleRequestLines(
  logged: LoggedRepresentations,
  modules: readonly ModuleTableEntry[],
  configuration: Configuration,
): string[] {
  const provider = modules.find((m) => m.name === LOG_DATA_PROVIDER);
  if (!provider) return [];
  return logModuleRequests(logged, new Set(provider.provisions), configuration).map(
    (r) => `for ${r.thread} mr ${r.representation} ${r.kind === 'provide' ? r.module : r.kind}`,
  );
}

/** A replay's starting configuration and the module requests it had to leave out. */
export interface ReplayConfiguration {
  readonly configuration: Configuration;
  /** Requests refused because they would leave the graph invalid, each with its reason. */
  readonly refused: readonly string[];
}

/**
 * `configuration` with `log mr` applied: every logged representation LogDataProvider can provide comes from the log.
 * Requests are applied one by one, as the console would send them; one that would break the graph is left out.
 */
export function replayConfiguration(
  configuration: Configuration,
  logged: LoggedRepresentations,
  modules: readonly AnyModuleDefinition[] | ModuleCatalog,
): ReplayConfiguration {
  const catalog = toCatalog(modules);
  const provider = catalog.modules.get(LOG_DATA_PROVIDER);
  if (!provider) return { configuration, refused: [] };
  const providable = new Set<string>(provider.provides.map((r: { typeName: string }) => r.typeName));
  let current = configuration;
  const refused: string[] = [];
  for (const request of logModuleRequests(logged, providable, configuration)) {
    const result = applyModuleRequest(current, catalog, request);
    if (result.ok) current = result.configuration;
    else refused.push(`${describe(request)}: ${result.reason}`);
  }
  return { configuration: current, refused };
}
