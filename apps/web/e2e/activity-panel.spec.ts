import { fileURLToPath } from 'node:url';
import * as channelApi from '@beseda/protocol/endpoints/channel';
import * as contactApi from '@beseda/protocol/endpoints/contact';
import * as groupApi from '@beseda/protocol/endpoints/group';
import * as livekitApi from '@beseda/protocol/endpoints/livekit';
import { expect } from '@playwright/test';
import { test } from './test.js';
import { call } from './api.js';
import { signedUpPerson } from './users.js';

const docs = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));

test('the friends page shows who is in a voice channel, live, with «Присоединиться» where we are a member', async ({
  browser,
}) => {
  const anna = await signedUpPerson(browser, 'anna');
  const boris = await signedUpPerson(browser, 'boris');
  await call(anna.page.request, contactApi.sendContactRequest, { body: { nickname: boris.user.nickname } });
  await call(boris.page.request, contactApi.acceptContactRequest, { body: { nickname: anna.user.nickname } });
  const group = (await (
    await call(boris.page.request, groupApi.createGroup, { body: { name: 'Сервер Бориса' } })
  ).json()) as { id: string };
  const channel = (await (
    await call(boris.page.request, channelApi.createChannel, {
      body: { name: 'Лобби', type: 'RTCP', groupId: group.id },
    })
  ).json()) as { id: string };

  const panel = anna.page.getByTestId('friends-activity');
  await expect(panel.getByText('Слишком тихо...')).toBeVisible();

  // Boris joins: Anna's panel hears it (voice_channel_update on her user channel), without a reload.
  const joined = await call(boris.page.request, livekitApi.joinChannel, { body: { channelId: channel.id } });
  expect(joined.ok()).toBe(true);
  const entry = panel.getByTestId('activity-entry');
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(boris.user.nickname);
  await expect(entry).toContainText('Лобби');
  await expect(entry).toContainText('Сервер Бориса');
  await expect(entry).toContainText('только что');
  // Anna is not a member of Boris's group: nothing to join.
  await expect(entry.getByRole('button', { name: /Присоединиться/ })).toHaveCount(0);

  // A reload reads the same from the server.
  await anna.page.reload();
  await expect(entry).toContainText(boris.user.nickname);

  // Once she is a member, the button appears and opens the voice channel.
  const invite = (await (
    await call(boris.page.request, groupApi.createInvite, { body: { groupId: group.id } })
  ).json()) as { code: string };
  await call(anna.page.request, groupApi.acceptInvite, { body: { code: invite.code } });
  const join = entry.getByRole('button', { name: /Присоединиться/ });
  await expect(join).toBeVisible();
  await anna.page.screenshot({ path: `${docs}friends-activity.png` });
  await join.click();
  await expect(anna.page).toHaveURL(new RegExp(`/channels/${group.id}/${channel.id}$`));

  // Boris leaves: the entry goes, and the panel is quiet again.
  await anna.page.goBack();
  await expect(entry).toHaveCount(1);
  await call(boris.page.request, livekitApi.leaveChannel);
  await expect(entry).toHaveCount(0);
  await expect(panel.getByText('Слишком тихо...')).toBeVisible();
});
