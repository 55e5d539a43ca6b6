import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second in /proc's CPU times (USER_HZ: 100 on Linux). */
const TICKS = 100;

/** The fields after a /proc/<pid>/stat line's command name (which may hold spaces). */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds (user + system) used so far by `pid` and every process below it, from /proc
 * (Linux). Children that exited are not counted (the bench's processes keep theirs alive:
 * server instances, nginx workers, PostgreSQL backends of pooled connections).
 */
export function treeCpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return 0;
  const parent = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    // After the name: state, ppid, … utime is the 14th field of the line, stime the 15th.
    if (!fields) continue;
    parent.set(Number(entry), Number(fields[1]));
    ticks.set(Number(entry), Number(fields[11]) + Number(fields[12]));
  }
  let total = 0;
  for (const [candidate, used] of ticks) {
    for (let at: number | undefined = candidate; at !== undefined && at > 1; at = parent.get(at))
      if (at === pid) {
        total += used;
        break;
      }
  }
  return total / TICKS;
}

/** The PostgreSQL server listening on `port` (its postmaster's pid), found by its command line. */
export function postmasterPid(port: string): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (!/postgres$/.test(args[0] ?? '')) continue;
      const at = args.indexOf('-p');
      if (at >= 0 && args[at + 1] === port) return Number(entry);
    } catch {
      // Gone since the directory was read.
    }
  }
  return undefined;
}

/** The whole machine's busy CPU seconds so far (everything running on it, not only the bench). */
export function machineBusySeconds(): number {
  const [, ...times] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = times.map(Number);
  return (user + nice + system + irq + softirq + steal) / TICKS;
}
