// PostgreSQL side of the message benchmark: a database of its own (created, dropped WITH (FORCE) even on failure)
// and the bulk load of a chat with a million messages.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * @param {string} url
 * @param {(client: pg.Client) => Promise<T>} run
 * @returns {Promise<T>}
 * @template T
 */
export async function withClient(url, run) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database; the server migrates it when it starts. */
export async function createBenchDatabase() {
  const name = `beseda_bench_${randomBytes(5).toString('hex')}`;
  const version = await withClient(ADMIN_URL, async (client) => {
    await client.query(`CREATE DATABASE ${name}`);
    const { rows } = await client.query('SHOW server_version');
    return String(rows[0]?.server_version);
  });
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  // FORCE: the server child may still hold pool connections when it was killed rather than stopped.
  const dropSql = `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`;
  // An exit without the finally blocks (Ctrl-C: the signal handlers call process.exit) still drops it, from a
  // synchronous child, since 'exit' handlers cannot wait for a promise.
  const dropOnExit = () => {
    const script = `const pg=require('pg');const c=new pg.Client(process.argv[1]);c.connect().then(()=>c.query(process.argv[2])).finally(()=>c.end())`;
    spawnSync(process.execPath, ['-e', script, ADMIN_URL, dropSql], { stdio: 'ignore', timeout: 15_000 });
  };
  process.once('exit', dropOnExit);
  return {
    name,
    url: url.toString(),
    postgresVersion: version,
    drop: async () => {
      process.off('exit', dropOnExit);
      await withClient(ADMIN_URL, (client) => client.query(dropSql));
    },
  };
}

/**
 * UUIDv7 text built in SQL from a millisecond timestamp and a counter: 48 bits of time, version 7, the counter in the
 * 12-bit rand_a field and the 62-bit rand_b, variant 10. One message per millisecond, so ids sort exactly by time,
 * as the server's own `uuidv7()` ids do.
 * @param {string} ms SQL expression: milliseconds since the epoch (bigint)
 * @param {string} n SQL expression: the counter (bigint)
 */
function uuidV7Sql(ms, n) {
  const hex = `lpad(to_hex(${ms}), 12, '0')`;
  return `(substr(${hex}, 1, 8) || '-' || substr(${hex}, 9, 4) || '-7' || lpad(to_hex((${n}) % 4096), 3, '0')
    || '-8' || lpad(to_hex(((${n}) / 4096) % 4096), 3, '0') || '-' || lpad(to_hex(${n}), 12, '0'))::uuid`;
}

/**
 * `count` messages in one chat, alternating between two senders, one millisecond apart and all older than anything
 * the server writes. FK triggers are off for the load (session_replication_role = replica, superuser only): the
 * chat and the users exist, and 2 × count FK probes would double the load time. Batches show progress and keep
 * each transaction's WAL moderate; ANALYZE afterwards, as autovacuum would eventually do.
 * @param {string} url
 * @param {{ chatId: string, senderIds: [string, string], count: number, onProgress?: (done: number) => void }} input
 * @returns {Promise<{ ms: number, middleId: string }>}
 */
export async function bulkInsertMessages(url, { chatId, senderIds, count, onProgress }) {
  const started = performance.now();
  const batch = 200_000;
  const firstMs = Date.now() - count - 60_000;
  return withClient(url, async (client) => {
    await client.query('SET session_replication_role = replica');
    for (let from = 0; from < count; from += batch) {
      const to = Math.min(count, from + batch) - 1;
      await client.query(
        `INSERT INTO messages (id, chat_id, sender_id, kind, content, entities, created_at)
         SELECT ${uuidV7Sql('$4::bigint + i', 'i')}, $1::uuid,
                CASE WHEN i % 2 = 0 THEN $2::uuid ELSE $3::uuid END, 'TEXT',
                'Сообщение номер ' || i || ': привет, как дела? Пишу, чтобы проверить историю чата.', '[]'::jsonb,
                to_timestamp(($4::bigint + i) / 1000.0)
         FROM generate_series($5::bigint, $6::bigint) AS i`,
        [chatId, senderIds[0], senderIds[1], firstMs, from, to],
      );
      onProgress?.(to + 1);
    }
    await client.query('SET session_replication_role = DEFAULT');
    await client.query('VACUUM (ANALYZE) messages');
    // The load's dirty pages are written now, not by a checkpoint in the middle of the latency phase.
    await client.query('CHECKPOINT');
    const { rows } = await client.query(`SELECT ${uuidV7Sql('$1::bigint', '$2::bigint')}::text AS id`, [
      firstMs + Math.floor(count / 2),
      Math.floor(count / 2),
    ]);
    return { ms: performance.now() - started, middleId: String(rows[0]?.id) };
  });
}

/**
 * How PostgreSQL runs the first-page query (the SQL `listPage` sends, in apps/server/src/features/messages/
 * repository.ts): which index, how many rows it read and dropped. Explains a first page slower than a deep one.
 * @param {string} url @param {string} chatId @param {number} limit
 */
export async function explainFirstPage(url, chatId, limit) {
  return withClient(url, async (client) => {
    const { rows } = await client.query(
      `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON)
       SELECT * FROM messages
       WHERE chat_id >= $1 AND (chat_id, id) < ($1::uuid, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid)
         AND deleted_at IS NULL
       ORDER BY chat_id DESC, id DESC LIMIT $2`,
      [chatId, limit + 1],
    );
    const [plan] = /** @type {{ Plan: PlanNode, 'Execution Time': number }[]} */ (rows[0]?.['QUERY PLAN'] ?? []);
    /** @param {PlanNode} node @returns {PlanNode} */
    const scan = (node) => (node['Index Name'] || !node.Plans?.[0] ? node : scan(node.Plans[0]));
    const node = plan ? scan(plan.Plan) : undefined;
    return {
      index: node?.['Index Name'] ?? node?.['Node Type'] ?? 'unknown',
      rowsRemovedByFilter: node?.['Rows Removed by Filter'] ?? 0,
      sharedBuffers: (node?.['Shared Hit Blocks'] ?? 0) + (node?.['Shared Read Blocks'] ?? 0),
      executionMs: plan?.['Execution Time'] ?? Number.NaN,
    };
  });
}

/**
 * @typedef {{ 'Node Type': string, 'Index Name'?: string, 'Rows Removed by Filter'?: number,
 *   'Shared Hit Blocks'?: number, 'Shared Read Blocks'?: number, Plans?: PlanNode[] }} PlanNode
 */
