// The orchestrator's side of a child process: spawn, wait until ready, request with a deadline, kill.
import { spawn } from 'node:child_process';

/** Every child ever spawned, so that an exit of the orchestrator (even by an exception) takes them along. */
const live = new Set();
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});
// Ctrl-C or a kill of `npm run bench` must end it through 'exit' too (the default handlers skip it).
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.once(signal, () => process.exit(130));

/**
 * @typedef {{
 *   ready: Record<string, unknown>,
 *   request: (cmd: string, args?: Record<string, unknown>, timeoutMs?: number) => Promise<unknown>,
 *   kill: (graceful?: boolean) => Promise<void>,
 * }} Child
 */

/**
 * Starts `node [nodeArgs] script [args]` under a shell that first raises the soft limit on open files to the hard
 * one (10,000 sockets need more than the usual 1,024); `exec` keeps the IPC channel, which is an inherited fd.
 * @param {string} script
 * @param {string[]} args
 * @param {string[]} nodeArgs
 * @param {string[]} launcher a command that runs node for us (`chrt --idle 0`): every thread the child ever makes
 *   inherits what it sets, which a setpriority() on the running child's pid (its main thread only) does not do
 * @returns {Promise<Child>}
 */
export async function startChild(script, args, nodeArgs = [], launcher = []) {
  const child = spawn(
    'sh',
    [
      '-c',
      'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$@"',
      'sh',
      ...launcher,
      process.execPath,
      ...nodeArgs,
      script,
      ...args,
    ],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'advanced' },
  );
  live.add(child);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  exited.then(() => live.delete(child));
  let nextId = 1;
  /** @type {Map<number, { resolve: (value: unknown) => void, reject: (error: Error) => void }>} */
  const pending = new Map();
  /** @type {(value: Record<string, unknown>) => void} */
  let onReady = () => undefined;
  const ready = new Promise((resolve) => {
    onReady = resolve;
  });
  child.on('message', (raw) => {
    const message = /** @type {{ id?: number, ok?: boolean, result?: unknown, error?: string, ready?: boolean }} */ (
      raw
    );
    if (message.ready === true) return onReady(message);
    const waiting = message.id === undefined ? undefined : pending.get(message.id);
    if (waiting === undefined) return;
    pending.delete(/** @type {number} */ (message.id));
    if (message.ok === true) waiting.resolve(message.result);
    else waiting.reject(new Error(message.error));
  });
  exited.then((code) => {
    for (const waiting of pending.values()) waiting.reject(new Error(`${script} exited (${String(code)})`));
    pending.clear();
  });

  const failedToStart = exited.then((code) => Promise.reject(new Error(`${script} exited (${String(code)}) early`)));
  const readyMessage = await deadline(Promise.race([ready, failedToStart]), 60_000, `${script} start`).catch(
    (/** @type {unknown} */ error) => {
      child.kill('SIGKILL');
      throw error;
    },
  );
  failedToStart.catch(() => undefined);

  /** @type {Child['request']} */
  const request = (cmd, args = {}, timeoutMs = 60_000) => {
    const id = nextId++;
    const reply = new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      child.send({ id, cmd, args });
    });
    return deadline(reply, timeoutMs, `${script} ${cmd}`);
  };

  return {
    ready: /** @type {Record<string, unknown>} */ (readyMessage),
    request,
    async kill(graceful = false) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // Graceful first when asked (a profile to write), within a few seconds; SIGKILL in any case after.
      if (graceful) await request('exit', {}, 5_000).catch(() => undefined);
      if (graceful) await deadline(exited, 5_000, `${script} exit`).catch(() => undefined);
      child.kill('SIGKILL');
      await deadline(exited, 10_000, `${script} kill`).catch(() => undefined);
    },
  };
}

/**
 * @template T
 * @param {Promise<T>} promise
 * @param {number} ms
 * @param {string} what
 * @returns {Promise<T>}
 */
export function deadline(promise, ms, what) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const timeout = new Promise((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return /** @type {Promise<T>} */ (Promise.race([promise, timeout]).finally(() => clearTimeout(timer)));
}
