import type { ContentCodec } from '../../protocol/teamMessage/contentCodec';
import type { ClassType, FieldMap, TypeRef, ValueOf, ValuesOf } from '../../protocol/types';
import { defineClass } from '../../protocol/types';
import type { DebugContext } from '../debug/DebugContext';
import type { NeuralNetworks } from '../neuralNetworks/NeuralNetworks';
import type { Representation } from '../representation';

type AnyRepresentation = Representation<any, string>; // eslint-disable-line @typescript-eslint/no-explicit-any
type RepValue<R> = ValueOf<R>;

/** Read access to required/used representations, by name: `the.BallPercept`. */
export type Inputs<R extends readonly AnyRepresentation[]> = {
  readonly [K in R[number] as K['typeName']]: Readonly<RepValue<K>>;
};

/** One update function per provided representation; it fills the blackboard instance in place. */
export type Updates<P extends readonly AnyRepresentation[]> = {
  [K in P[number] as K['typeName']]: (representation: RepValue<K>) => void;
};

/** A deterministic random source (seeded per robot and module), so simulated runs repeat exactly. */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Normally distributed with the given standard deviation. */
  gaussian(sigma?: number): number;
}

/**
 * Data the host put into this thread for the current frame (sensor readings, simulator ground truth, logged
 * representations), by representation name. Read by data-provider modules such as LogDataProvider.
 */
export interface InjectedData {
  /** The newest injected value of representation `name` for this frame, or undefined. */
  get(name: string): unknown;
}

/**
 * Team message content codecs by name, given by the robot's host (a bit-packed one compiled from the
 * configuration's `teamMessage.def`); TeamMessageHandler picks one with its `codec` parameter. Passed per robot,
 * never kept in a global, so robots of different configurations can share a process.
 */
export type TeamMessageCodecs = ReadonlyMap<string, ContentCodec>;

/** No codecs from the host. */
export const NO_TEAM_MESSAGE_CODECS: TeamMessageCodecs = new Map();

/** What a module instance gets when it is created. */
export interface ModuleContext<Req extends readonly AnyRepresentation[], P> {
  /** Required and used representations of this thread's blackboard (always the newest instance). */
  readonly the: Inputs<Req>;
  /** Parameters (from code defaults or `<lowerCamelName>.cfg`); MODIFY-able as `module:<Name>`. */
  readonly params: P;
  readonly debug: DebugContext;
  readonly random: Random;
  /** Name of the thread the instance runs in. */
  readonly threadName: string;
  /** Host data injected into this thread for the current frame. */
  readonly injected: InjectedData;
  /** The host's team message codecs. */
  readonly teamMessageCodecs: TeamMessageCodecs;
  /** Neural networks from the config tree, run by the host's engine (each run timed by a stopwatch). */
  readonly networks: NeuralNetworks;
  /**
   * Declares the instance's state: everything it keeps from one frame to the next lives in the returned object
   * (call once, at creation). A log replay snapshots it (a deep copy of its data, see stateCopy.ts) and restores it
   * in place, so seeks compute what a replay from the first frame does. Keep data only: numbers, arrays, plain
   * objects, instances of data classes; a function or resource in it makes snapshots fail with its path.
   */
  keep<S extends object>(state: S): S;
}

/** A module instance: its update functions plus optional per-frame hooks. */
export interface ModuleInstance<Prov extends readonly AnyRepresentation[]> {
  update: Updates<Prov>;
}

/** A module declaration (B-Human MODULE(...)): what it needs, what it provides, its parameters. */
export interface ModuleDefinition<
  Req extends readonly AnyRepresentation[] = readonly AnyRepresentation[],
  Use extends readonly AnyRepresentation[] = readonly AnyRepresentation[],
  Prov extends readonly AnyRepresentation[] = readonly AnyRepresentation[],
  P = unknown,
> {
  readonly name: string;
  /** Category folder (Perception, Modeling, …), for listings. */
  readonly category: string;
  /** Representations that must be updated before this module runs (same frame). */
  readonly requires: Req;
  /** Representations read possibly stale (no ordering constraint). */
  readonly uses: Use;
  /** Representations this module can provide (chosen per thread in threads.cfg). */
  readonly provides: Prov;
  /** Subset of `provides` that is not MODIFY-able (B-Human PROVIDES_WITHOUT_MODIFY). */
  readonly providesWithoutModify: readonly string[];
  /** Parameter type, or undefined when the module has none. */
  readonly parameters?: ClassType<P> & TypeRef<P>;
  /** True: parameters are loaded from `<lowerCamelName>.cfg` on the search path (LOADS_PARAMETERS). */
  readonly loadsParameters: boolean;
  /** The file its parameters are loaded from: `<lowerCamelName>.cfg` unless the spec names another. */
  readonly parameterFile: string;
  /** Checks of loaded parameters beyond their types; the loader reports each problem at its line in the file. */
  readonly checkParameters?: (value: P) => readonly ParameterProblem[];
  /** True: the module keeps nothing between frames (ModuleSpec.stateless). */
  readonly stateless: boolean;
  create(context: ModuleContext<[...Req, ...Use], P>): ModuleInstance<Prov>;
}

/** The static part of a module declaration. */
export interface ModuleSpec {
  name: string;
  /** Category folder (Perception, Modeling, …). */
  category: string;
  requires?: readonly AnyRepresentation[];
  uses?: readonly AnyRepresentation[];
  provides: readonly AnyRepresentation[];
  /** Names (from `provides`) that are provided without MODIFY. */
  providesWithoutModify?: readonly string[];
  /**
   * DEFINES_PARAMETERS (defaults in code) or, with `loadsParameters`, LOADS_PARAMETERS: a class made by
   * `defineParameters`, each field with a doc.
   */
  parameters?: ClassType<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  loadsParameters?: boolean;
  /**
   * The parameter file's name when it is not `<lowerCamelName>.cfg`: a module that provides a representation from
   * its configuration file reads the representation's file, as B-Human's ConfigurationDataProvider reads
   * `cameraCalibration.cfg` for CameraCalibration.
   */
  parameterFile?: string;
  /** Checks of loaded parameters beyond their types (durations, ranges, …), each problem at a value path. */
  checkParameters?: (value: any) => readonly ParameterProblem[]; // eslint-disable-line @typescript-eslint/no-explicit-any
  /**
   * Declares that the module keeps nothing between frames besides caches of this frame's work: replay snapshots
   * need nothing of it. A module with state declares it with `keep` instead; a module that does neither cannot be
   * snapshotted, and a seek in a replay that runs it replays from the log's first frame.
   */
  stateless?: boolean;
}

/** A problem of a module's loaded parameters: the value's path (`walk.keyframes[2].duration`) and what is wrong. */
export interface ParameterProblem {
  path: string;
  message: string;
}

type ReqOf<S extends ModuleSpec> = S['requires'] extends readonly AnyRepresentation[] ? S['requires'] : [];
type UseOf<S extends ModuleSpec> = S['uses'] extends readonly AnyRepresentation[] ? S['uses'] : [];
type ParamsOf<S extends ModuleSpec> =
  S['parameters'] extends ClassType<any> ? ValueOf<S['parameters']> : Record<never, never>; // eslint-disable-line @typescript-eslint/no-explicit-any

type Create<S extends ModuleSpec> = (
  context: ModuleContext<[...ReqOf<S>, ...UseOf<S>], ParamsOf<S>>,
) => ModuleInstance<S['provides']>;

/**
 * Declares a module: `defineModule({...}).implement(context => ({ update: {...} }))`. The two steps let
 * TypeScript fix the declaration before it types the implementation, so `the.X`, `params` and the update
 * functions are fully typed. `create` makes one instance per thread that runs the module.
 */
export function defineModule<const S extends ModuleSpec>(
  spec: S,
): { implement(create: Create<S>): ModuleDefinition<ReqOf<S>, UseOf<S>, S['provides'], ParamsOf<S>> } {
  return {
    implement: (create) => ({
      name: spec.name,
      category: spec.category,
      requires: (spec.requires ?? []) as ReqOf<S>,
      uses: (spec.uses ?? []) as UseOf<S>,
      provides: spec.provides,
      providesWithoutModify: spec.providesWithoutModify ?? [],
      parameters: spec.parameters as (ClassType<ParamsOf<S>> & TypeRef<ParamsOf<S>>) | undefined,
      loadsParameters: spec.loadsParameters ?? false,
      parameterFile: spec.parameterFile ?? parameterFileName(spec.name),
      checkParameters: spec.checkParameters,
      stateless: spec.stateless ?? false,
      create: create as ModuleDefinition<ReqOf<S>, UseOf<S>, S['provides'], ParamsOf<S>>['create'],
    }),
  };
}

/** B-Human's parameter file name: lower-case first letter, and a leading acronym lower-cased (JPEGImage -> jpegImage). */
export function parameterFileName(moduleName: string): string {
  let i = 0;
  while (i < moduleName.length && moduleName[i]! >= 'A' && moduleName[i]! <= 'Z') i++;
  if (i > 1 && i < moduleName.length) i--; // keep the capital that starts the next word
  return moduleName.slice(0, Math.max(i, 1)).toLowerCase() + moduleName.slice(Math.max(i, 1)) + '.cfg';
}

/** Declares a module's parameters (`<Module>Parameters`), MODIFY-able as `module:<Module>`. */
export function defineParameters<const N extends string, F extends FieldMap>(
  moduleName: N,
  fields: F,
): ClassType<ValuesOf<F>> & TypeRef<ValuesOf<F>> {
  return defineClass(`${moduleName}Parameters`, fields);
}
