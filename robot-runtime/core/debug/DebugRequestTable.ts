import { RequestNames } from '../../protocol/debugMessages/requestNames';

/** Debug requests one thread may have switched on at once; more are refused (a console switches on dozens). */
export const MAX_ACTIVE_REQUESTS = 4096;

/**
 * Longest request (and debug data) name a thread or the hub accepts, in UTF-16 units. Real names are far shorter
 * (`debug data:module:…:parameters`); the bound keeps 4096 remembered names under 8 MiB per table.
 */
export const MAX_REQUEST_NAME_LENGTH = 1024;

/** How many frames a thread keeps announcing newly encountered request names after a `poll`. */
export const POLL_FRAMES = 3;

/**
 * One thread's debug request switches (B-Human's DebugRequestTable): which requests are on, and the polling
 * state that lets the console discover every request name the thread's code reaches.
 */
export class DebugRequestTable {
  private readonly active = new Set<string>();
  private readonly polled = new Set<string>();
  /** The names the last polling phase that saw any announced: what a thread that does not run would announce. */
  private lastPolled: ReadonlySet<string> = new Set();
  /** Frames of the current polling phase still to run; 0 when not polling. */
  pollCounter = 0;

  /**
   * Applies an incoming idDebugRequest; `poll` and `disableAll` are commands, every other name a switch. Returns
   * false when the request was refused because MAX_ACTIVE_REQUESTS are on already or its name is longer than
   * MAX_REQUEST_NAME_LENGTH.
   */
  apply(name: string, enable: boolean): boolean {
    if (name.length > MAX_REQUEST_NAME_LENGTH) return false;
    if (name === RequestNames.poll) {
      this.pollCounter = POLL_FRAMES;
      if (this.polled.size > 0) this.lastPolled = new Set(this.polled);
      this.polled.clear();
    } else if (name === RequestNames.disableAll) this.active.clear();
    else if (!enable) this.active.delete(name);
    else if (this.active.size >= MAX_ACTIVE_REQUESTS && !this.active.has(name)) return false;
    else this.active.add(name);
    return true;
  }

  /** Requests switched on. */
  get activeCount(): number {
    return this.active.size;
  }

  /** Whether `name` is on (never announces it). */
  isActive(name: string): boolean {
    return this.active.has(name);
  }

  /** True when neither any request is on nor polling runs: callers can skip building request names at all. */
  get idle(): boolean {
    return this.pollCounter === 0 && this.active.size === 0;
  }

  /** Switches `name` off (respond-once requests after they fired). */
  disable(name: string): void {
    this.active.delete(name);
  }

  /** During polling: true the first time `name` is seen in this polling phase, so the caller announces it once. */
  notYetPolled(name: string): boolean {
    if (this.pollCounter === 0 || this.polled.has(name)) return false;
    this.polled.add(name);
    return true;
  }

  /**
   * Ends a polling phase without running the thread (its simulation is paused): the names to announce are those
   * the last phase found, as the code that would run is the same. Undefined when no polling phase runs.
   */
  finishPollingIdle(): string[] | undefined {
    if (this.pollCounter === 0) return undefined;
    this.pollCounter = 0;
    const names = [...this.lastPolled].filter((n) => !this.polled.has(n));
    for (const n of names) this.polled.add(n);
    return names;
  }

  /** Counts a polling frame down; true when this frame ended the polling phase (send `pollingFinished`). */
  endFrame(): boolean {
    if (this.pollCounter === 0) return false;
    this.pollCounter--;
    return this.pollCounter === 0;
  }
}
