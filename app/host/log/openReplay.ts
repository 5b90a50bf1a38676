/**
 * @file Creates a replay robot for a recording (a B-Human log or an MCAP export) the way `sl` does: the configuration
 * (threads.cfg, module parameters) comes from the config tree, through the search path of the robot that recorded the
 * log. `openReplaySource` opens the file as `sl` does: an MCAP file in slices, so the host is not held up.
 */
import { loadAllModuleParameters, loadConfiguration } from '@robot-runtime/core/config/loadConfig';
import { searchPath } from '@robot-runtime/core/config/searchPath';
import { formatDiagnostic } from '@robot-runtime/protocol/configMap';
import { allModules } from '@robot-runtime/threads/allModules';
import { NodeFileSystem } from '@robot-runtime/hosts/node/NodeFileSystem';
import { OnnxEngine } from '@robot-runtime/hosts/node/OnnxEngine';
import { configNeuralNetworks } from '@robot-runtime/core/neuralNetworks/NeuralNetworks';
import type { FrameSource } from './FrameSource';
import { isMcapFile, loadMcapDecompression } from './McapFrameSource';
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
      location: settings?.location ?? 'Default',
      scenario: settings?.scenario ?? 'Default',
    }),
  };
  const modules = options.modules ?? allModules;
  let configuration = options.configuration;
  let parameters = options.parameters;
  if (!configuration) {
    const loaded = loadConfiguration(source);
    const errors = loaded.diagnostics.filter((d) => d.severity === 'error');
    if (errors.length) {
      file.close();
      throw new Error(`configuration errors:\n${errors.map(formatDiagnostic).join('\n')}`);
    }
    configuration = loaded.value;
  }
  if (!parameters) {
    const loaded = loadAllModuleParameters(modules, source);
    for (const d of loaded.diagnostics) options.warn?.(formatDiagnostic(d));
    parameters = Object.fromEntries(loaded.values);
  }
  try {
    const neuralNetworks = configNeuralNetworks({ engine: new OnnxEngine(), fs, dirs: source.dirs });
    return new ReplayRobot(name, file, { ...options, modules, configuration, parameters, neuralNetworks });
  } catch (e) {
    file.close();
    throw e;
  }
}
