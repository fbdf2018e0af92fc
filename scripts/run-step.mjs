import { spawn, spawnSync } from 'node:child_process';

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

/**
 * Runs single-threaded commands side by side (tsc and eslint each use one core of the two), each one's output held
 * back and printed whole when it ends, so the log reads as if they had run one after the other.
 * @param {{ name: string, command: string, args: string[] }[]} commands
 * @param {(text: string) => void} [print]
 * @returns {Promise<{ name: string, ok: boolean, seconds: number }[]>}
 */
export function runTogether(commands, print = (text) => process.stdout.write(text)) {
  return Promise.all(
    commands.map(
      ({ name, command, args }) =>
        new Promise((resolve) => {
          const started = performance.now();
          /** @type {Buffer[]} */
          const output = [];
          const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          let finished = false;
          // A command that cannot start emits 'error' and may still emit 'close': report it once.
          const finish = (/** @type {boolean} */ ok) => {
            if (finished) return;
            finished = true;
            print(`\n▶ ${name}\n${Buffer.concat(output).toString('utf8')}`);
            resolve({ name, ok, seconds: (performance.now() - started) / 1000 });
          };
          child.on('error', (error) => {
            output.push(Buffer.from(`${error.message}\n`));
            finish(false);
          });
          child.on('close', (code) => finish(code === 0));
        }),
    ),
  );
}
