import type { UserInfo } from '@lottery/contract/account';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Limits } from './limits';
import type { AttemptLimiter } from './modules/auth/index';
import type { TenantCache } from './modules/site/index';

/** What every module reads from the app: `app.ctx`. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  /** Digits of the next captcha; tests inject a known answer. */
  captchaText: () => string;
  /** The configured tenant (TENANT_CODE), cached briefly. */
  tenant: TenantCache;
  limits: Limits;
  /** Attempts naming one account (login, register), across IPs. */
  accountLimiter: AttemptLimiter;
  /** Told when sessions end early (logout, password change), so their sockets close at once. */
  onSessionsRevoked: SessionRevokedListener[];
  /**
   * The user-info flags that modules above auth own (safety password: security; digital wallets:
   * payment). app.ts wires them, so auth depends on neither.
   */
  userFlags: (db: Db, userId: number) => Promise<UserFlags>;
}

export type UserFlags = Pick<UserInfo, 'userHasSafetyPassword' | 'userHasDigitalPay'>;

export type SessionRevokedListener = (sessionIds: readonly number[], reason: 'logout' | 'password') => void;

/** The logged-in user behind the request's session cookie. */
export interface SessionUser {
  userId: number;
  tenantId: number;
  userName: string;
  sessionId: number;
}

/** Why a request has no user: 'none' = no cookie; others come from a `sid` that no longer works. */
export type SessionState = 'none' | 'valid' | 'expired' | 'revoked' | 'passwordChanged';

export interface TenantRow {
  id: number;
  code: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    sessionState: SessionState;
    tenant: TenantRow | null;
  }
}
