import { create } from 'zustand';
import type { Me } from '@beseda/protocol/user';

/** Spec §3 signed-in user state. */
export interface UserState {
  authenticated: boolean;
  id: string;
  email: string;
  nickname: string;
  name: string;
  avatarUrl: string | null;
  /** True after the user pressed «Выйти»: the guard then sends them to a plain /auth, without a redirect back. */
  signedOutByUser: boolean;
  /**
   * True from the press of «Выйти» until the store resets. The server ends the session before its answer to the
   * logout arrives, so the realtime disconnect or any request in flight may meet a 401 first: that reset is the
   * user's own too (no «Сеанс завершён», no redirect back to the page they left).
   */
  signingOut: boolean;
}

interface UserActions {
  /** Fills the state from the current-user call and marks it authenticated. */
  setUser(user: Me): void;
  /** Marks a logout the user asked for as under way (see `signingOut`). */
  beginSignOut(): void;
  /**
   * Back to the defaults (signed out). `byUser` marks a deliberate logout; so does a reset while one is under way,
   * and a deliberate sign-out stays deliberate when a late 401 resets the store again.
   */
  reset(byUser?: boolean): void;
}

export const USER_DEFAULTS: Readonly<UserState> = Object.freeze({
  authenticated: false,
  id: '',
  email: '',
  nickname: '',
  name: '',
  avatarUrl: null,
  signedOutByUser: false,
  signingOut: false,
});

export const useUserStore = create<UserState & UserActions>()((set, get) => ({
  ...USER_DEFAULTS,
  setUser: (user) =>
    set((state) => ({
      authenticated: true,
      id: user.id,
      email: user.email,
      nickname: user.nickname,
      name: user.name,
      avatarUrl: user.avatarUrl,
      signedOutByUser: false,
      // A re-read of the signed-in user (a resync, a session check) answered before the server ended the session
      // leaves a sign-out under way as it is; only a new sign-in ends it.
      signingOut: state.authenticated && state.id === user.id && state.signingOut,
    })),
  beginSignOut: () => set({ signingOut: true }),
  reset: (byUser = false) => {
    const state = get();
    const deliberate = byUser || state.signingOut || (!state.authenticated && state.signedOutByUser);
    set({ ...USER_DEFAULTS, signedOutByUser: deliberate });
  },
}));

/**
 * Whether `userId` is still the signed-in user. Work that started for one user (a request, a send) checks this
 * before it writes what it got, so nothing of theirs lands after they signed out or another account took over.
 */
export function isSignedInAs(userId: string): boolean {
  return userId !== '' && useUserStore.getState().id === userId;
}
