/**
 * @file Creates a replay robot for a recording (a B-Human log or an MCAP export) the way `sl` does. The module
 * configuration is the one the log records (the robot's own threads.cfg when it was recorded, see
 * recordedConfiguration.ts); a log without one, or a replay told to (`sl <name> <file> <scenario> [<location>]`),
 * takes threads.cfg from the config tree through the search path of the robot that recorded the log. Module
 * parameters always come from the config tree. Then `log mr` is applied, so every logged representation comes from
 * the log (the robot's beliefs as recorded) and the rest is computed. `openReplaySource` opens the file as `sl`
 * does: an MCAP file in slices, so the host is not held up.
 */
import { loadAllModuleParameters, loadConfiguration } from '@robot-runtime/core/config/loadConfig';
import { searchPath } from '@robot-runtime/core/config/searchPath';
import { formatDiagnostic } from '@robot-runtime/protocol/configMap';
import { allModules } from '@robot-runtime/threads/allModules';
import { NodeFileSystem } from '@robot-runtime/hosts/node/NodeFileSystem';
import { OnnxEngine } from '@robot-runtime/hosts/node/OnnxEngine';
import { configNeuralNetworks } from '@robot-runtime/core/neuralNetworks/NeuralNetworks';
import type { Configuration } from '@robot-runtime/core/config/Configuration';
import { buildModuleGraph } from '@robot-runtime/core/module/ModuleGraph';
import type { FrameSource } from './FrameSource';
import { loggedRepresentations, replayConfiguration } from './logModuleRequests';
import { isMcapFile, loadMcapDecompression } from './McapFrameSource';
import { recordedConfiguration } from './recordedConfiguration';
import { openFrameSource } from './openFrameSource';
import { openFrameSourceInSlices, takePrepared, type SliceOptions } from './openInSlices';
import { ReplayRobot, type ReplayRobotOptions } from './ReplayRobot';

/** Options of openReplay. */
export interface OpenReplayOptions extends Partial<ReplayRobotOptions> {
  /** The config/ folder. */
  configRoot: string;
  /** Write the index into a log that has none (B-Human does on first open). Default true. */
  writeIndex?: boolean;
  /** Receives configuration warnings. */
  warn?(line: string): void;
  /**
   * Take threads.cfg from the config tree even when the log records a configuration. Default false. Giving a
   * `scenario` or `location` implies it (B-Human's `sl` arguments choose the configuration that way).
   */
  configFromTree?: boolean;
  /** Scenario of the search path (default: the log's settings). */
  scenario?: string;
  /** Location of the search path (default: the log's settings). */
  location?: string;
  /** Apply `log mr` to the starting configuration (logged representations come from the log). Default true. */
  logModuleRequests?: boolean;
  /** Parameters of some modules that replace what the config tree holds for them (a variant takes its original's). */
  parameterOverrides?: Readonly<Record<string, unknown>>;
}

/** Opens `path` and builds its replay robot; throws with every problem when the configuration is unusable. */
export function openReplay(name: string, path: string, options: OpenReplayOptions): ReplayRobot {
  let file: FrameSource;
  try {
    file = openFrameSource(path, { writeIndex: options.writeIndex ?? true });
  } catch {
    // A read-only file still replays, only without a written-back index.
    file = openFrameSource(path);
  }
  return replayRobotOf(name, file, options);
}

/**
 * Opens `path` for a replay without holding up the host: a source kept for it (File → Open log read it ahead) or
 * a B-Human log at once (linear work), an MCAP file as a promise, read in slices. Throws (or rejects) for files no
 * frame source can replay.
 */
export function openReplaySource(
  path: string,
  options: Pick<SliceOptions, 'sliceMs'> & { writeIndex?: boolean } = {},
): FrameSource | Promise<FrameSource> {
  const writeIndex = options.writeIndex ?? true;
  const kept = takePrepared(path);
  if (kept) return kept;
  // Its zstd decompressor loads asynchronously: an `sl` right after start need not race it.
  if (isMcapFile(path))
    return loadMcapDecompression().then(() => openFrameSourceInSlices(path, { sliceMs: options.sliceMs }));
  try {
    return openFrameSource(path, { writeIndex });
  } catch {
    return openFrameSource(path); // a read-only file still replays, only without a written-back index
  }
}

/** Builds the replay robot of an opened `file` (closed when it throws, e.g. for an unusable configuration). */
export function replayRobotOf(name: string, file: FrameSource, options: OpenReplayOptions): ReplayRobot {
  const settings = file.log.settings;
  const fs = new NodeFileSystem(options.configRoot);
  const source = {
    fs,
    dirs: searchPath({
      headName: settings?.headName ?? 'Nao',
      bodyName: settings?.bodyName ?? 'Nao',
      location: options.location ?? settings?.location ?? 'Default',
      scenario: options.scenario ?? settings?.scenario ?? 'Default',
    }),
  };
  const modules = options.modules ?? allModules;
  const recorded = recordedConfiguration(file);
  let configuration = options.configuration;
  let parameters = options.parameters;
  if (!configuration) {
    const fromTree = options.configFromTree || options.scenario !== undefined || options.location !== undefined;
    configuration = fromTree ? undefined : usableRecorded(recorded, modules, options.warn);
    if (!configuration) {
      const loaded = loadConfiguration(source);
      const errors = loaded.diagnostics.filter((d) => d.severity === 'error');
      if (errors.length) {
        file.close();
        throw new Error(`configuration errors:\n${errors.map(formatDiagnostic).join('\n')}`);
      }
      configuration = loaded.value;
    }
    if (options.logModuleRequests ?? true) {
      const logged = loggedRepresentations(file.log.index.threads, file.log.idNames);
      const replay = replayConfiguration(configuration, logged, modules);
      for (const line of replay.refused) options.warn?.(`Replay: log mr left out ${line}`);
      configuration = replay.configuration;
    }
  }
  if (!parameters) {
    const loaded = loadAllModuleParameters(modules, source);
    for (const d of loaded.diagnostics) options.warn?.(formatDiagnostic(d));
    parameters = Object.fromEntries(loaded.values);
  }
  if (options.parameterOverrides) parameters = { ...parameters, ...options.parameterOverrides };
  try {
    const neuralNetworks = configNeuralNetworks({ engine: new OnnxEngine(), fs, dirs: source.dirs });
    return new ReplayRobot(name, file, {
      ...options,
      modules,
      configuration,
      parameters,
      neuralNetworks,
      recordedConfiguration: recorded.kind === 'recorded' ? recorded.configuration : undefined,
    });
  } catch (e) {
    file.close();
    throw e;
  }
}

/** The recorded configuration when this program can run it; otherwise undefined, with the reason given to `warn`. */
function usableRecorded(
  recorded: ReturnType<typeof recordedConfiguration>,
  modules: Parameters<typeof buildModuleGraph>[0],
  warn: ((line: string) => void) | undefined,
): Configuration | undefined {
  if (recorded.kind === 'damaged') {
    warn?.(
      `Replay: the log's module configuration (frame ${recorded.frame}) is damaged (${recorded.reason}); ` +
        'using threads.cfg',
    );
    return undefined;
  }
  if (recorded.kind === 'none') return undefined;
  const errors = buildModuleGraph(modules, recorded.configuration).errors;
  if (errors.length === 0) return recorded.configuration;
  warn?.(`Replay: the log's module configuration does not fit this program; using threads.cfg:\n${errors.join('\n')}`);
  return undefined;
}
