import * as chatApi from '@beseda/protocol/endpoints/chat';
import * as contactApi from '@beseda/protocol/endpoints/contact';
import { expect } from '@playwright/test';
import { call } from './api.js';
import type { Person } from './users.js';

/** Makes the two friends through the API (A asks, B accepts) and opens their direct chat; returns its id. */
export async function directChatBetween(a: Person, b: Person): Promise<string> {
  const asked = await call(a.page.request, contactApi.sendContactRequest, { body: { nickname: b.user.nickname } });
  expect(asked.ok()).toBe(true);
  const accepted = await call(b.page.request, contactApi.acceptContactRequest, {
    body: { nickname: a.user.nickname },
  });
  expect(accepted.ok()).toBe(true);
  const opened = await call(a.page.request, chatApi.openChatWith, { body: { nickname: b.user.nickname } });
  return ((await opened.json()) as { chat: { id: string } }).chat.id;
}
