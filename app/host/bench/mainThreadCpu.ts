// CPU time of the main thread alone, of each thread of another process, and of this process's children.
// process.cpuUsage() also counts V8's helper threads (concurrent compiler, parallel GC), which run on the machine's
// other core and would hide what one core achieves; Linux reports each thread's time in /proc (in clock ticks of
// 10 ms, fine for windows of seconds). Elsewhere mainThreadCpuMs falls back to the process time.
import fs from 'node:fs';

/** USER_HZ: Linux reports thread times in 1/100 s on every common architecture. */
const TICKS_PER_SECOND = 100;

/** The fields of a /proc `stat` line after the parenthesised command name (state is [0], utime [11]). */
function statFields(file: string): string[] {
  const stat = fs.readFileSync(file, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** Milliseconds of ticks `a` + `b` (two fields of a stat line). */
const ticksMs = (a: string | undefined, b: string | undefined): number =>
  ((Number(a) + Number(b)) * 1000) / TICKS_PER_SECOND;

/** Milliseconds of CPU the main thread has used so far. */
export function mainThreadCpuMs(): number {
  try {
    // utime is field 14 and stime 15.
    const fields = statFields(`/proc/${process.pid}/task/${process.pid}/stat`);
    return ticksMs(fields[11], fields[12]);
  } catch {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  }
}

/**
 * Milliseconds of CPU each thread of process `pid` has used so far, by thread id (the main thread's id is `pid`):
 * whether a worker process of the local pool keeps to one core. Empty once the process has gone, and off Linux.
 */
export function threadsCpuMs(pid: number): Map<number, number> {
  const threads = new Map<number, number>();
  let tids: string[];
  try {
    tids = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return threads;
  }
  for (const tid of tids) {
    try {
      const fields = statFields(`/proc/${pid}/task/${tid}/stat`);
      threads.set(Number(tid), ticksMs(fields[11], fields[12]));
    } catch {
      // The thread ended between the listing and the read: its time is in the process's, not needed here.
    }
  }
  return threads;
}

/**
 * Milliseconds of CPU this process's child processes used, counted once they have exited and been waited for
 * (Linux; undefined elsewhere): the local pool's worker processes, whose CPU per run and cores kept busy tell
 * whether one worker already uses more than one core.
 */
export function childrenCpuMs(): number | undefined {
  try {
    // cutime is field 16 and cstime 17.
    const fields = statFields(`/proc/${process.pid}/stat`);
    return ticksMs(fields[13], fields[14]);
  } catch {
    return undefined;
  }
}
