import type { AnyType, ValueBox } from '../types/TypeRef';

/**
 * The descriptor parameter of the typed config functions: any `TypeRef<V>` fits, and unlike `TypeRef<V>` itself
 * TypeScript infers `V` from it for `defineClass` results (whose types are intersections), so callers get typed
 * values without spelling out `V`.
 */
export type Described<V> = AnyType & { readonly __value?: ValueBox<V> };
