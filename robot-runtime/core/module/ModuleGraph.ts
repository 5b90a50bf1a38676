/**
 * @file The module graph: from module declarations and a thread configuration, which providers run in which
 * order in each thread, which representations are defaults, and which travel between threads. Everything is
 * derived from REQUIRES/USES/PROVIDES; threads never name another thread's data explicitly.
 */
import type { Representation } from '../representation';
import type { Configuration } from '../config/Configuration';
import type { ModuleDefinition } from './defineModule';
import { orderProviders } from './providerOrder';

/** Any module declaration, whatever its representations and parameters. */
export type AnyModuleDefinition = ModuleDefinition<any, any, any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
/** Any representation declaration. */
export type AnyRepresentationType = Representation<any, string>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** One provider in a thread's execution list: `module` fills `representation`. */
export interface ProviderStep {
  readonly representation: string;
  readonly module: string;
}

/** A representation copied from one thread to another after every frame of the sender. */
export interface SharedRepresentation {
  readonly representation: string;
  /** Thread that provides it. */
  readonly from: string;
  /** Thread that requires or uses it. */
  readonly to: string;
}

/** What one thread does per frame. */
export interface ThreadPlan {
  readonly name: string;
  /** Position in the configuration (the deterministic executor's tie-breaker). */
  readonly index: number;
  readonly executionUnit: string;
  /** Providers in execution order (each after everything it REQUIRES from this thread). */
  readonly providers: readonly ProviderStep[];
  /** Modules instantiated in this thread, in order of their first provider. */
  readonly modules: readonly string[];
  /** Default representations this thread's modules require or use. */
  readonly defaults: readonly string[];
  /** Representations this thread receives, with their sender. */
  readonly received: readonly SharedRepresentation[];
  /** Representations this thread sends, with their receiver. */
  readonly sent: readonly SharedRepresentation[];
  /** Every representation on this thread's blackboard: provided, received and defaults. */
  readonly blackboard: readonly string[];
}

/** The result of building the graph: the plans, or every problem found. */
export interface ModuleGraph {
  readonly threads: readonly ThreadPlan[];
  /** All problems (empty when the configuration is usable). */
  readonly errors: readonly string[];
  /** Module declarations by name. */
  readonly modules: ReadonlyMap<string, AnyModuleDefinition>;
  /** Every representation any module mentions, by name. */
  readonly representations: ReadonlyMap<string, AnyRepresentationType>;
}

/** Module and representation lookup tables, checked for name clashes. */
export interface ModuleCatalog {
  readonly modules: ReadonlyMap<string, AnyModuleDefinition>;
  readonly representations: ReadonlyMap<string, AnyRepresentationType>;
  readonly errors: readonly string[];
}

/** Indexes module declarations by name and every representation they mention. */
export function catalogModules(definitions: readonly AnyModuleDefinition[]): ModuleCatalog {
  const modules = new Map<string, AnyModuleDefinition>();
  const representations = new Map<string, AnyRepresentationType>();
  const errors: string[] = [];
  for (const module of definitions) {
    if (modules.has(module.name) && modules.get(module.name) !== module)
      errors.push(`Module ${module.name} is declared twice`);
    modules.set(module.name, module);
    for (const rep of [...module.requires, ...module.uses, ...module.provides] as AnyRepresentationType[]) {
      const known = representations.get(rep.typeName);
      if (known && known !== rep)
        errors.push(`Representation ${rep.typeName} is declared twice (seen in ${module.name})`);
      else representations.set(rep.typeName, rep);
    }
  }
  return { modules, representations, errors };
}

/**
 * Whether a module that runs in `thread` requires or uses `representation`: e.g. whether a camera thread's
 * perception reads the camera image (and so needs one rendered), whatever the module is called.
 */
export function threadReads(graph: ModuleGraph, thread: string, representation: string): boolean {
  const plan = graph.threads.find((p) => p.name === thread);
  return (plan?.modules ?? []).some((name) => {
    const module = graph.modules.get(name);
    return module !== undefined && [...namesOf(module.requires), ...namesOf(module.uses)].includes(representation);
  });
}

function namesOf(reps: readonly AnyRepresentationType[]): string[] {
  return reps.map((r) => r.typeName);
}

/** Builds the graph; problems are collected, not thrown, so that every one can be reported at once. */
export function buildModuleGraph(
  definitions: readonly AnyModuleDefinition[] | ModuleCatalog,
  config: Configuration,
): ModuleGraph {
  const catalog =
    'modules' in definitions && !Array.isArray(definitions)
      ? (definitions as ModuleCatalog)
      : catalogModules(definitions as readonly AnyModuleDefinition[]);
  const { modules, representations } = catalog;
  const errors: string[] = [...catalog.errors];

  // Where each representation is provided: thread name -> module.
  const providedIn = new Map<string, Map<string, string>>();
  const threadNames = new Set<string>();
  const validSteps = new Map<string, ProviderStep[]>();
  for (const thread of config.threads) {
    if (threadNames.has(thread.name)) errors.push(`Thread ${thread.name} is configured twice`);
    threadNames.add(thread.name);
    const steps: ProviderStep[] = [];
    const seen = new Map<string, string>();
    for (const { representation, provider } of thread.representationProviders) {
      const module = modules.get(provider);
      let ok = true;
      if (!representations.has(representation)) {
        errors.push(`Unknown representation ${representation} in thread ${thread.name}`);
        ok = false;
      }
      if (!module) {
        errors.push(`Unknown module ${provider} selected for ${representation} in thread ${thread.name}`);
        ok = false;
      } else if (ok && !namesOf(module.provides).includes(representation)) {
        errors.push(`${provider} does not provide ${representation} (selected in thread ${thread.name})`);
        ok = false;
      }
      const other = seen.get(representation);
      if (other !== undefined) {
        errors.push(`${representation} has two providers in thread ${thread.name}: ${other} and ${provider}`);
        ok = false;
      }
      seen.set(representation, provider);
      if (!ok) continue;
      steps.push({ representation, module: provider });
      let where = providedIn.get(representation);
      if (!where) providedIn.set(representation, (where = new Map()));
      where.set(thread.name, provider);
    }
    validSteps.set(thread.name, steps);
  }

  const defaults = new Set<string>();
  for (const rep of config.defaultRepresentations) {
    if (!representations.has(rep)) errors.push(`Unknown default representation ${rep}`);
    if (defaults.has(rep)) errors.push(`Default representation ${rep} is listed twice`);
    defaults.add(rep);
    const where = providedIn.get(rep);
    if (where) errors.push(`${rep} is both a default representation and provided in ${[...where.keys()].join(', ')}`);
  }

  const plans: ThreadPlan[] = [];
  const sentBy = new Map<string, SharedRepresentation[]>();
  const unitOf = new Map(config.threads.map((t) => [t.name, t.executionUnit] as const));
  config.threads.forEach((thread, index) => {
    const steps = validSteps.get(thread.name) ?? [];
    const local = new Map(steps.map((s) => [s.representation, s.module] as const));
    const threadModules: string[] = [];
    for (const s of steps) if (!threadModules.includes(s.module)) threadModules.push(s.module);

    const received = new Map<string, SharedRepresentation>();
    const neededDefaults = new Set<string>();
    for (const moduleName of threadModules) {
      const module = modules.get(moduleName)!;
      const needs: [string, string][] = [
        ...namesOf(module.requires).map((r) => [r, 'requires'] as [string, string]),
        ...namesOf(module.uses).map((r) => [r, 'uses'] as [string, string]),
      ];
      for (const [rep, how] of needs) {
        if (local.has(rep)) continue;
        if (defaults.has(rep)) {
          neededDefaults.add(rep);
          continue;
        }
        const elsewhere = [...(providedIn.get(rep)?.keys() ?? [])].filter((t) => t !== thread.name);
        // Threads of one execution unit (Upper and Lower are both Perception) are alternatives: the receiver
        // takes the newest version from whichever of them ran last, as Cognition does with camera data.
        const alternatives = elsewhere.length > 1 && new Set(elsewhere.map((t) => unitOf.get(t))).size === 1;
        if (elsewhere.length === 1 || alternatives) {
          for (const from of elsewhere) {
            const key = `${rep}@${from}`;
            if (!received.has(key)) received.set(key, { representation: rep, from, to: thread.name });
          }
        } else if (elsewhere.length > 1) {
          errors.push(
            `${moduleName} in ${thread.name} ${how} ${rep}, which is provided in several threads (${elsewhere.join(', ')})`,
          );
        } else {
          errors.push(`${moduleName} in ${thread.name} ${how} ${rep}, which nobody provides`);
        }
      }
    }

    const ordered = orderProviders(thread.name, steps, (m) => namesOf(modules.get(m)!.requires));
    errors.push(...ordered.errors);
    const receivedList = [...received.values()];
    for (const r of receivedList) {
      let list = sentBy.get(r.from);
      if (!list) sentBy.set(r.from, (list = []));
      list.push(r);
    }
    const defaultList = [...neededDefaults];
    plans.push({
      name: thread.name,
      index,
      executionUnit: thread.executionUnit,
      providers: ordered.order,
      modules: orderedModules(ordered.order),
      defaults: defaultList,
      received: receivedList,
      sent: [],
      blackboard: [
        ...new Set([
          ...ordered.order.map((s) => s.representation),
          ...receivedList.map((r) => r.representation),
          ...defaultList,
        ]),
      ],
    });
  });

  // Senders list their outgoing data in their own execution order, so packages are laid out deterministically.
  const threadIndex = new Map(plans.map((p) => [p.name, p.index] as const));
  const finalPlans = plans.map((plan) => {
    const position = new Map(plan.providers.map((s, i) => [s.representation, i] as const));
    const sent = [...(sentBy.get(plan.name) ?? [])].sort(
      (a, b) =>
        threadIndex.get(a.to)! - threadIndex.get(b.to)! ||
        position.get(a.representation)! - position.get(b.representation)!,
    );
    return { ...plan, sent };
  });
  return { threads: finalPlans, errors, modules, representations };
}

function orderedModules(steps: readonly ProviderStep[]): string[] {
  const out: string[] = [];
  for (const s of steps) if (!out.includes(s.module)) out.push(s.module);
  return out;
}

/** Representations sent from `from` to `to`, in the sender's execution order (the layout of their package). */
export function sharedBetween(graph: ModuleGraph, from: string, to: string): string[] {
  const plan = graph.threads.find((p) => p.name === from);
  return plan ? plan.sent.filter((s) => s.to === to).map((s) => s.representation) : [];
}
