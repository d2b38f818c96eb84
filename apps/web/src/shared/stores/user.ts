import { create } from 'zustand';
import { readJson, removeKey, STORAGE_KEYS, writeJson } from '../lib/storage';

/** UserInfo of the agreed API (api.md), as the server sends it. */
export interface UserInfo {
  userId: number | string;
  userName: string;
  nickName: string;
  avatar: string;
  gender: number;
  grade: number;
  gradeName: string;
  isAgent: boolean;
  rebate: string;
  inviteCode?: string;
  userHasSafetyPassword: boolean;
  isChangeSaferyPassword: boolean;
  userHasDigitalPay: boolean;
  rebateupdatedAt: number;
}

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

export const useUserStore = create<UserState>((set, get) => ({
  user: readJson<StoredUser>(STORAGE_KEYS.userInfo),
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

export function isLoggedIn(): boolean {
  return useUserStore.getState().user?.login === true;
}
