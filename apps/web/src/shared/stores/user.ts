import type { AccountApi } from '@lottery/contract/account';
import { create } from 'zustand';
import type { CallReply } from '../api/call';
import { readJson, removeKey, STORAGE_KEYS, writeJson } from '../lib/storage';

/** The user as users/info, users/login and users/register answer it (the contract's schema). */
export type UserInfo = CallReply<typeof AccountApi.info>;

/** What is kept in localStorage `userInfo` (spec/platform.md §3): the user plus `login` and `theme`. */
export interface StoredUser extends UserInfo {
  login: boolean;
  theme: string;
}

interface UserState {
  user: StoredUser | undefined;
  /** Store a freshly logged-in (or refreshed) user. */
  signIn(info: UserInfo): void;
  /** Update fields of the stored user (after infoUpdate). */
  patch(info: Partial<UserInfo>): void;
  /** The server says the session is gone: keep the record, flag it, so the guard can say so. */
  markLoggedOut(): void;
  clear(): void;
}

function persist(user: StoredUser | undefined): void {
  if (user) writeJson(STORAGE_KEYS.userInfo, user);
  else removeKey(STORAGE_KEYS.userInfo);
}

/**
 * The store starts as a visitor's and takes the stored user at once, below: code reading
 * `getState()` sees the player from the first line, while React renders a server-rendered page's
 * hydration with the store's initial state (zustand's server snapshot), the visitor the server drew,
 * and the player one render later (docs/web.md "Server rendering").
 */
export const useUserStore = create<UserState>((set, get) => ({
  user: undefined,
  signIn(info) {
    const user: StoredUser = { theme: get().user?.theme ?? 'fireRed', ...info, login: true };
    persist(user);
    set({ user });
  },
  patch(info) {
    const current = get().user;
    if (!current) return;
    const user = { ...current, ...info };
    persist(user);
    set({ user });
  },
  markLoggedOut() {
    const current = get().user;
    if (!current?.login) return;
    const user = { ...current, login: false };
    persist(user);
    set({ user });
  },
  clear() {
    persist(undefined);
    set({ user: undefined });
  },
}));
useUserStore.setState({ user: readJson<StoredUser>(STORAGE_KEYS.userInfo) });

export function isLoggedIn(): boolean {
  return useUserStore.getState().user?.login === true;
}
