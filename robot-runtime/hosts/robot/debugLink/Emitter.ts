/** Listener signatures by event name. */
export type EventMap = Record<string, (...args: never[]) => void>;

/**
 * A minimal typed event emitter. Unlike Node's EventEmitter it never throws for an unheard 'error' event, and a
 * listener that throws is isolated (reported to `onListenerError`) so a bug in one consumer cannot break a socket
 * handler and take the link down.
 */
export class Emitter<Events extends EventMap> {
  private readonly listeners = new Map<keyof Events, Set<Events[keyof Events]>>();

  constructor(private readonly onListenerError: (error: unknown, event: keyof Events) => void = () => {}) {}

  /** Adds a listener; returns a function that removes it. */
  on<K extends keyof Events>(event: K, listener: Events[K]): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Calls every listener of `event` with `args`. */
  emit<K extends keyof Events>(event: K, ...args: Parameters<Events[K]>): void {
    const set = this.listeners.get(event);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        (listener as (...a: Parameters<Events[K]>) => void)(...args);
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
