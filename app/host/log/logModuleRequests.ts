/**
 * @file `log mr` (formats §1.5): module requests that make LogDataProvider provide every logged representation it
 * can provide, in the thread(s) that logged it, and switch that representation off in the other threads (except
 * OdometryData, which B-Human never switches off). A logged JPEGImage stands for CameraImage.
 */
import type { Configuration } from '@robot-runtime/core/config/Configuration';
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
      if (count > 0 && name?.startsWith('id') && name !== 'idFrameBegin' && name !== 'idFrameFinished')
        set.add(name === 'idJPEGImage' ? 'CameraImage' : name.slice(2));
    });
    result.set(t.thread, set);
  }
  return result;
}

/** The console lines of `log mr`, in order. */
export function logModuleRequestLines(
  logged: LoggedRepresentations,
  modules: readonly ModuleTableEntry[],
  configuration: Configuration,
): string[] {
  const provider = modules.find((m) => m.name === LOG_DATA_PROVIDER);
  if (!provider) return [];
  const providable = new Set(provider.provisions);
  const threadNames = configuration.threads.map((t) => t.name);
  const byRepresentation = new Map<string, string[]>();
  for (const [thread, reps] of logged) {
    if (!threadNames.includes(thread)) continue;
    for (const rep of reps)
      if (providable.has(rep)) byRepresentation.set(rep, [...(byRepresentation.get(rep) ?? []), thread]);
  }
  const lines: string[] = [];
  for (const [rep, threads] of [...byRepresentation].sort(([a], [b]) => a.localeCompare(b))) {
    for (const thread of threads) lines.push(`for ${thread} mr ${rep} ${LOG_DATA_PROVIDER}`);
    if (rep === 'OdometryData') continue;
    for (const t of configuration.threads) {
      if (threads.includes(t.name)) continue;
      if (t.representationProviders.some((p) => p.representation === rep)) lines.push(`for ${t.name} mr ${rep} off`);
    }
  }
  return lines;
}
