// CPU over one phase of the media-load benchmark, as shares of one core (100 = one core busy all the time): the
// server process (all its threads: HTTP and realtime on the main thread, the SFU's worker threads, libuv and GC),
// its main thread alone, PostgreSQL, the bots' process, this bench process, and the whole machine. The server is a
// child process, so its process.cpuUsage() is out of reach: /proc/<pid>/stat (utime + stime, every thread) and
// /proc/<pid>/task/<pid>/stat (the main thread) are read instead.
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { procCpuMs, startCpuAccount } from '../messages/cpu.mjs';

/** Busy and total jiffies of the whole machine (first line of /proc/stat), for the share of all cores in use. */
function machineTicks() {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  // idle and iowait are the 4th and 5th numbers.
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

/** @param {number} x */
const round1 = (x) => Math.round(x * 10) / 10;

/**
 * @param {{ serverPid: number | undefined, botsPid?: number | undefined }} pids
 */
export function startCpuPhase({ serverPid, botsPid }) {
  const start = performance.now();
  const split = startCpuAccount(serverPid);
  const mainThread = `${serverPid}/task/${serverPid}`;
  const main0 = procCpuMs(mainThread) ?? Number.NaN;
  const bots0 = botsPid === undefined ? 0 : (procCpuMs(botsPid) ?? Number.NaN);
  const machine0 = machineTicks();
  return {
    stop() {
      const ms = performance.now() - start;
      const used = split.stop();
      const machine1 = machineTicks();
      const share = (/** @type {number} */ cpuMs) => round1((cpuMs / ms) * 100);
      const botsMs = botsPid === undefined ? 0 : (procCpuMs(botsPid) ?? Number.NaN) - bots0;
      const cores = cpus().length;
      // Of all cores together: 100 = every core busy, other work on the machine included.
      const machineBusyPct = ((machine1.busy - machine0.busy) / (machine1.total - machine0.total)) * 100;
      const oursMs = used.serverMs + used.postgresMs + botsMs + used.benchMs;
      return {
        seconds: round1(ms / 1000),
        serverPct: share(used.serverMs),
        serverMainThreadPct: share((procCpuMs(mainThread) ?? Number.NaN) - main0),
        postgresPct: share(used.postgresMs),
        botsPct: share(botsMs),
        benchPct: share(used.benchMs),
        machineBusyPct: round1(machineBusyPct),
        // Everything else that ran meanwhile (other people's tests on a shared machine), in shares of one core.
        othersPct: round1(Math.max(0, machineBusyPct * cores - (oursMs / ms) * 100)),
        cores,
      };
    },
  };
}

/** @typedef {ReturnType<ReturnType<typeof startCpuPhase>['stop']>} CpuPhase */
