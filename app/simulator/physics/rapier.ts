/**
 * The physics engine (Rapier, compiled to WebAssembly). It must be initialised once per process before a
 * PhysicsWorld is created; `initPhysics` shares one initialisation between all callers.
 */
import RAPIER from '@dimforge/rapier3d-compat';

let ready: Promise<void> | undefined;

/** Loads Rapier's WebAssembly module (about 80 ms, once per process). */
export function initPhysics(): Promise<void> {
  ready ??= RAPIER.init();
  return ready;
}

export { RAPIER };
