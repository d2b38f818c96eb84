import { isLogin } from '../features/auth/api/is-login';
import { getUserInfo } from '../features/user/api/get-user-info';
import { useUserStore } from '../shared/stores/user';

/**
 * At start-up: if this device remembers a logged-in user, ask the server whether the session is
 * still good. If not, the stored user keeps `login: false`, so the guard of the next login page
 * shows the expiry dialog (spec/platform.md §2). If so, refresh the stored user info.
 */
export async function checkStoredSession(): Promise<void> {
  const stored = useUserStore.getState().user;
  if (!stored?.login) return;
  let alive: boolean;
  try {
    alive = await isLogin();
  } catch {
    return; // offline or server down: keep what we know
  }
  if (!alive) {
    useUserStore.getState().markLoggedOut();
    return;
  }
  try {
    useUserStore.getState().signIn(await getUserInfo());
  } catch {
    // the shell already reacted to the code (e.g. 0 -> expiry dialog)
  }
}
