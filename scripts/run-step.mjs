import { spawnSync } from 'node:child_process';

/**
 * Runs one command with inherited output and returns how it went.
 * @param {string} command
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {{ ok: boolean, seconds: number }}
 */
export function runStep(command, args, env = process.env) {
  const started = performance.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  const seconds = (performance.now() - started) / 1000;
  return { ok: result.status === 0, seconds };
}
