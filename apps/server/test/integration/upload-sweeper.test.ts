import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { urlOf } from '@beseda/protocol/endpoint';
import * as filesApi from '@beseda/protocol/endpoints/files';
import * as groupApi from '@beseda/protocol/endpoints/group';
import * as userApi from '@beseda/protocol/endpoints/user';
import type { Group } from '@beseda/protocol/groups';
import type { Me } from '@beseda/protocol/user';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../src/db/schema/files.js';
import {
  REPLACED_AVATAR_RETENTION_HOURS,
  UNUSED_UPLOAD_RETENTION_HOURS,
} from '../../src/features/files/upload-sweeper.js';
import { newPerson, type Person } from './chats-fixtures.js';
import { commit, upload } from './files-fixtures.js';
import { createGroup } from './groups-fixtures.js';
import { availableDrivers, startServer, type TestServer } from './harness.js';

const HOUR_MS = 3_600_000;
const hoursFromNow = (hours: number): Date => new Date(Date.now() + hours * HOUR_MS);

describe.each(availableDrivers())('unused uploads are swept (%s)', (driver) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(() => server.close());

  const stored = async (key: string): Promise<boolean> =>
    (await readdir(path.join(server.ctx.config.dataDir, 'files')).catch((): string[] => [])).includes(key);
  const served = async (key: string): Promise<number> =>
    (await fetch(server.url + urlOf(filesApi.getAvatar, { params: { key } }))).status;
  const rowOf = async (key: string) => (await server.ctx.db.select().from(files).where(eq(files.key, key)))[0];

  async function setAvatar(person: Person): Promise<string> {
    const key = await upload(person, 'user');
    expect((await commit(person, key, 'user', person.user.id)).status).toBe(200);
    return key;
  }

  it('deletes an upload nobody committed once it is a day old, row and bytes, and keeps a younger one', async () => {
    const me = await newPerson(server);
    const key = await upload(me, 'user');
    expect(await stored(key)).toBe(true);

    await server.ctx.uploadSweeper.sweep(hoursFromNow(UNUSED_UPLOAD_RETENTION_HOURS - 1));
    expect(await rowOf(key)).toBeDefined();

    expect(await server.ctx.uploadSweeper.sweep(hoursFromNow(UNUSED_UPLOAD_RETENTION_HOURS + 1))).toBeGreaterThan(0);
    expect(await rowOf(key)).toBeUndefined();
    expect(await stored(key)).toBe(false);
    // Too late to use it: the commit finds nothing.
    const late = await commit(me, key, 'user', me.user.id);
    expect(late.status).toBe(404);
  });

  it('keeps the avatar in use for ever and a replaced one for a day, then deletes the replaced one', async () => {
    const me = await newPerson(server);
    const first = await setAvatar(me);
    const second = await setAvatar(me);
    const far = UNUSED_UPLOAD_RETENTION_HOURS + REPLACED_AVATAR_RETENTION_HOURS + 100;
    // A single avatar is never replaced, however old; the first one stays served during the grace day.
    const loner = await newPerson(server);
    const only = await setAvatar(loner);

    await server.ctx.uploadSweeper.sweep(hoursFromNow(REPLACED_AVATAR_RETENTION_HOURS - 1));
    expect(await served(first)).toBe(200);

    await server.ctx.uploadSweeper.sweep(hoursFromNow(far));
    expect(await served(first)).toBe(404);
    expect(await stored(first)).toBe(false);
    expect(await served(second)).toBe(200);
    expect(await served(only)).toBe(200);
    const { user } = (await me.client.call(userApi.getMe)).body as { user: Me };
    expect(user.avatarUrl).toBe(urlOf(filesApi.getAvatar, { params: { key: second } }));
  });

  it('treats group pictures the same way, per group', async () => {
    const owner = await newPerson(server);
    const group = await createGroup(owner);
    const other = await createGroup(owner, 'Второй сервер');
    const keys: string[] = [];
    for (const target of [group, group, other]) {
      const key = await upload(owner, 'group');
      const response = await commit(owner, key, 'group', target.id);
      expect(response.status).toBe(200);
      keys.push(key);
    }
    await server.ctx.uploadSweeper.sweep(hoursFromNow(REPLACED_AVATAR_RETENTION_HOURS + 1));
    const [replaced, current, otherCurrent] = keys;
    expect(await served(replaced ?? '')).toBe(404);
    expect(await served(current ?? '')).toBe(200);
    expect(await served(otherCurrent ?? '')).toBe(200);
    const { group: shown } = (await owner.client.call(groupApi.getGroup, { params: { id: group.id } })).body as {
      group: Group;
    };
    expect(shown.avatarUrl).toBe(urlOf(filesApi.getAvatar, { params: { key: current ?? '' } }));
  });

  it('is harmless when two processes sweep at once', async () => {
    const me = await newPerson(server);
    const key = await upload(me, 'user');
    const at = hoursFromNow(UNUSED_UPLOAD_RETENTION_HOURS + 1);
    const counts = await Promise.all([server.ctx.uploadSweeper.sweep(at), server.ctx.uploadSweeper.sweep(at)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await rowOf(key)).toBeUndefined();
  });
});
