/**
 * @file Module requests (`mr`) as pure edits of a Configuration. The console uses these to preview and send
 * changes, the robot to apply received ones; both refuse a change whose result would not form a valid graph.
 */
import { cloneConfiguration, type Configuration } from '../config/Configuration';
import {
  buildModuleGraph,
  catalogModules,
  type AnyModuleDefinition,
  type ModuleCatalog,
  type ModuleGraph,
} from './ModuleGraph';

/** A change of one representation's provider (`mr <Rep> <Module>|off|default [for <Thread>]`). */
export type ModuleRequest =
  | { readonly kind: 'provide'; readonly representation: string; readonly module: string; readonly thread?: string }
  | { readonly kind: 'off'; readonly representation: string; readonly thread?: string }
  | { readonly kind: 'default'; readonly representation: string; readonly thread?: string };

/** The outcome of a module request: the new configuration and its graph, or why it was refused. */
export type ModuleRequestResult =
  | { readonly ok: true; readonly configuration: Configuration; readonly graph: ModuleGraph }
  | { readonly ok: false; readonly reason: string };

/** Accepts declarations or a prepared catalog (callers that apply many requests build the catalog once). */
export function toCatalog(modules: readonly AnyModuleDefinition[] | ModuleCatalog): ModuleCatalog {
  return Array.isArray(modules)
    ? catalogModules(modules as readonly AnyModuleDefinition[])
    : (modules as ModuleCatalog);
}

/** Threads that currently select a provider for `representation`. */
export function threadsProviding(config: Configuration, representation: string): string[] {
  return config.threads
    .filter((t) => t.representationProviders.some((p) => p.representation === representation))
    .map((t) => t.name);
}

/**
 * Applies `request` to a copy of `config`. Semantics:
 * - `provide` without a thread changes the one thread that provides the representation now (exactly one must);
 *   with a thread it sets (or adds) the provider there. Either way the representation stops being a default.
 * - `off` without a thread removes every provider and the default; with a thread only that thread's provider.
 * - `default` (never with a thread) removes every provider and makes the representation a default.
 * The result must be a valid graph; otherwise the request is refused with every problem it would cause.
 */
export function applyModuleRequest(
  config: Configuration,
  modules: readonly AnyModuleDefinition[] | ModuleCatalog,
  request: ModuleRequest,
): ModuleRequestResult {
  const catalog = toCatalog(modules);
  const rep = request.representation;
  if (!catalog.representations.has(rep)) return refuse(`Unknown representation ${rep}`);
  if (request.thread !== undefined && !config.threads.some((t) => t.name === request.thread)) {
    return refuse(`Unknown thread ${request.thread} (threads: ${config.threads.map((t) => t.name).join(', ')})`);
  }
  const next = cloneConfiguration(config);
  const removeFrom = (threadName?: string): void => {
    for (const t of next.threads) {
      if (threadName === undefined || t.name === threadName)
        t.representationProviders = t.representationProviders.filter((p) => p.representation !== rep);
    }
  };
  const removeDefault = (): void => {
    next.defaultRepresentations = next.defaultRepresentations.filter((r) => r !== rep);
  };

  switch (request.kind) {
    case 'provide': {
      const module = catalog.modules.get(request.module);
      if (!module) return refuse(`Unknown module ${request.module}`);
      if (!module.provides.some((r: { typeName: string }) => r.typeName === rep))
        return refuse(`${request.module} does not provide ${rep}`);
      let threadName = request.thread;
      if (threadName === undefined) {
        const current = threadsProviding(config, rep);
        if (current.length !== 1) {
          return refuse(
            current.length === 0
              ? `${rep} is not provided in any thread; say which one: mr ${rep} ${request.module} for <thread>`
              : `${rep} is provided in ${current.length} threads (${current.join(', ')}); say which one: mr ${rep} ${request.module} for <thread>`,
          );
        }
        threadName = current[0]!;
      }
      const thread = next.threads.find((t) => t.name === threadName)!;
      const entry = thread.representationProviders.find((p) => p.representation === rep);
      if (entry) entry.provider = request.module;
      else thread.representationProviders.push({ representation: rep, provider: request.module });
      removeDefault();
      break;
    }
    case 'off':
      removeFrom(request.thread);
      if (request.thread === undefined) removeDefault();
      break;
    case 'default':
      if (request.thread !== undefined) return refuse(`mr ${rep} default cannot be combined with 'for <thread>'`);
      removeFrom();
      if (!next.defaultRepresentations.includes(rep)) next.defaultRepresentations.push(rep);
      break;
  }

  const graph = buildModuleGraph(catalog, next);
  if (graph.errors.length > 0)
    return refuse(`Refused: ${describe(request)} would leave the configuration invalid:\n${graph.errors.join('\n')}`);
  return { ok: true, configuration: next, graph };
}

/** The request as the console command that expresses it. */
export function describe(request: ModuleRequest): string {
  const what = request.kind === 'provide' ? request.module : request.kind;
  return `mr ${request.representation} ${what}${request.thread !== undefined ? ` for ${request.thread}` : ''}`;
}

function refuse(reason: string): ModuleRequestResult {
  return { ok: false, reason };
}
