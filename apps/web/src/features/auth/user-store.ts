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
}

interface UserActions {
  /** Fills the state from the current-user call and marks it authenticated. */
  setUser(user: Me): void;
  /** Back to the defaults (signed out). `byUser` marks a deliberate logout. */
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
});

export const useUserStore = create<UserState & UserActions>()((set) => ({
  ...USER_DEFAULTS,
  setUser: (user) =>
    set({
      authenticated: true,
      id: user.id,
      email: user.email,
      nickname: user.nickname,
      name: user.name,
      avatarUrl: user.avatarUrl,
      signedOutByUser: false,
    }),
  reset: (byUser = false) => set({ ...USER_DEFAULTS, signedOutByUser: byUser }),
}));

/**
 * Whether `userId` is still the signed-in user. Work that started for one user (a request, a send) checks this
 * before it writes what it got, so nothing of theirs lands after they signed out or another account took over.
 */
export function isSignedInAs(userId: string): boolean {
  return userId !== '' && useUserStore.getState().id === userId;
}
