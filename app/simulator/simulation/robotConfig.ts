/**
 * @file The configuration every simulated robot starts from: threads.cfg and module parameters through the
 * search path of the config tree, the networks modules load from it (loaded once per simulation, copied per robot), and settings.cfg.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cloneConfiguration, type Configuration } from '@robot-runtime/core/config/Configuration';
import { loadAllModuleParameters, loadConfiguration, parametersFrom } from '@robot-runtime/core/config/loadConfig';
import { searchPath } from '@robot-runtime/core/config/searchPath';
import { SettingsType, type Settings } from '@robot-runtime/core/config/Settings';
import type { AnyModuleDefinition } from '@robot-runtime/core/module/ModuleGraph';
import { NodeFileSystem } from '@robot-runtime/hosts/node/NodeFileSystem';
import { formatDiagnostic, parseTyped } from '@robot-runtime/protocol/configMap';
import { allModules } from '@robot-runtime/threads/allModules';
import type { TeamMessageCodecs } from '@robot-runtime/core/module/defineModule';
import { configNeuralNetworks, type NeuralNetworks } from '@robot-runtime/core/neuralNetworks/NeuralNetworks';
import { OnnxEngine } from '@robot-runtime/hosts/node/OnnxEngine';
import { bitPackedCodecs } from './bitPackedCodec';

/** The repository's config/ folder. */
export const DEFAULT_CONFIG_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../config');

/** What a simulation needs from the config tree. */
export interface LoadedRobotConfig {
  configuration: Configuration;
  settings: Settings;
  /** Fresh parameters per module instance (see parametersFrom). */
  parameters: (module: AnyModuleDefinition) => unknown;
  /** Team message codecs of the configuration (its `teamMessage.def`), for every robot's modules. */
  teamMessageCodecs: TeamMessageCodecs;
  /** Networks from the config tree (`NeuralNets/<Module>/<file>` on the search path), run by ONNX Runtime. */
  neuralNetworks: NeuralNetworks;
  /** Warnings and errors as `file:row:col: message`. */
  problems: string[];
}

/** Loads the configuration of the simulated robots (the Default scenario's search path). */
export function loadRobotConfig(configRoot = DEFAULT_CONFIG_ROOT): LoadedRobotConfig {
  const fs = new NodeFileSystem(configRoot);
  const settingsText = fs.readText('settings.cfg');
  const problems: string[] = [];
  let settings = SettingsType.defaultValue();
  if (settingsText !== undefined) {
    const parsed = parseTyped(SettingsType, settingsText, 'settings.cfg');
    settings = parsed.value;
    problems.push(...parsed.diagnostics.map(formatDiagnostic));
  }
  const source = {
    fs,
    dirs: searchPath({ headName: 'Nao', bodyName: 'Nao', location: settings.location, scenario: settings.scenario }),
  };
  const configuration = loadConfiguration(source);
  const parameters = loadAllModuleParameters(allModules, source);
  problems.push(...configuration.diagnostics.map(formatDiagnostic), ...parameters.diagnostics.map(formatDiagnostic));
  const codecs = bitPackedCodecs(fs, source.dirs);
  problems.push(...codecs.problems);
  return {
    configuration: cloneConfiguration(configuration.value),
    settings,
    parameters: parametersFrom(parameters.values),
    teamMessageCodecs: codecs.codecs,
    neuralNetworks: configNeuralNetworks({ engine: new OnnxEngine(), fs, dirs: source.dirs }),
    problems,
  };
}
