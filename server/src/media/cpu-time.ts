import { readFileSync } from 'node:fs';

/** Linux reports process times in USER_HZ ticks, 100 a second on every architecture. */
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds (user and system) a running process has used, from /proc; null where there is no
 * /proc (macOS) or the process is gone.
 */
export function cpuSecondsOf(pid: number): number | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The name in parentheses may hold spaces; utime and stime are the 12th and 13th fields after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? ticks / TICKS_PER_SECOND : null;
}
