/**
 * @file How a bridge channel is declared: one contract per request channel, made of a JSON schema of its request
 * (TypeBox builds it, and derives the request's TypeScript type from it) and the type of its response. The host
 * validates every request against its schema where it enters (the renderer is untrusted); responses come from the
 * host itself, so they are types only. Environment-neutral: the schemas are plain data, the renderer uses the types.
 */
import * as TypeBox from '@sinclair/typebox';
import type { Static, TObject, TSchema, TUnion } from '@sinclair/typebox';

/**
 * The TypeBox builders the bridge's schemas use, taken one by one: TypeBox's own `Type` object holds every builder,
 * so a bundle that imports it (the Electron preload reads the channel names from here) carries them all.
 */
export const Type = {
  Boolean: TypeBox.Boolean,
  Integer: TypeBox.Integer,
  Literal: TypeBox.Literal,
  Number: TypeBox.Number,
  Object: TypeBox.Object,
  Optional: TypeBox.Optional,
  Record: TypeBox.Record,
  String: TypeBox.String,
  Union: TypeBox.Union,
  Unknown: TypeBox.Unknown,
  Unsafe: TypeBox.Unsafe,
};

/** A request channel's contract: the schema its request must satisfy and, as a type only, what it answers. */
export interface RequestContract<S extends TSchema = TSchema, R = unknown> {
  readonly request: S;
  /** Never set: it carries the response's type (responses come from the trusted host and are not validated). */
  readonly response?: R;
}

/** Starts a contract from its request's schema; `.answers<Response>()` names what the channel answers. */
export function takes<S extends TSchema>(request: S): { answers<R>(): RequestContract<S, R> } {
  return { answers: () => ({ request }) };
}

/** The request and response types of every channel of a contract table (what `BridgeRequests` is made of). */
export type ContractTypes<T> = {
  [C in keyof T]: T[C] extends RequestContract<infer S, infer R> ? { request: Static<S>; response: R } : never;
};

/** The channel names of a contract table, in declaration order. */
export function channelsOf<T extends object>(table: T): readonly Extract<keyof T, string>[] {
  const names: Extract<keyof T, string>[] = [];
  for (const name in table) names.push(name);
  return names;
}

/** The request of a channel that takes no arguments (unknown fields are dropped, as everywhere). */
export const NO_FIELDS = Type.Object({});

/**
 * Keyword the host's validator adds: the most characters the value's JSON text may have. For values whose size
 * no other keyword bounds (a saved layout is an object of any shape).
 */
export const MAX_JSON_LENGTH = 'maxJsonLength';

/** A string of at most `maxLength` characters; `options` may ask for a least length or a pattern it must match. */
export function text(maxLength: number, options: { readonly minLength?: number; readonly pattern?: string } = {}) {
  return Type.String({ maxLength, ...options });
}

/** One of a fixed list of strings (a JSON schema `enum`, so an error lists the allowed values). */
export function oneOf<const T extends readonly string[]>(values: T) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values] });
}

/**
 * A union of objects told apart by the string field `tag` (each branch fixes it with `Type.Literal`). Validated as
 * `oneOf` with a discriminator, so only the branch the tag names is checked and unknown fields are dropped from
 * that branch alone.
 */
export function tagged<const T extends TObject[]>(tag: string, branches: [...T]) {
  return Type.Unsafe<Static<TUnion<T>>>({ type: 'object', oneOf: branches, discriminator: { propertyName: tag } });
}
