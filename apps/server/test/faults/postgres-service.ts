import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { onCleanup } from './cleanup.js';
import { freePort } from './free-port.js';
import { POSTGRES_USER, type FaultTools } from './tools.js';

export interface PostgresService {
  /**
   * A fresh, empty database of this cluster (the server migrates it when it starts), with `settings` as its
   * defaults (`ALTER DATABASE … SET`, superuser settings included).
   */
  createDatabase(settings?: Readonly<Record<string, string>>): Promise<string>;
  /** `pg_ctl stop -m fast`: open connections are cut, as in a database restart. */
  stop(): Promise<void>;
  /** Starts the cluster again on the same port and data directory. */
  start(): Promise<void>;
  /** Stops it for good (immediate) and deletes its directory. */
  close(): void;
}

/**
 * A PostgreSQL cluster of the suite's own (initdb + pg_ctl of Debian's binaries): a free port on 127.0.0.1, a temp
 * directory, trust authentication. fsync stays on: without it `commit_delay` (which one fault uses) does nothing.
 * The machine's own PostgreSQL is never touched.
 */
export async function startPostgres(tools: FaultTools): Promise<PostgresService> {
  const port = await freePort();
  const base = mkdtempSync(path.join(tmpdir(), 'beseda-faults-pg-'));
  const dataDir = path.join(base, 'data');
  if (tools.asPostgres.length > 0) {
    const uid = Number(execFileSync('id', ['-u', POSTGRES_USER], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', POSTGRES_USER], { encoding: 'utf8' }).trim());
    chownSync(base, uid, gid);
  }
  const pgCtl = [...tools.asPostgres, tools.pgCtl, '-D', dataDir];
  const cleanup = onCleanup(
    `${shellWords([...pgCtl, '-m', 'immediate', '-w', 'stop'])} >/dev/null 2>&1; rm -rf '${base}'`,
  );

  await run([
    ...tools.asPostgres,
    tools.initdb,
    '-D',
    dataDir,
    '-A',
    'trust',
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  const serverOptions = `-p ${port} -k ${base} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  const start = () =>
    run([...pgCtl, '-l', path.join(base, 'postgres.log'), '-o', serverOptions, '-w', '-t', '30', 'start']);
  await start();

  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    async createDatabase(settings = {}) {
      const name = `beseda_faults_${randomBytes(4).toString('hex')}`;
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
        for (const [key, value] of Object.entries(settings)) {
          await client.query(
            `ALTER DATABASE ${name} SET ${client.escapeIdentifier(key)} = ${client.escapeLiteral(value)}`,
          );
        }
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    stop: () => run([...pgCtl, '-m', 'fast', '-w', 'stop']),
    start,
    close: () => cleanup.run(),
  };
}

/** Runs a command to its end without blocking the event loop (the sender keeps sending meanwhile). */
function run([command = '', ...args]: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { timeout: 60_000, cwd: tmpdir() }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${[command, ...args].join(' ')} failed: ${`${stderr}${stdout}`.trim()}`));
      else resolve();
    });
  });
}

function shellWords(words: string[]): string {
  return words.map((word) => `'${word.replaceAll("'", "'\\''")}'`).join(' ');
}
