// CPU time of the main thread alone. process.cpuUsage() also counts V8's helper threads (concurrent compiler,
// parallel GC), which run on the machine's other core and would hide what one core achieves; Linux reports each
// thread's time in /proc (in clock ticks of 10 ms, fine for windows of seconds). Elsewhere it falls back to the
// process time.
import fs from 'node:fs';

const STAT = `/proc/${process.pid}/task/${process.pid}/stat`;
/** USER_HZ: Linux reports thread times in 1/100 s on every common architecture. */
const TICKS_PER_SECOND = 100;

/** Milliseconds of CPU the main thread has used so far. */
export function mainThreadCpuMs(): number {
  try {
    const stat = fs.readFileSync(STAT, 'utf8');
    // Fields after the parenthesised command name: state is field 3, utime 14 and stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  }
}

/**
 * Milliseconds of CPU this process's child processes used, counted once they have exited and been waited for
 * (Linux; undefined elsewhere): the local pool's worker processes, whose CPU per run and cores kept busy tell
 * whether one worker already uses more than one core.
 */
export function childrenCpuMs(): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${process.pid}/stat`, 'utf8');
    // cutime is field 16 and cstime 17.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}
