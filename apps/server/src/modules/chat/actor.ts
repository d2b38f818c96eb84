import { ChatMessages } from '@lottery/contract/chat';
import { Codes } from '@lottery/contract/codes';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { DomainError } from '../../errors';
import { type ChatUser, userById } from './repo';

/** Who is acting in chat: a logged-in member or a guest (read and text only). */
export type Actor =
  | { kind: 'user'; tenantId: number; userId: number; sessionId: number | null; user: ChatUser }
  | { kind: 'guest'; tenantId: number; guestCode: string };

export const memberKeyOf = (actor: Actor) =>
  actor.kind === 'user' ? `u:${actor.userId}` : `g:${actor.guestCode}`;

/** The logged-in member, with the fields chat needs; code 0 when the session is gone. */
export async function userActor(db: Db, request: FastifyRequest): Promise<Actor & { kind: 'user' }> {
  const session = request.user;
  if (!session) {
    if (request.sessionState === 'passwordChanged') throw DomainError.of(Codes.PASSWORD_RESET);
    throw DomainError.of(Codes.SESSION_EXPIRED);
  }
  const user = await userById(db, session.tenantId, session.userId);
  if (user?.status !== 'active') throw DomainError.of(Codes.ACCOUNT_ABNORMAL, ChatMessages.accountMismatch);
  return {
    kind: 'user',
    tenantId: session.tenantId,
    userId: session.userId,
    sessionId: session.sessionId,
    user,
  };
}

/** Guest endpoints: a logged-in member acts as themselves; otherwise the guest code is required. */
export async function guestOrUserActor(
  db: Db,
  request: FastifyRequest,
  guestCode: string | undefined,
): Promise<Actor> {
  if (request.user) return userActor(db, request);
  if (!guestCode) throw DomainError.of(Codes.LOGIN_REQUIRED);
  const tenantId = request.tenant?.id;
  if (tenantId === undefined) throw DomainError.of(Codes.MAINTENANCE);
  return { kind: 'guest', tenantId, guestCode };
}
