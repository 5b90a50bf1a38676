import { defineClass, type ClassType, type FieldMap, type TypeRef, type ValuesOf } from '../protocol/types';
import type { Drawing2D, Drawing3D, DebugContext } from './debug/DebugContext';

/** Read access to a thread's blackboard: the current instance of a representation, undefined when it is not there. */
export interface BlackboardReader {
  get(name: string): unknown;
}

/** Behaviour a representation may attach to its data (B-Human's draw() and verify()). */
export interface RepresentationHooks<V> {
  /**
   * Draws the representation. Called after every update by its provider; the drawing calls only do work while
   * a debug request for them is active. Use `debug.drawing(...)`/`debug.drawing3d(...)`/`debug.plot(...)`.
   * `blackboard` is the drawing thread's blackboard, for drawings that depend on other representations there (as
   * B-Human's draw methods look them up); it is absent where a representation is drawn outside a thread.
   */
  draw?(value: Readonly<V>, debug: DebugContext, blackboard?: BlackboardReader): void;
  /** Checks invariants after every update; returns a message describing the violation, or nothing. */
  verify?(value: Readonly<V>): string | undefined | void;
}

/** A representation: a streamable class that lives on a blackboard and is provided by a module. */
export type Representation<V = unknown, N extends string = string> = ClassType<V, N> &
  TypeRef<V> & {
    readonly hooks: RepresentationHooks<V>;
  };

/** Declares a representation (a STREAMABLE with optional draw/verify). */
export function defineRepresentation<const N extends string, F extends FieldMap>(
  name: N,
  fields: F,
  options: RepresentationHooks<ValuesOf<F>> & { doc?: string } = {},
): Representation<ValuesOf<F>, N> {
  const type = defineClass(name, fields, { doc: options.doc });
  return Object.assign(type, { hooks: { draw: options.draw, verify: options.verify } }) as Representation<
    ValuesOf<F>,
    N
  >;
}

export type { Drawing2D, Drawing3D };
