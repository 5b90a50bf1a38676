/**
 * @file The debug requests a robot announced while being polled, per thread. The console shows and accepts the
 * translated form (`debugDrawing:x`), the robot needs the original (`debug drawing:x`), so both are kept.
 */
import { translateRequestName } from '@robot-runtime/protocol/debugMessages/requestNames';
import { matchesPattern } from '@robot-runtime/core/module/moduleRequestCommand';
import { IGNORE_LIMIT, NameCap, type LimitReport } from './NameCap';

/** Requests a console keeps per robot (B-Human announces about a thousand; the robot keeps 4096 per thread). */
export const MAX_REQUESTS = 16_384;

/** One announced request. */
export interface KnownRequest {
  /** The robot's name, sent on the wire. */
  readonly name: string;
  /** The console's name. */
  readonly translated: string;
  /** Threads that announced it, in announcement order. */
  readonly threads: string[];
  /** Threads in which it is on (as announced, then as switched by this console). */
  readonly enabledIn: Set<string>;
}

/** The request table of one robot. */
export class RequestTable {
  private readonly byTranslated = new Map<string, KnownRequest>();
  private readonly cap: NameCap;

  constructor(report: LimitReport = IGNORE_LIMIT) {
    this.cap = new NameCap('debug requests', MAX_REQUESTS, report);
  }

  /** Records that `thread` knows request `name` (untranslated) and whether it is on. */
  announce(thread: string, name: string, enabled: boolean): void {
    const translated = translateRequestName(name);
    let request = this.byTranslated.get(translated);
    if (!request) {
      if (!this.cap.admits(this.byTranslated, translated)) return;
      request = { name, translated, threads: [], enabledIn: new Set() };
      this.byTranslated.set(translated, request);
    }
    if (!request.threads.includes(thread)) request.threads.push(thread);
    if (enabled) request.enabledIn.add(thread);
    else request.enabledIn.delete(thread);
  }

  /** Forgets everything (before a new poll). */
  clear(): void {
    this.byTranslated.clear();
  }

  /** Number of known requests. */
  get size(): number {
    return this.byTranslated.size;
  }

  /** The request with console name `translated`, if announced. */
  get(translated: string): KnownRequest | undefined {
    return this.byTranslated.get(translated);
  }

  /** Every request, sorted by console name. */
  all(): KnownRequest[] {
    return [...this.byTranslated.values()].sort((a, b) => compareNames(a.translated, b.translated));
  }

  /** Console names matching a case-insensitive pattern, sorted. */
  list(pattern?: string): string[] {
    return this.all()
      .map((r) => r.translated)
      .filter((n) => matchesPattern(n, pattern));
  }

  /**
   * Requests whose console name starts with `prefix` (e.g. `debugData:`), as the part after the prefix, sorted;
   * `threads` restricts to requests announced by one of them.
   */
  withPrefix(prefix: string, threads?: readonly string[]): { key: string; request: KnownRequest }[] {
    return this.all()
      .filter((r) => r.translated.startsWith(prefix) && (!threads || r.threads.some((t) => threads.includes(t))))
      .map((request) => ({ key: request.translated.slice(prefix.length), request }));
  }

  /** Records a switch this console sent (`threads` undefined: all threads that know it). */
  setEnabled(translated: string, enabled: boolean, threads?: readonly string[]): void {
    const request = this.byTranslated.get(translated);
    if (!request) return;
    for (const t of threads ?? request.threads) {
      if (enabled) request.enabledIn.add(t);
      else request.enabledIn.delete(t);
    }
  }

  /** After `disableAll`: nothing is on. */
  disableAll(): void {
    for (const r of this.byTranslated.values()) r.enabledIn.clear();
  }
}

/** Case-insensitive order with a case-sensitive tie-break, so listings are stable and read naturally. */
export function compareNames(a: string, b: string): number {
  const la = a.toLowerCase();
  const lb = b.toLowerCase();
  if (la !== lb) return la < lb ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
