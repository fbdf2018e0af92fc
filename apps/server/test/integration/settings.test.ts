import * as settingsApi from '@beseda/protocol/endpoints/settings';
import { userChannel } from '@beseda/protocol/realtime';
import {
  DEFAULT_SYNCED_GLOBAL_SETTINGS,
  type GlobalSettingsResponse,
  SCOPED_SETTINGS_MAX_COUNT,
} from '@beseda/protocol/settings';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { userScopedSettings } from '../../src/db/schema/settings.js';
import { newPerson, type Person, published } from './chats-fixtures.js';
import { availableDrivers, signIn, startServer, type TestServer } from './harness.js';
import { type RealtimeClient, realtimeClient, waitFor } from './realtime-client.js';

describe.each(availableDrivers())('settings that follow the user (%s)', (driver) => {
  let server: TestServer;
  const clients: RealtimeClient[] = [];

  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(() => server.close());

  async function getGlobal(person: Person): Promise<GlobalSettingsResponse> {
    const response = await person.client.call(settingsApi.getGlobalSettings);
    expect(response.status).toBe(200);
    return response.body as GlobalSettingsResponse;
  }

  const patch = (person: Person, changes: Record<string, unknown>) =>
    person.client.request('PATCH', '/api/settings/global', { json: { changes } });

  async function scoped(person: Person, scope?: string): Promise<Record<string, unknown>> {
    const response = await person.client.call(settingsApi.getScopedSettings, scope ? { query: { scope } } : {});
    expect(response.status).toBe(200);
    return (response.body as { settings: Record<string, unknown> }).settings;
  }

  const put = (person: Person, key: string, value: unknown) =>
    person.client.request('PUT', '/api/settings/scoped', { json: { key, value } });

  it('a new user has the spec defaults, version 0', async () => {
    const person = await newPerson(server);
    expect(await getGlobal(person)).toEqual({ settings: DEFAULT_SYNCED_GLOBAL_SETTINGS, version: 0 });
    expect(await scoped(person)).toEqual({});
  });

  it('a PATCH changes only the given keys and bumps the version', async () => {
    const person = await newPerson(server);
    const first = await patch(person, { noiseSuppression: false });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      settings: { ...DEFAULT_SYNCED_GLOBAL_SETTINGS, noiseSuppression: false },
      version: 1,
    });
    await patch(person, { theme: 'dark' });
    expect(await getGlobal(person)).toEqual({
      settings: { ...DEFAULT_SYNCED_GLOBAL_SETTINGS, noiseSuppression: false, theme: 'dark' },
      version: 2,
    });
  });

  it('refuses unknown keys, device ids, wrong types and empty changes with 400, changing nothing', async () => {
    const person = await newPerson(server);
    for (const changes of [
      { selectedAudioInputId: 'abc' },
      { widthStatusBar: 300 },
      { theme: 'pink' },
      { noiseSuppression: 'no' },
      { language: 'ru' },
      {},
    ]) {
      const response = await patch(person, changes);
      expect(response.status, JSON.stringify(changes)).toBe(400);
      expect((response.body as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
    }
    expect((await person.client.request('PATCH', '/api/settings/global', { json: {} })).status).toBe(400);
    expect(await getGlobal(person)).toEqual({ settings: DEFAULT_SYNCED_GLOBAL_SETTINGS, version: 0 });
  });

  it('needs a session', async () => {
    const anonymous = server.client();
    expect((await anonymous.call(settingsApi.getGlobalSettings)).status).toBe(401);
    expect(
      (await anonymous.request('PATCH', '/api/settings/global', { json: { changes: { theme: 'dark' } } })).status,
    ).toBe(401);
    expect((await anonymous.request('PUT', '/api/settings/scoped', { json: { key: 'a:b:c', value: 1 } })).status).toBe(
      401,
    );
  });

  it('concurrent PATCHes of different keys all survive (merged in SQL)', async () => {
    const person = await newPerson(server);
    const changes = [
      { theme: 'light' },
      { notificationsEnabled: false },
      { defaultMicEnabled: true },
      { defaultCameraEnabled: true },
      { noiseSuppression: false },
      { echoCancellation: false },
      { autoGainControl: false },
    ];
    const responses = await Promise.all(changes.map((change) => patch(person, change)));
    expect(responses.map((response) => response.status)).toEqual(changes.map(() => 200));
    const versions = responses.map((response) => (response.body as GlobalSettingsResponse).version).sort();
    expect(versions).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(await getGlobal(person)).toEqual({
      settings: { ...DEFAULT_SYNCED_GLOBAL_SETTINGS, ...Object.assign({}, ...changes) },
      version: 7,
    });
  });

  it('scoped keys: set, overwrite, filter by scope, delete; the three-part form is enforced', async () => {
    const person = await newPerson(server);
    expect((await put(person, 'group:g1:warningDismissed', true)).status).toBe(200);
    expect((await put(person, 'ui:global:mediaHintShown', true)).status).toBe(200);
    expect((await put(person, 'group:g2:warningDismissed', { at: 1 })).status).toBe(200);
    expect((await put(person, 'group:g2:warningDismissed', 'text')).status).toBe(200);
    expect(await scoped(person)).toEqual({
      'group:g1:warningDismissed': true,
      'group:g2:warningDismissed': 'text',
      'ui:global:mediaHintShown': true,
    });
    expect(await scoped(person, 'ui')).toEqual({ 'ui:global:mediaHintShown': true });
    // `_` is a LIKE wildcard: a scope must match literally.
    expect(await scoped(person, 'u_')).toEqual({});

    for (const key of ['a:b', 'a:b:c:d', 'a::c', ':b:c', 'a:b c:d', 'a'.repeat(199) + ':b:c', 'a:\u0001:c']) {
      expect((await put(person, key, true)).status, key).toBe(400);
    }
    expect((await put(person, 'a:b:c', 'x'.repeat(3_000))).status).toBe(400);
    expect((await person.client.request('PUT', '/api/settings/scoped', { json: { key: 'a:b:c' } })).status).toBe(400);

    const removed = await person.client.call(settingsApi.deleteScopedSetting, {
      query: { key: 'group:g1:warningDismissed' },
    });
    expect(removed.status).toBe(200);
    const again = await person.client.call(settingsApi.deleteScopedSetting, {
      query: { key: 'group:g1:warningDismissed' },
    });
    expect(again.status).toBe(200);
    expect(Object.keys(await scoped(person))).toEqual(['group:g2:warningDismissed', 'ui:global:mediaHintShown']);
  });

  it('a user past the scoped key cap gets 409; overwriting an existing key still works', async () => {
    const person = await newPerson(server);
    await server.ctx.db.insert(userScopedSettings).values(
      Array.from({ length: SCOPED_SETTINGS_MAX_COUNT }, (_, index) => ({
        userId: person.user.id,
        key: `bulk:${index}:flag`,
        value: true,
      })),
    );
    const over = await put(person, 'one:more:flag', true);
    expect(over.status).toBe(409);
    expect((over.body as { error: { code: string } }).error.code).toBe('CONFLICT');
    expect((await put(person, 'bulk:0:flag', false)).status).toBe(200);
  });

  it('one user never sees or changes another’s settings', async () => {
    const [a, b] = [await newPerson(server), await newPerson(server)];
    await patch(a, { theme: 'dark' });
    await put(a, 'group:g1:warningDismissed', true);
    expect(await getGlobal(b)).toEqual({ settings: DEFAULT_SYNCED_GLOBAL_SETTINGS, version: 0 });
    expect(await scoped(b)).toEqual({});
    await b.client.call(settingsApi.deleteScopedSetting, { query: { key: 'group:g1:warningDismissed' } });
    expect(await scoped(a)).toEqual({ 'group:g1:warningDismissed': true });
    expect((await published(server, userChannel(b.user.id))).some((e) => e.type === 'settings_update')).toBe(false);
  });

  it('a change on one device reaches the user’s other device live', async () => {
    const person = await newPerson(server);
    const otherDevice = server.client();
    expect((await signIn(otherDevice, person.user)).status).toBe(200);
    const client = realtimeClient(otherDevice, () => `${server.url.replace('http', 'ws')}/connection/websocket`);
    clients.push(client);
    await client.connected();
    const channel = userChannel(person.user.id);
    const sub = client.subscribe(channel);
    await waitFor(() => sub.state === 'subscribed', 5_000, 'subscribed');

    await patch(person, { echoCancellation: false });
    await put(person, 'group:g1:warningDismissed', true);
    await person.client.call(settingsApi.deleteScopedSetting, { query: { key: 'group:g1:warningDismissed' } });
    const received = () => client.received.get(channel) ?? [];
    await waitFor(() => received().length === 3, 5_000, 'three settings events');
    expect(received()).toMatchObject([
      {
        type: 'settings_update',
        payload: {
          kind: 'global',
          version: 1,
          settings: { ...DEFAULT_SYNCED_GLOBAL_SETTINGS, echoCancellation: false },
        },
      },
      { type: 'settings_update', payload: { kind: 'scoped', key: 'group:g1:warningDismissed', value: true } },
      { type: 'settings_update', payload: { kind: 'scoped', key: 'group:g1:warningDismissed', value: null } },
    ]);
  });
});
