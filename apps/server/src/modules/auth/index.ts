// The public surface of the auth module: what other modules, jobs, realtime and the CLI may use.
export {
  type AccountState,
  announceSessionsEnded,
  endAccountSessions,
  setAccountStatus,
  unlockAccount,
} from './account-status';
export { DEFAULT_AVATARS } from './avatars';
export { AttemptLimiter } from './limiter';
export { hashPasswordDigest, passwordDigest, verifyPasswordDigest } from './password';
export type { NewUser, UserRow } from './repo';
export { findUserById, findUserByName, insertUser, updatePasswordHash } from './repo';
export { createSession, findSession, revokeOtherSessions, SESSION_ABSOLUTE_MS } from './session-repo';
export { raiseGrade, setAvatar, setUserRebate, userGrade } from './user-writes';
