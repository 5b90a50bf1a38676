/**
 * @file Loading module parameters and threads.cfg through the search path. Problems never throw: they are
 * returned as diagnostics with file:row:col, and the affected values keep their code defaults, so a robot (or
 * the IDE previewing a config) can report everything wrong at once.
 */
import type { TypeRef } from '../../protocol/types';
import { deepClone } from '../../protocol/types/deepClone';
import { parseConfig, parseTyped, positionOfPath, type ConfigDiagnostic } from '../../protocol/configMap';
import type { AnyModuleDefinition } from '../module/ModuleGraph';
import { ConfigurationType, type Configuration } from './Configuration';
import { findConfigFile, type FileSystem } from './searchPath';

/** Reads a config map of a given type (protocol/configMap's parseTyped); missing fields keep defaults. */
export type ParseTyped = <V>(type: TypeRef<V>, text: string, file: string) => { value: V; diagnostics: readonly ConfigDiagnostic[] };

/** A value read from the config tree, with where it came from and what was wrong. */
export interface Loaded<V> {
  value: V;
  /** The file used, or undefined when the value is the code default. */
  file?: string;
  diagnostics: ConfigDiagnostic[];
}

/** Where and how configuration files are read. */
export interface ConfigSource {
  fs: FileSystem;
  /** The search path (see searchPath()). */
  dirs: readonly string[];
  /** The typed config-map reader; protocol/configMap's parseTyped unless replaced (tests). */
  parse?: ParseTyped;
}

function missing(file: string, message: string): ConfigDiagnostic {
  return { severity: 'error', file, row: 0, col: 0, path: '', message };
}

/**
 * A module's parameters. DEFINES_PARAMETERS modules keep their code defaults (files are ignored, as on
 * B-Human robots); LOADS_PARAMETERS modules read `<lowerCamelName>.cfg` (or the file their spec names), the first
 * found on the path.
 * Returns undefined for modules without parameters.
 */
export function loadModuleParameters(module: AnyModuleDefinition, source: ConfigSource): Loaded<unknown> | undefined {
  const type = module.parameters as TypeRef<unknown> | undefined;
  if (!type) return undefined;
  if (!module.loadsParameters) return { value: type.defaultValue(), diagnostics: [] };
  const name = module.parameterFile;
  const found = findConfigFile(source.fs, source.dirs, name);
  if (!found) return { value: type.defaultValue(), diagnostics: [missing(name, `${module.name} loads its parameters, but ${name} is not on the search path`)] };
  const { value, diagnostics } = (source.parse ?? parseTyped)(type, found.text, found.path);
  return { value, file: found.path, diagnostics: [...diagnostics, ...checkParameters(module, value, found)] };
}

/** The module's own checks of its loaded parameters, each problem at the line that set the value. */
function checkParameters(module: AnyModuleDefinition, value: unknown, file: { path: string; text: string }): ConfigDiagnostic[] {
  const problems = module.checkParameters?.(value as never) ?? [];
  if (problems.length === 0) return [];
  let root: ReturnType<typeof parseConfig> | undefined;
  try {
    root = parseConfig(file.text, file.path);
  } catch {
    // A syntax error is reported by the typed reading already; the problems then concern code defaults.
  }
  return problems.map((p) => {
    const { row, col } = root ? positionOfPath(root, p.path) : { row: 0, col: 0 };
    return { severity: 'error' as const, file: file.path, row, col, path: p.path, message: p.message };
  });
}

/** threads.cfg from the search path; an empty configuration (with a diagnostic) when none exists. */
export function loadConfiguration(source: ConfigSource, fileName = 'threads.cfg'): Loaded<Configuration> {
  const found = findConfigFile(source.fs, source.dirs, fileName);
  if (!found) return { value: ConfigurationType.defaultValue(), diagnostics: [missing(fileName, `${fileName} is not on the search path`)] };
  const { value, diagnostics } = (source.parse ?? parseTyped)<Configuration>(ConfigurationType as TypeRef<Configuration>, found.text, found.path);
  return { value, file: found.path, diagnostics: [...diagnostics] };
}

/** Parameters of every module that has some, by module name, plus all diagnostics. */
export function loadAllModuleParameters(modules: Iterable<AnyModuleDefinition>, source: ConfigSource): { values: Map<string, unknown>; diagnostics: ConfigDiagnostic[] } {
  const values = new Map<string, unknown>();
  const diagnostics: ConfigDiagnostic[] = [];
  for (const module of modules) {
    const loaded = loadModuleParameters(module, source);
    if (!loaded) continue;
    values.set(module.name, loaded.value);
    diagnostics.push(...loaded.diagnostics);
  }
  return { values, diagnostics };
}

/**
 * Turns loaded values into the `parameters` option of ThreadRunner/RobotProgram: every instance gets its own
 * copy (MODIFY in one thread must not change another), modules without a loaded value get code defaults.
 */
export function parametersFrom(values: ReadonlyMap<string, unknown>): (module: AnyModuleDefinition) => unknown {
  return (module) => (values.has(module.name) ? deepClone(values.get(module.name)) : (module.parameters as TypeRef<unknown>).defaultValue());
}
