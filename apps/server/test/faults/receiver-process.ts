import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { nodeArgsFor, REPO_ROOT } from './child-node.js';
import { killOnCleanup, onCleanup } from './cleanup.js';
import {
  type FromReceiver,
  fromReceiverSchema,
  type ReceiverConfig,
  type ReceiverReport,
} from './receiver-messages.js';

export interface Receiver {
  /** What it has received so far (waits for a resync in progress). */
  report(): Promise<ReceiverReport>;
  /** SIGSTOP: the process freezes, its socket stays open and unanswered. */
  pause(): void;
  /** SIGCONT. */
  resume(): void;
  close(): Promise<void>;
}

/** Starts receiver-entry.ts in a child process; resolves once its subscription is live. */
export async function startReceiver(config: ReceiverConfig): Promise<Receiver> {
  const dir = mkdtempSync(path.join(tmpdir(), 'beseda-faults-receiver-'));
  const removeDir = onCleanup(`rm -rf '${dir}'`);
  const logFile = path.join(dir, 'receiver.log');
  const child = spawn(process.execPath, nodeArgsFor('./receiver-entry.ts'), {
    cwd: REPO_ROOT,
    env: { ...process.env, FAULTS_RECEIVER: JSON.stringify(config) },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  killOnCleanup(child);
  const log = createWriteStream(logFile);
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  function next(type: FromReceiver['type'], timeoutMs: number): Promise<FromReceiver> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        child.off('message', onMessage);
        reject(new Error(`the receiver sent no ${type} within ${timeoutMs} ms (see ${logFile})`));
      }, timeoutMs);
      const onMessage = (raw: unknown) => {
        const message = fromReceiverSchema.parse(raw);
        if (message.type !== type) return;
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve(message);
      };
      child.on('message', onMessage);
    });
  }

  await next('ready', 30_000);
  return {
    async report() {
      const answer = next('report', 60_000);
      child.send({ type: 'report' });
      const message = await answer;
      if (message.type !== 'report') throw new Error(`expected a report, got ${message.type}`);
      return message.report;
    },
    pause: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGCONT');
        child.kill('SIGTERM');
        await exited;
      }
      removeDir.run();
    },
  };
}
