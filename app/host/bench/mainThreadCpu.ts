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
