/**
 * @file A stated maximum for one of a console's per-name tables (announced requests, plot ids, stopwatches, debug
 * images, debug data keys, threads). A robot, or anything speaking its protocol, that announces ever new names
 * must not grow the console without bound: names beyond the maximum are refused and the console says so once.
 */

/** Where a cap reports that it refused a name (the robot's console output). */
export type LimitReport = (text: string) => void;

/** Reports nowhere (stores built outside a console, e.g. in tests of other behaviour). */
export const IGNORE_LIMIT: LimitReport = () => {};

/** The maximum of one table; refuses new names beyond it and reports the first refusal only. */
export class NameCap {
  private reported = false;

  /** `what` names the table's entries in the report, e.g. "plot ids per thread". */
  constructor(
    private readonly what: string,
    readonly max: number,
    private readonly report: LimitReport,
  ) {}

  /** True when `key` may be stored in `table`: it is there already, or there is room for one more. */
  admits<K>(table: { has(key: K): boolean; readonly size: number }, key: K): boolean {
    if (table.size < this.max || table.has(key)) return true;
    if (!this.reported) {
      this.reported = true;
      this.report(`Warning: the robot sent more than ${this.max} ${this.what}; new ones are ignored`);
    }
    return false;
  }
}
