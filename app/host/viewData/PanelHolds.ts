/**
 * @file What the IDE's open panels hold on each robot, counted over every connection (browser tabs and the
 * Electron window share the robots). A view's subscription holds what it needs (a debug request, a console view);
 * the first hold acquires it, and it is released a moment after the last hold ends, so a panel that is only moved
 * in the layout (unmounted and mounted again) does not switch requests off and on.
 */
import type { Unsubscribe } from '@robot-runtime/core/events/Emitter';

/** How long a released hold waits before it lets go (ms). */
export const RELEASE_DELAY_MS = 1000;

interface Hold {
  count: number;
  release: (() => void) | undefined;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/** Reference counts of held things; one instance per host session. */
export class PanelHolds {
  private readonly holds = new Map<string, Hold>();
  private readonly ids = new WeakMap<object, number>();
  private nextId = 1;

  constructor(private readonly releaseDelayMs = RELEASE_DELAY_MS) {}

  /** A key for `what` of `owner` (a robot console: a reset simulation's new consoles get new keys). */
  keyOf(owner: object, what: string): string {
    let id = this.ids.get(owner);
    if (id === undefined) this.ids.set(owner, (id = this.nextId++));
    return `${id}\u0000${what}`;
  }

  /** Holds `key`: the first holder runs `acquire`, which returns how to release it. Returns this holder's release. */
  hold(key: string, acquire: () => () => void): Unsubscribe {
    let hold = this.holds.get(key);
    if (!hold) this.holds.set(key, (hold = { count: 0, release: undefined, timer: undefined }));
    hold.count++;
    if (hold.timer !== undefined) {
      clearTimeout(hold.timer);
      hold.timer = undefined;
    }
    hold.release ??= acquire();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.releaseOne(key);
    };
  }

  private releaseOne(key: string): void {
    const hold = this.holds.get(key);
    if (!hold || --hold.count > 0) return;
    const letGo = (): void => {
      this.holds.delete(key);
      hold.release?.();
    };
    if (this.releaseDelayMs <= 0) return letGo();
    hold.timer = setTimeout(letGo, this.releaseDelayMs);
    (hold.timer as { unref?: () => void }).unref?.();
  }
}
