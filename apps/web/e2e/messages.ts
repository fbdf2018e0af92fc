import * as chatApi from '@beseda/protocol/endpoints/chat';
import { parseMarkup } from '@beseda/protocol/markup';
import { expect, type APIRequestContext } from '@playwright/test';
import { call } from './api.js';

/** Sends typed markup the way the web client does (plain text and its entities) through a person's request context. */
export async function sendMarkup(request: APIRequestContext, chatId: string, markup: string): Promise<void> {
  const { text, entities } = parseMarkup(markup);
  const answer = await call(request, chatApi.sendMessage, { query: { chatId }, body: { content: text, entities } });
  expect(answer.ok(), await answer.text()).toBe(true);
}
