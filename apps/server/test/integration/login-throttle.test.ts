import * as authApi from '@beseda/protocol/endpoints/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_LOGIN_DELAY_MS, FREE_LOGIN_FAILURES } from '../../src/rate-limit/login-policy.js';
import {
  availableDrivers,
  registerUser,
  startServer,
  type TestResponse,
  type TestServer,
  type TestUser,
} from './harness.js';

/**
 * Guesses at one account are slowed down whatever address they come from (every request here comes from 127.0.0.1,
 * whose own limit the harness sets out of reach, so only the per-account delay can answer 429).
 */
describe.each(availableDrivers())('sign-in delay per account (%s)', (driver) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(() => server.close());

  const login = (email: string, password: string): Promise<TestResponse> =>
    server.client().call(authApi.login, { body: { email, password } });

  async function failFreely(email: string): Promise<void> {
    for (let i = 0; i < FREE_LOGIN_FAILURES; i++) expect((await login(email, 'wrong-password-1')).status).toBe(403);
  }

  function expectDelayed(response: TestResponse): void {
    expect(response.status).toBe(429);
    expect((response.body as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
    expect(Number(response.headers.get('retry-after'))).toBe(FIRST_LOGIN_DELAY_MS / 1000);
    expect(response.setCookies).toEqual([]);
  }

  it('after the free failures even the right password waits; the wait ends and a sign-in clears the count', async () => {
    const victim: TestUser = await registerUser(server.client());
    const bystander: TestUser = await registerUser(server.client());
    await failFreely(victim.email);

    expectDelayed(await login(victim.email, victim.password));
    // The e-mail is normalized before it is counted: another spelling is the same account.
    expectDelayed(await login(`  ${victim.email.toUpperCase()}`, 'wrong-password-2'));
    // Other accounts are not affected.
    expect((await login(bystander.email, bystander.password)).status).toBe(200);

    await new Promise((resolve) => setTimeout(resolve, FIRST_LOGIN_DELAY_MS + 100));
    expect((await login(victim.email, victim.password)).status).toBe(200);
    // Forgotten on success: the next slip is one free failure again, not a doubled delay.
    expect((await login(victim.email, 'wrong-password-3')).status).toBe(403);
    expect((await login(victim.email, victim.password)).status).toBe(200);
  });

  it('an e-mail nobody registered is delayed the same way, so the delay reveals nothing', async () => {
    const unknown = `nobody-${Date.now()}@example.org`;
    await failFreely(unknown);
    expectDelayed(await login(unknown, 'wrong-password-1'));
  });

  it('parallel guesses cannot all slip in before the first one fails', async () => {
    const victim = await registerUser(server.client());
    const burst = await Promise.all(
      Array.from({ length: FREE_LOGIN_FAILURES * 3 }, () => login(victim.email, 'wrong-password-1')),
    );
    const statuses = burst.map((response) => response.status);
    expect(statuses.filter((status) => status === 403)).toHaveLength(FREE_LOGIN_FAILURES);
    expect(statuses.filter((status) => status === 429)).toHaveLength(FREE_LOGIN_FAILURES * 2);
  });
});
