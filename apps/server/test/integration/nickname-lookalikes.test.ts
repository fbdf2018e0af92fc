import { randomBytes } from 'node:crypto';
import * as authApi from '@beseda/protocol/endpoints/auth';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/users.js';
import { backfillNicknameSkeletons } from '../../src/features/accounts/skeleton-backfill.js';
import { availableDrivers, startServer, type TestResponse, type TestServer } from './harness.js';

let counter = 0;
function register(server: TestServer, nickname: string): Promise<TestResponse> {
  counter += 1;
  const tag = `${randomBytes(4).toString('hex')}${counter}`;
  return server
    .client()
    .call(authApi.register, { body: { email: `look_${tag}@example.org`, nickname, password: `password-${tag}` } });
}

function expectTaken(response: TestResponse): void {
  expect(response.status, response.text).toBe(409);
  expect(response.body).toEqual({ error: { code: 'EMAIL_OR_NICKNAME_TAKEN', message: expect.any(String) } });
}

describe.each(availableDrivers())('look-alike nicknames (%s)', (driver) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(() => server.close());

  it('refuses a new nickname that differs from a taken one only by case or by letters of another script', async () => {
    const base = `admin_${randomBytes(3).toString('hex')}`;
    expect((await register(server, base)).status).toBe(200);
    for (const lookalike of [
      base.toUpperCase(),
      `А${base.slice(1)}`, // Cyrillic А
      `а${base.slice(1)}`, // Cyrillic а
      base.replace('m', 'rn'),
    ]) {
      expectTaken(await register(server, lookalike));
    }
    const vasya = `Вася_${randomBytes(3).toString('hex')}`;
    expect((await register(server, vasya)).status).toBe(200);
    expectTaken(await register(server, `Bacя${vasya.slice(4)}`)); // Latin B, a, c
    expect((await register(server, `${base}_2`)).status).toBe(200);
  });

  it('lets exactly one of two racing look-alike registrations through', async () => {
    const nickname = `race_${randomBytes(3).toString('hex')}`;
    const responses = await Promise.all([register(server, nickname), register(server, nickname.toUpperCase())]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('backfills accounts made before the keys existed, oldest first, and then refuses their look-alikes', async () => {
    const { db } = server.ctx;
    const suffix = randomBytes(3).toString('hex');
    const older = { id: uuidv7(), nickname: `Olga_${suffix}` };
    const newer = { id: uuidv7(), nickname: `OLGA_${suffix}` };
    for (const row of [older, newer]) {
      await db.insert(users).values({
        ...row,
        email: `${row.nickname.toLowerCase()}_${row.id}@example.org`,
        name: row.nickname,
        passwordHash: 'x',
        createdAt: new Date(row === older ? Date.now() - 60_000 : Date.now()),
      });
    }
    await backfillNicknameSkeletons(db);
    const keys = async (id: string) =>
      (
        await db
          .select({ plain: users.nicknameSkeleton, folded: users.nicknameFoldedSkeleton })
          .from(users)
          .where(eq(users.id, id))
      )[0];
    const [olderKeys, newerKeys] = [await keys(older.id), await keys(newer.id)];
    expect(olderKeys?.plain).toEqual(expect.any(String));
    expect(olderKeys?.folded).toEqual(expect.any(String));
    // The newer one's folded key would repeat the older one's: it stays null; its own as-typed key is distinct.
    expect(newerKeys?.folded).toBeNull();
    expect(newerKeys?.plain).toEqual(expect.any(String));
    expectTaken(await register(server, `olga_${suffix}`));
    // Run again (every start does): nothing changes, nothing fails.
    await backfillNicknameSkeletons(db);
    expect(await keys(newer.id)).toEqual(newerKeys);
  });
});
