import type { APIResponse, Route } from '@playwright/test';

type Fulfilment = NonNullable<Parameters<Route['fulfill']>[0]>;

/**
 * The errors Playwright raises when the page behind a routed request gave it up while the handler worked on it: a
 * navigation abandoned it («Fetch response has been disposed»), or the test ended and its context closed
 * («Request context disposed», «… has been closed»).
 */
function isAbandoned(error: unknown): boolean {
  return /disposed|has been closed/i.test(String(error));
}

/**
 * Lets a routed request reach the server and answers the page with what `answer` makes of the server's response.
 * A request its page gave up on meanwhile has nobody left to answer: it is let go instead of failing the test.
 */
export async function answerFromServer(
  route: Route,
  answer: (response: APIResponse) => Fulfilment | Promise<Fulfilment> = (response) => ({ response }),
): Promise<void> {
  try {
    const response = await route.fetch();
    await route.fulfill(await answer(response));
  } catch (error) {
    if (!isAbandoned(error)) throw error;
  }
}
