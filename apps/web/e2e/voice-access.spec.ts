import * as groupApi from '@beseda/protocol/endpoints/group';
import * as livekitApi from '@beseda/protocol/endpoints/livekit';
import { expect } from '@playwright/test';
import { test } from './test.js';
import { call } from './api.js';
import { signedUpPerson } from './users.js';
import { groupWithVoiceChannel } from './voice.js';

test('someone outside the group gets no media token and sees no call, while a member is in it', async ({ browser }) => {
  const owner = await signedUpPerson(browser, 'va_owner');
  const outsider = await signedUpPerson(browser, 'va_out');
  const voice = await groupWithVoiceChannel(owner, []);
  // The owner is in the channel: there is a call to see.
  const joined = await call(owner.page.request, livekitApi.joinChannel, { body: { channelId: voice.channelId } });
  expect(joined.ok()).toBe(true);

  // With the outsider's own session: 404, as for a channel that does not exist; no token, no URL.
  const refused = await call(outsider.page.request, livekitApi.joinChannel, { body: { channelId: voice.channelId } });
  expect(refused.status()).toBe(404);
  const body = (await refused.json()) as Record<string, unknown>;
  expect(body).not.toHaveProperty('token');
  expect(body).toMatchObject({ error: { code: 'NOT_FOUND' } });
  const token = await call(outsider.page.request, livekitApi.getToken, { query: { roomId: voice.channelId } });
  expect(token.status()).toBe(404);
  const status = await call(outsider.page.request, groupApi.getVoiceStatus, { params: { id: voice.groupId } });
  expect(status.status()).toBe(404);

  // The channel's address shows them nothing of it: no voice view, no connect button, no occupants, no call panel.
  await outsider.page.goto(`/channels/${voice.groupId}/${voice.channelId}`);
  await expect(outsider.page.getByTestId('app-layout')).toBeVisible();
  await expect(outsider.page.getByTestId('channel-view')).toHaveCount(0);
  await expect(outsider.page.getByTestId('voice-connect')).toHaveCount(0);
  await expect(outsider.page.getByTestId('voice-occupant')).toHaveCount(0);
  await expect(outsider.page.getByTestId('call-panel')).toHaveCount(0);
  await expect(outsider.page.getByTestId('voice-call')).toHaveCount(0);
});
