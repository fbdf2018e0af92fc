import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { Message } from '../src/chats.js';
import {
  COMMON_ERROR_CODES,
  parseAddress,
  pathOf,
  urlOf,
  type Address,
  type Endpoint,
  type EndpointInput,
  type EndpointResult,
} from '../src/endpoint.js';
import { allEndpoints } from '../src/endpoints/all.js';
import { listChats, listMessages, sendMessage } from '../src/endpoints/chat.js';
import { getAvatar } from '../src/endpoints/files.js';
import { getGroup } from '../src/endpoints/group.js';
import type { disconnect } from '../src/endpoints/user-status.js';
import { ERROR_CODES } from '../src/errors.js';
import { avatarUrl } from '../src/files.js';

const CHAT_ID = '01936f0e-8b4c-7c1e-9a2b-3c4d5e6f7a8b';

function pathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '').sort();
}

function schemaKeys(schema: Endpoint['params']): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape).sort() : [];
}

const address = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;

describe('every descriptor', () => {
  it('has a path after API_PREFIX whose :params are exactly its params schema', () => {
    for (const endpoint of allEndpoints) {
      expect(endpoint.path, address(endpoint)).toMatch(/^\/[a-z]/);
      expect(endpoint.path, address(endpoint)).not.toMatch(/^\/api\//);
      expect(pathParams(endpoint.path), address(endpoint)).toEqual(schemaKeys(endpoint.params));
    }
  });

  it('is the only one with its method and path, trailing slash or not', () => {
    const seen = new Map<string, string>();
    for (const endpoint of allEndpoints) {
      const key = `${endpoint.method} ${endpoint.path.replace(/\/$/, '')}`;
      expect(seen.get(key), address(endpoint)).toBeUndefined();
      seen.set(key, address(endpoint));
    }
  });

  it('lists known error codes once, and none of the common ones', () => {
    for (const endpoint of allEndpoints) {
      expect(new Set(endpoint.errors).size, address(endpoint)).toBe(endpoint.errors.length);
      for (const code of endpoint.errors) {
        expect(ERROR_CODES, address(endpoint)).toContain(code);
        expect(COMMON_ERROR_CODES as readonly string[], address(endpoint)).not.toContain(code);
      }
    }
  });
});

describe('urlOf and pathOf', () => {
  it('fill :params, encode the query and prefix the API', () => {
    expect(pathOf(getGroup, { params: { id: 'a/b c' } })).toBe('/group/a%2Fb%20c');
    expect(urlOf(getGroup, { params: { id: CHAT_ID } })).toBe(`/api/group/${CHAT_ID}`);
    expect(urlOf(sendMessage, { query: { chatId: CHAT_ID } })).toBe(`/api/chat/message/send?chatId=${CHAT_ID}`);
    expect(urlOf(listMessages, { query: { chatId: 'x&y=z', before: undefined, limit: 20 } })).toBe(
      '/api/chat/messages?chatId=x%26y%3Dz&limit=20',
    );
    expect(urlOf(listChats)).toBe('/api/chat');
  });

  it('refuse a missing :param and a query value that is not a scalar', () => {
    expect(() => urlOf(getGroup, { params: {} as { id: string } })).toThrow(/no value for :id/);
    expect(() => urlOf(listMessages, { query: { chatId: CHAT_ID, limit: { n: 1 } } })).toThrow(TypeError);
  });

  it('agree with the avatar URLs the server hands out', () => {
    const key = `${'0'.repeat(32)}.png`;
    expect(avatarUrl(key)).toBe(urlOf(getAvatar, { params: { key } }));
  });

  it('parseAddress splits an address into method and path', () => {
    expect(parseAddress<typeof getGroup>('GET /group/:id')).toEqual({ method: 'GET', path: '/group/:id' });
  });
});

describe('descriptor types', () => {
  it('type inputs by the schemas and results by the response', () => {
    expectTypeOf<Address<typeof sendMessage>>().toEqualTypeOf<'POST /chat/message/send'>();
    expectTypeOf<EndpointInput<typeof sendMessage>['query']>().toEqualTypeOf<{ chatId: string }>();
    expectTypeOf<EndpointInput<typeof sendMessage>['body']>().toEqualTypeOf<{
      content: string;
      entities?: z.input<typeof sendMessage.body>['entities'];
      clientId?: string | undefined;
      noLinkPreview?: boolean | undefined;
    }>();
    expectTypeOf<EndpointResult<typeof sendMessage>>().toEqualTypeOf<{ message: Message }>();
    // Nothing to pass: every part is optional (and absent parts take nothing).
    expectTypeOf<EndpointInput<typeof listChats>>().toEqualTypeOf<{
      readonly params?: undefined;
      readonly query?: undefined;
      readonly body?: undefined;
    }>();
    // A body that may be left out (the unload beacon's) is optional.
    expectTypeOf<Pick<EndpointInput<typeof disconnect>, 'body'>>().toEqualTypeOf<{
      readonly body?: { clientId?: string | undefined } | null | undefined;
    }>();
  });
});
