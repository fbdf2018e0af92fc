import { Writable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import * as authApi from '@beseda/protocol/endpoints/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { availableDrivers, newCredentials, startServer } from './harness.js';

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$c2VjcmV0LWhhc2gtdmFsdWU';
const EMAIL = 'victim@example.org';

function capture(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString('utf8'));
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}

describe('logged errors never carry query parameters', () => {
  const client = new PGlite();
  const db = drizzle({ client });

  beforeAll(async () => {
    await db.execute(sql`create table people (email text not null unique, password_hash text not null)`);
    await db.execute(sql`insert into people values (${EMAIL}, ${HASH})`);
  });
  afterAll(() => client.close());

  async function failure(run: () => Promise<unknown>): Promise<unknown> {
    try {
      await run();
    } catch (error) {
      return error;
    }
    throw new Error('the query was expected to fail');
  }

  it('drops the values of a query PostgreSQL refuses (U+0000), keeping the SQL and the cause', async () => {
    const error = await failure(() => db.execute(sql`insert into people values (${`x\u0000${EMAIL}`}, ${HASH})`));
    const log = capture();
    createLogger('info', log.stream).error({ err: error }, 'request failed');
    const line = log.text();
    expect(line).toContain('Failed query: insert into people values ($1, $2)');
    expect(line).toContain('0x00');
    expect(line).not.toContain(EMAIL);
    expect(line).not.toContain('argon2id');
    expect(line).not.toContain('params');
  });

  it('drops the driver’s detail that repeats a unique key’s value', async () => {
    const error = await failure(() => db.execute(sql`insert into people values (${EMAIL}, ${HASH})`));
    const log = capture();
    createLogger('info', log.stream).error({ err: error }, 'request failed');
    const line = log.text();
    expect(line).toContain('duplicate key');
    expect(line).not.toContain(EMAIL);
    expect(line).not.toContain('argon2id');
  });

  it('leaves the error itself as it was', async () => {
    const error = await failure(() => db.execute(sql`select ${HASH}::int`));
    createLogger('info', capture().stream).error({ err: error }, 'request failed');
    expect(error).toHaveProperty('params', [HASH]);
  });
});

describe.each(availableDrivers())('a request whose query fails (%s)', (driver) => {
  it('logs the failure without the query’s values (a registration’s password hash above all)', async () => {
    const log = capture();
    const server = await startServer(driver, {}, { logDestination: { level: 'info', stream: log.stream } });
    try {
      // A constraint no row meets: the registration's INSERT reaches PostgreSQL with its values and fails there, and
      // PostgreSQL's own detail repeats the failing row.
      await server.ctx.db.execute(sql`alter table users add constraint no_new_rows check (false) not valid`);
      const credentials = newCredentials();
      const response = await server.client().call(authApi.register, { body: credentials });
      expect(response.status).toBe(500);
      const text = log.text();
      expect(text).toContain('request failed');
      expect(text).toContain('Failed query: insert into \\"users\\"');
      expect(text).not.toContain(credentials.email);
      expect(text).not.toContain(credentials.nickname);
      expect(text).not.toContain('argon2id');
    } finally {
      await server.close();
    }
  });
});
