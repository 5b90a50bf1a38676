/**
 * @file The project's one typed event emitter (environment-neutral: no Node events, no DOM EventTarget). Unlike
 * Node's EventEmitter it never throws for an unheard 'error' event, and a listener that throws is isolated
 * (reported to `onListenerError`), so a bug in one consumer cannot break a socket handler or stop the console
 * from delivering to the other views.
 */

/** Unsubscribes a listener. */
export type Unsubscribe = () => void;

/** Emits events whose payload types are given by `Events` (event name -> payload). */
export class Emitter<Events extends object> {
  private readonly listeners = new Map<keyof Events, Set<(payload: never) => void>>();

  /** `onListenerError` hears what a listener threw (default: nothing; hosts decide where it goes). */
  constructor(private readonly onListenerError: (error: unknown, event: keyof Events) => void = () => {}) {}

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

  /** Calls every listener of `event`; what one throws is reported to `onListenerError` and the rest still run. */
  emit<K extends keyof Events>(event: K, payload: Events[K]): void {
    const set = this.listeners.get(event);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        (listener as (p: Events[K]) => void)(payload);
      } catch (error) {
        try {
          this.onListenerError(error, event);
        } catch {
          // The error reporter itself failed; nothing sensible is left to do without risking the event loop.
        }
      }
    }
  }
}
