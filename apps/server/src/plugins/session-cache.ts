/** A session that a lookup found valid, as the request sees it. */
export interface CachedSession {
  sessionId: number;
  userId: number;
  tenantId: number;
  userName: string;
}

/**
 * Valid sessions this process looked up in the last `ttlMs`, by token: a signed-in player's
 * calls cost no session round trip within that window. Revocations made by this process drop their
 * sessions at once (logout, password change); one made by another process is honoured here
 * within `ttlMs` at most (docs/security.md), and so is an expiry.
 */
export class SessionCache {
  private readonly byToken = new Map<string, { session: CachedSession; seenAt: number }>();

  constructor(
    private readonly ttlMs = 3000,
    private readonly max = 50_000,
  ) {}

  get(token: string, now: number): CachedSession | undefined {
    const hit = this.byToken.get(token);
    if (!hit) return undefined;
    if (now < hit.seenAt || now - hit.seenAt >= this.ttlMs) {
      this.byToken.delete(token);
      return undefined;
    }
    return hit.session;
  }

  set(token: string, session: CachedSession, now: number): void {
    if (this.byToken.size >= this.max) this.byToken.clear();
    this.byToken.set(token, { session, seenAt: now });
  }

  forgetSessions(sessionIds: readonly number[]): void {
    const gone = new Set(sessionIds);
    for (const [token, hit] of this.byToken) if (gone.has(hit.session.sessionId)) this.byToken.delete(token);
  }
}
