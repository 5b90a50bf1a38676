/**
 * @file A minimal typed event emitter (environment-neutral: no Node events, no DOM EventTarget). A listener that
 * throws is isolated, so one broken view can never stop the console from delivering to the others.
 */

/** Unsubscribes a listener. */
export type Unsubscribe = () => void;

/** Emits events whose payload types are given by `Events` (event name -> payload). */
export class Emitter<Events extends object> {
  private readonly listeners = new Map<keyof Events, Set<(payload: never) => void>>();

  /** Adds a listener; returns the function that removes it. */
  on<K extends keyof Events>(event: K, listener: (payload: Events[K]) => void): Unsubscribe {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener as (payload: never) => void);
    return () => set.delete(listener as (payload: never) => void);
  }

  /** True when at least one listener waits for `event` (lets producers skip expensive formatting). */
  has<K extends keyof Events>(event: K): boolean {
    return (this.listeners.get(event)?.size ?? 0) > 0;
  }

  /** Calls every listener of `event`; exceptions are swallowed after being reported to `onListenerError`. */
  emit<K extends keyof Events>(event: K, payload: Events[K]): void {
    const set = this.listeners.get(event);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        (listener as (p: Events[K]) => void)(payload);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  /** Where listener exceptions go; a hook rather than console.error so hosts decide. */
  onListenerError: (error: unknown) => void = () => {};
}
