import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@beseda/protocol/user';
import { deferred } from '../../lib/testing/deferred';
import { logout } from './auth-api';
import { signOut } from './sign-out';
import { useUserStore } from './user-store';

vi.mock('./auth-api', () => ({ logout: vi.fn() }));

const ME: Me = {
  id: 'u1',
  email: 'u1@example.com',
  nickname: 'u1',
  name: 'u1',
  avatarUrl: null,
  online: { status: 'online', lastSeen: null },
};

/** The logout request, its answer held back until the test releases it. */
function logoutAnswersLater(): () => void {
  const answer = deferred();
  vi.mocked(logout).mockReturnValue(answer.promise);
  return () => answer.resolve();
}

/** What the API client's unauthorized handler does when a 401 survives the refresh. */
function unauthorized(): void {
  useUserStore.getState().reset();
}

describe('signOut', () => {
  afterEach(() => {
    useUserStore.getState().reset();
    useUserStore.setState({ signedOutByUser: false, signingOut: false });
    vi.mocked(logout).mockReset();
  });

  it('counts a 401 met while the logout is under way as the user’s own sign-out', async () => {
    useUserStore.getState().setUser(ME);
    const answer = logoutAnswersLater();
    const done = signOut();
    // The server has ended the session: the realtime disconnect asks who we are and meets a 401 first.
    unauthorized();
    expect(useUserStore.getState()).toMatchObject({ authenticated: false, signedOutByUser: true });
    answer();
    await done;
    expect(useUserStore.getState()).toMatchObject({ authenticated: false, signedOutByUser: true, signingOut: false });
  });

  it('stays deliberate when a late 401 resets the store after the logout answered', async () => {
    useUserStore.getState().setUser(ME);
    vi.mocked(logout).mockResolvedValue(undefined);
    await signOut();
    unauthorized();
    expect(useUserStore.getState().signedOutByUser).toBe(true);
  });

  it('keeps the mark through a re-read of the same user that answered before the session ended', async () => {
    useUserStore.getState().setUser(ME);
    const answer = logoutAnswersLater();
    const done = signOut();
    useUserStore.getState().setUser(ME); // a resync's GET /user/me, sent just before «Выйти»
    unauthorized();
    expect(useUserStore.getState().signedOutByUser).toBe(true);
    answer();
    expect(await done).toBe(true);
  });

  it('leaves a session signed in anew before the logout answered', async () => {
    useUserStore.getState().setUser(ME);
    const answer = logoutAnswersLater();
    const done = signOut();
    unauthorized();
    useUserStore.getState().setUser(ME); // signed in again on /auth
    answer();
    expect(await done).toBe(false);
    expect(useUserStore.getState()).toMatchObject({ authenticated: true, id: 'u1' });
  });

  it('signs out locally when the server cannot be reached', async () => {
    useUserStore.getState().setUser(ME);
    vi.mocked(logout).mockRejectedValue(new Error('offline'));
    await signOut();
    expect(useUserStore.getState()).toMatchObject({ authenticated: false, signedOutByUser: true });
  });

  it('leaves a session ended elsewhere undeliberate, and a new sign-in clears the mark', () => {
    useUserStore.getState().setUser(ME);
    unauthorized();
    expect(useUserStore.getState().signedOutByUser).toBe(false);
    useUserStore.getState().beginSignOut();
    useUserStore.getState().setUser(ME);
    expect(useUserStore.getState()).toMatchObject({ signedOutByUser: false, signingOut: false });
    unauthorized();
    expect(useUserStore.getState().signedOutByUser).toBe(false);
  });
});
