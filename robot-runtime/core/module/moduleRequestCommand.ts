/**
 * @file The text side of `mr`: parsing the console's arguments and the listings `mr ?`, `mr <Rep> ?` and
 * `mr modules`. Listings are sorted by name so that they are stable between runs and easy to scan.
 */
import type { Configuration } from '../config/Configuration';
import type { ModuleCatalog } from './ModuleGraph';
import { applyModuleRequest, type ModuleRequest } from './moduleRequest';

/** What an `mr` command line asks for. */
export type ModuleRequestCommand =
  | { readonly kind: 'listRepresentations'; readonly pattern?: string }
  | { readonly kind: 'listModules'; readonly pattern?: string }
  | { readonly kind: 'alternatives'; readonly representation: string; readonly pattern?: string }
  | { readonly kind: 'save' }
  | { readonly kind: 'change'; readonly request: ModuleRequest };

/** Parses the words after `mr`; returns a usage message for malformed lines. */
export function parseModuleRequestCommand(args: readonly string[]): ModuleRequestCommand | { readonly error: string } {
  const usage = {
    error:
      'Usage: mr ? [<pattern>] | mr modules [<pattern>] | mr save | mr <rep> ? [<pattern>] | mr <rep> <module>|off|default [for <thread>]',
  };
  const [first, second, third, fourth, ...rest] = args;
  if (first === undefined) return usage;
  if (first === '?') return args.length <= 2 ? { kind: 'listRepresentations', pattern: second } : usage;
  if (first === 'modules') return args.length <= 2 ? { kind: 'listModules', pattern: second } : usage;
  if (first === 'save') return args.length === 1 ? { kind: 'save' } : usage;
  if (second === undefined) return usage;
  if (second === '?') return args.length <= 3 ? { kind: 'alternatives', representation: first, pattern: third } : usage;
  let thread: string | undefined;
  if (third !== undefined) {
    if (third !== 'for' || fourth === undefined || rest.length > 0) return usage;
    thread = fourth;
  }
  const request: ModuleRequest =
    second === 'off' || second === 'default'
      ? { kind: second, representation: first, thread }
      : { kind: 'provide', representation: first, module: second, thread };
  return { kind: 'change', request };
}

/** Case-insensitive match where `*` stands for any text; without `*` the pattern matches any part of the name. */
export function matchesPattern(name: string, pattern: string | undefined): boolean {
  if (pattern === undefined || pattern === '') return true;
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(pattern.includes('*') ? `^${escaped}$` : escaped, 'i').test(name);
}

function providersOf(catalog: ModuleCatalog, representation: string): string[] {
  return [...catalog.modules.values()]
    .filter((m) => m.provides.some((r: { typeName: string }) => r.typeName === representation))
    .map((m) => m.name)
    .sort();
}

/** The lines `mr <Rep> ?` shows for one representation; `modulePattern` filters the alternatives. */
export function representationLines(
  config: Configuration,
  catalog: ModuleCatalog,
  representation: string,
  modulePattern?: string,
): string[] {
  const alternatives = providersOf(catalog, representation).filter((m) => matchesPattern(m, modulePattern));
  const lines: string[] = [];
  for (const thread of config.threads) {
    const active = thread.representationProviders.find((p) => p.representation === representation)?.provider;
    if (active === undefined) continue;
    const names = alternatives.map((m) => (m === active ? `${m}*` : m));
    lines.push(`${representation} (${thread.name}): ${[...names, 'default', 'off'].join(' ')}`);
  }
  if (lines.length === 0) {
    const isDefault = config.defaultRepresentations.includes(representation);
    lines.push(
      `${representation} (All): ${[...alternatives, isDefault ? 'default*' : 'default', isDefault ? 'off' : 'off*'].join(' ')}`,
    );
  }
  return lines;
}

/** `mr ? [<pattern>]`: every representation with its alternatives, `*` marking what is active. */
export function listRepresentations(config: Configuration, catalog: ModuleCatalog, pattern?: string): string {
  return [...catalog.representations.keys()]
    .filter((r) => matchesPattern(r, pattern))
    .sort()
    .flatMap((r) => representationLines(config, catalog, r))
    .join('\n');
}

/** `mr modules [<pattern>]`: each module's requirements and provisions, `*` on provisions currently selected. */
export function listModules(config: Configuration, catalog: ModuleCatalog, pattern?: string): string {
  const selected = new Set(
    config.threads.flatMap((t) => t.representationProviders.map((p) => `${p.provider}/${p.representation}`)),
  );
  return [...catalog.modules.values()]
    .filter((m) => matchesPattern(m.name, pattern))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((m) => {
      const needs = [...m.requires, ...m.uses].map((r: { typeName: string }) => r.typeName);
      const provides = m.provides.map((r: { typeName: string }) =>
        selected.has(`${m.name}/${r.typeName}`) ? `${r.typeName}*` : r.typeName,
      );
      return `${m.name}:${needs.length ? ' ' + needs.join(' ') : ''} ->${provides.length ? ' ' + provides.join(' ') : ''}`;
    })
    .join('\n');
}

/** What running an `mr` command produced: text to print, a new configuration to apply, or a refusal. */
export interface ModuleRequestOutcome {
  /** Text for the console (listings, confirmations). */
  output?: string;
  /** The configuration to apply and send (only for accepted changes). */
  configuration?: Configuration;
  /** Why the command was refused. */
  error?: string;
  /** True for `mr save`: the caller writes the configuration to the first threads.cfg on the search path. */
  save?: boolean;
}

/** Runs one `mr` command line against `config` without changing it. */
export function runModuleRequestCommand(
  config: Configuration,
  catalog: ModuleCatalog,
  args: readonly string[],
): ModuleRequestOutcome {
  const command = parseModuleRequestCommand(args);
  if ('error' in command) return { error: command.error };
  switch (command.kind) {
    case 'listRepresentations':
      return { output: listRepresentations(config, catalog, command.pattern) };
    case 'listModules':
      return { output: listModules(config, catalog, command.pattern) };
    case 'alternatives':
      if (!catalog.representations.has(command.representation))
        return { error: `Unknown representation ${command.representation}` };
      return { output: representationLines(config, catalog, command.representation, command.pattern).join('\n') };
    case 'save':
      return { save: true };
    case 'change': {
      const result = applyModuleRequest(config, catalog, command.request);
      return result.ok ? { configuration: result.configuration } : { error: result.reason };
    }
  }
}
