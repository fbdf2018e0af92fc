// Where a phase's CPU went on this machine: the server process, every PostgreSQL process (backends, WAL writer,
// checkpointer: commit costs show there) and this load generator. On 2 shared cores their sum is what caps
// throughput, so the split says which side an optimisation has to come from.
import { readdirSync, readFileSync } from 'node:fs';

/** User + system CPU of one process in ms (Linux /proc; clock ticks of 10 ms), or undefined when it is gone. */
export function procCpuMs(/** @type {string | number} */ pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name; utime and stime are the 14th and 15th fields.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** Every process whose command is `postgres`, by pid → CPU ms (backends come and go; each is counted by pid). */
function postgresCpu() {
  /** @type {Map<string, number>} */
  const byPid = new Map();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    const ms = procCpuMs(pid);
    if (ms !== undefined) byPid.set(pid, ms);
  }
  return byPid;
}

/** @typedef {{ serverMs: number, postgresMs: number, benchMs: number }} CpuSplit */

/**
 * Starts a CPU account; `stop()` returns what each side used since, in ms. A backend that exits in between loses
 * its last ticks (none do here: the server's pool keeps its connections).
 * @param {number | undefined} serverPid
 */
export function startCpuAccount(serverPid) {
  const server = procCpuMs(serverPid ?? -1) ?? Number.NaN;
  const postgres = postgresCpu();
  const bench = process.cpuUsage();
  return {
    /** @returns {CpuSplit} */
    stop() {
      let postgresMs = 0;
      for (const [pid, ms] of postgresCpu()) postgresMs += ms - (postgres.get(pid) ?? 0);
      const used = process.cpuUsage(bench);
      return {
        serverMs: (procCpuMs(serverPid ?? -1) ?? Number.NaN) - server,
        postgresMs,
        benchMs: (used.user + used.system) / 1000,
      };
    },
  };
}
