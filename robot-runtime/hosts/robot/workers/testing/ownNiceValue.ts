/** @file The calling thread's nice value (threadPriority.test.ts and its probe worker). */
import { readFileSync } from 'node:fs';

/** Field 19 of /proc/thread-self/stat (counted after the parenthesised command name). */
export function ownNiceValue(): number {
  const stat = readFileSync('/proc/thread-self/stat', 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}
