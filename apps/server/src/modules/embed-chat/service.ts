import { createHash, randomBytes, randomInt } from 'node:crypto';
import { Codes } from '@lottery/contract/codes';
import {
  EMBED_CHAT_KEY_TTL_MS,
  type EmbedChatAccount,
  type EmbedChatBindRequest,
  type EmbedChatRegisterRequest,
  EmbedChatMessages as M,
} from '@lottery/contract/embed-chat';
import type { z } from 'zod';
import type { AppContext, SessionUser } from '../../context';
import type { Executor } from '../../db/sql';
import { DomainError } from '../../errors';
import { findUserById, hashPasswordDigest, verifyPasswordDigest } from '../auth/index';
import { tenantOf } from '../site/index';
import {
  accountByUidForUpdate,
  accountOfUser,
  bindAccount,
  type ChatAccountRow,
  deleteDeadKeys,
  insertAccount,
  insertKey,
  lockPlayer,
  setAvatar,
  spendKey,
} from './repo';

/**
 * The player's 吉聊 account (docs/embed-chat.md). The host page asks for a one-time key; the chat
 * frame spends it (register, bind, or sign in to the bound account). A key is 32 random bytes,
 * stored as its sha256, valid 60 s, spent by one conditional UPDATE that also checks its owner, so
 * it works once and only for the player it was made for.
 */
const fail = (msg: string) => DomainError.of(Codes.INVALID_PARAM, msg);
const keyHashOf = (key: string) => createHash('sha256').update(key).digest('hex');
/** Bounded: a clash of 8-digit uids is rare, ten in a row means something else is wrong. */
const UID_ATTEMPTS = 10;

const view = (row: ChatAccountRow): EmbedChatAccount => ({
  uid: row.uid,
  nickname: row.nickname,
  avatar: row.avatar,
  boundAt: Number(row.bound_at ?? 0),
});

/** Every call answers 吉聊暂未开放 while the site has the embedded chat switched off. */
async function requireEnabled(ctx: AppContext): Promise<void> {
  const tenant = await tenantOf(ctx);
  if ((tenant.config as { embedChatEnabled?: unknown }).embedChatEnabled !== true) throw fail(M.disabled);
}

async function spend(db: Executor, user: SessionUser, key: string, now: number): Promise<void> {
  if (!(await spendKey(db, { userId: user.userId, keyHash: keyHashOf(key), now }))) throw fail(M.key);
}

async function playerAvatar(ctx: AppContext, user: SessionUser): Promise<string> {
  return (await findUserById(ctx.db, user.userId))?.avatar ?? '';
}

export async function bindInfo(ctx: AppContext, user: SessionUser) {
  await requireEnabled(ctx);
  const row = await accountOfUser(ctx.db, user.userId);
  return { bound: row !== undefined, account: row ? view(row) : null };
}

export async function generateLoginOneTimeKey(ctx: AppContext, user: SessionUser) {
  await requireEnabled(ctx);
  const now = ctx.clock.now();
  const oneTimeKey = randomBytes(32).toString('base64url');
  const expiresAt = now + EMBED_CHAT_KEY_TTL_MS;
  await deleteDeadKeys(ctx.db, user.userId, now);
  await insertKey(ctx.db, { userId: user.userId, keyHash: keyHashOf(oneTimeKey), expiresAt, now });
  const bound = (await accountOfUser(ctx.db, user.userId)) !== undefined;
  return { oneTimeKey, expiresAt, bound };
}

/** users/embedChatAccountRegister: a new chat account with the player's avatar, bound to them. */
export async function registerAccount(
  ctx: AppContext,
  user: SessionUser,
  input: z.infer<typeof EmbedChatRegisterRequest>,
): Promise<EmbedChatAccount> {
  await requireEnabled(ctx);
  const passwordHash = await hashPasswordDigest(input.password);
  const avatar = await playerAvatar(ctx, user);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await spend(tx, user, input.oneTimeKey, now);
    await lockPlayer(tx, user.userId);
    if (await accountOfUser(tx, user.userId)) throw fail(M.alreadyBound);
    for (let attempt = 0; attempt < UID_ATTEMPTS; attempt++) {
      const uid = String(randomInt(10_000_000, 100_000_000));
      const row = await insertAccount(tx, {
        tenantId: user.tenantId,
        uid,
        nickname: input.nickname,
        avatar,
        passwordHash,
        userId: user.userId,
        now,
      });
      if (row) return view(row);
    }
    throw DomainError.of(Codes.BUSY_RETRY);
  });
}

/** users/embedChatAccountBind: an existing chat account nobody has bound, proven by its password. */
export async function bindExistingAccount(
  ctx: AppContext,
  user: SessionUser,
  input: z.infer<typeof EmbedChatBindRequest>,
): Promise<EmbedChatAccount> {
  await requireEnabled(ctx);
  const now = ctx.clock.now();
  // The password check (argon2, slow) runs outside the transaction; the bind re-checks the row.
  const found = await ctx.db.transaction((tx) => accountByUidForUpdate(tx, user.tenantId, input.uid));
  if (!found || !(await verifyPasswordDigest(found.password_hash, input.password))) throw fail(M.bindFailed);
  return ctx.db.transaction(async (tx) => {
    await spend(tx, user, input.oneTimeKey, now);
    await lockPlayer(tx, user.userId);
    const mine = await accountOfUser(tx, user.userId);
    if (mine) throw fail(M.alreadyBound);
    const row = await accountByUidForUpdate(tx, user.tenantId, input.uid);
    if (!row || row.id !== found.id) throw fail(M.bindFailed);
    if (row.user_id !== null) throw fail(M.takenByOther);
    const bound = await bindAccount(tx, { id: row.id, userId: user.userId, now });
    if (!bound) throw fail(M.takenByOther);
    return view(bound);
  });
}

/** users/embedChatRefreshAccount: the frame signs in to the bound account with a key. */
export async function refreshAccount(
  ctx: AppContext,
  user: SessionUser,
  oneTimeKey: string,
): Promise<EmbedChatAccount> {
  await requireEnabled(ctx);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await spend(tx, user, oneTimeKey, now);
    const row = await accountOfUser(tx, user.userId);
    if (!row) throw fail(M.notBound);
    return view(row);
  });
}

/** users/embedChatRefreshAvatar: the bound account takes the player's current avatar. */
export async function refreshAvatar(ctx: AppContext, user: SessionUser): Promise<EmbedChatAccount> {
  await requireEnabled(ctx);
  const row = await setAvatar(ctx.db, user.userId, await playerAvatar(ctx, user));
  if (!row) throw fail(M.notBound);
  return view(row);
}

/**
 * A chat account that nobody has bound yet: one that signed up in the chat app itself. Used by
 * the operator's fixtures and tests; the site's own calls always bind what they create.
 */
export async function createUnboundAccount(
  ctx: AppContext,
  input: { tenantId: number; uid: string; nickname: string; password: string },
): Promise<EmbedChatAccount | undefined> {
  const row = await insertAccount(ctx.db, {
    tenantId: input.tenantId,
    uid: input.uid,
    nickname: input.nickname,
    avatar: '',
    passwordHash: await hashPasswordDigest(input.password),
    userId: null,
    now: ctx.clock.now(),
  });
  return row ? view(row) : undefined;
}
