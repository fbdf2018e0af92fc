import { type ChildProcess, spawn, spawnSync } from 'node:child_process';

/**
 * What the fault suite started (a PostgreSQL cluster, Redis, servers, the receiver) is undone however the test worker
 * ends: by the suite's own close in afterAll, by the 'exit' handler when a failure skips that, and by a detached shell
 * watchdog per entry when the worker itself is killed (SIGKILL runs neither). No cluster or server outlives the run.
 */
export interface Cleanup {
  /** Undoes it now (once). */
  run(): void;
  /** It was undone another way (the process exited by itself): forget it without running the command. */
  dismiss(): void;
}

interface Entry {
  command: string;
  watchdog: ChildProcess;
}

const entries = new Set<Entry>();

process.once('exit', () => {
  for (const entry of entries) undo(entry);
});

/** Registers a shell command that undoes something the suite started. */
export function onCleanup(command: string): Cleanup {
  const watchdog = spawn('sh', ['-c', `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; ${command}`], {
    detached: true,
    stdio: 'ignore',
  });
  watchdog.unref();
  const entry = { command, watchdog };
  entries.add(entry);
  return {
    run: () => {
      if (entries.has(entry)) undo(entry);
    },
    dismiss: () => {
      entries.delete(entry);
      watchdog.kill('SIGKILL');
    },
  };
}

/** A child that must die with the suite; forgotten once it has exited, since its pid may then be reused. */
export function killOnCleanup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  const cleanup = onCleanup(`kill -9 ${child.pid} 2>/dev/null`);
  child.once('exit', () => cleanup.dismiss());
}

function undo(entry: Entry): void {
  entries.delete(entry);
  entry.watchdog.kill('SIGKILL');
  spawnSync('sh', ['-c', entry.command], { stdio: 'ignore', timeout: 20_000 });
}
