/** @file The calling thread's scheduling as the kernel reports it (threadPriority.test.ts and its probe worker). */
import { readFileSync } from 'node:fs';

/** The fields of /proc/thread-self/stat after the parenthesised command name (field 3 is index 0). */
function statFields(): string[] {
  const stat = readFileSync('/proc/thread-self/stat', 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** The nice value (field 19). */
export function ownNiceValue(): number {
  return Number(statFields()[16]);
}

/** The scheduling policy (field 41): 0 normal, 1 FIFO, 2 round robin. */
export function ownSchedulingPolicy(): number {
  return Number(statFields()[38]);
}
