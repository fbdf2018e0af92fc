import { urlOfPath, type Endpoint, type EndpointInput, type OptionalWhenEmpty } from '@beseda/protocol/endpoint';
import type { APIRequestContext, APIResponse } from '@playwright/test';

/**
 * Calls `endpoint` through a page's (or the test's) request context, which shares the browser's cookies: method and
 * path come from the descriptor, `{ params, query, body }` are typed by its schemas, the body goes as JSON.
 */
export function call<E extends Endpoint>(
  request: APIRequestContext,
  endpoint: E,
  ...[input]: OptionalWhenEmpty<EndpointInput<E>>
): Promise<APIResponse> {
  const parts: { params?: unknown; query?: unknown; body?: unknown } | undefined = input;
  return request.fetch(urlOfPath(endpoint.path, parts), {
    method: endpoint.method,
    ...(parts?.body !== undefined && { data: parts.body }),
  });
}
