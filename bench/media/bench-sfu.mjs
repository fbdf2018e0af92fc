// The embedded SFU alone in a child process (bench/media/sfu-server.mjs) for the forwarding and channel benchmarks:
// built first, profiled with BENCH_CPU_PROF, and room tokens minted with its key.
import { spawnSync } from 'node:child_process';
import { AccessToken } from 'livekit-server-sdk';
import { startChild } from '../fanout/child.mjs';

const API_KEY = 'APIbench';
const API_SECRET = 'bench-secret-with-enough-length-for-hs256';

/** @typedef {{ cpu: NodeJS.CpuUsage, forwardedPackets: number, participants: number, loopMs: { p50: number, p99: number, max: number } }} Mark */

/**
 * Builds the SFU and the app server's token code it uses, then starts it on `port` with one room worker. `mark()`
 * reads its CPU, forwarded packets and event-loop delay; `token(identity, room)` lets a bot into a room.
 * @param {number} port
 */
export async function startBenchSfu(port) {
  const build = spawnSync('npx', ['tsc', '-b', 'apps/server'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('tsc -b apps/server failed');
  const profile = process.env.BENCH_CPU_PROF;
  const nodeArgs = profile === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${profile}`];
  const child = await startChild('bench/media/sfu-server.mjs', [String(port), API_KEY, API_SECRET, '1'], nodeArgs);
  return {
    url: `ws://127.0.0.1:${port}`,
    mark: async () => /** @type {Mark} */ (await child.request('mark')),
    /** @param {string} identity @param {string} room */
    token(identity, room) {
      const accessToken = new AccessToken(API_KEY, API_SECRET, { identity, name: identity });
      accessToken.addGrant({ roomJoin: true, room, canPublish: true, canSubscribe: true });
      return accessToken.toJwt();
    },
    /** Graceful when profiling, so the CPU profile is written. */
    stop: () => child.kill(profile !== undefined),
  };
}

/** CPU time between two marks, in ms. @param {Mark} from @param {Mark} to */
export function cpuMsBetween(from, to) {
  return (to.cpu.user - from.cpu.user + to.cpu.system - from.cpu.system) / 1000;
}
