import { createHash, randomBytes, randomInt } from 'node:crypto';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Codes } from '@lottery/contract/codes';
import {
  AUDIT_IMAGE_NAME,
  VerificationMessages as M,
  type SubmitVerificationRequest,
  type VerificationState,
} from '@lottery/contract/verification';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { DomainError } from '../../errors';
import { findUserByName } from '../auth/index';
import { reencodeUpload } from '../files/index';
import { issueResetToken } from '../security/index';
import { tenantOf } from '../site/index';
import { findByReceipt, insertVerification, STATE, spendApproval } from './repo';

const fail = (msg: string) => DomainError.of(Codes.INVALID_PARAM, msg);

/** Where audit photos live: DATA_DIR/audit-files/<yyyymm>/<id>.jpg, never served over HTTP. */
export const auditRootOf = (dataDir: string) => resolve(dataDir, 'audit-files');
export const auditFileOf = (dataDir: string, name: string) => join(auditRootOf(dataDir), `${name}.jpg`);

/** files/uploadAuditImages: checked by content, re-encoded (no metadata kept), stored privately. */
export async function storeAuditImage(ctx: AppContext, upload: Buffer): Promise<string> {
  const encoded = await reencodeUpload(upload);
  if (!encoded) throw fail(M.imageType);
  const d = new Date(ctx.clock.now());
  const month = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  const name = `${month}/${randomBytes(15).toString('base64url')}`;
  await mkdir(join(auditRootOf(ctx.config.DATA_DIR), month), { recursive: true });
  await writeFile(auditFileOf(ctx.config.DATA_DIR, name), encoded);
  return name;
}

const RECEIPT_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
function newReceipt(): string {
  const chars = Array.from({ length: 12 }, () => RECEIPT_ALPHABET[randomInt(RECEIPT_ALPHABET.length)]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4, 8).join('')}-${chars.slice(8).join('')}`;
}
const receiptHash = (receipt: string) =>
  createHash('sha256').update(receipt.toUpperCase().replace(/-/g, '')).digest('hex');

async function accountOf(ctx: AppContext, userName: string) {
  const tenant = await tenantOf(ctx);
  const user = await findUserByName(ctx.db, tenant.id, userName);
  return { tenant, user };
}

/** users/manualVerification: one open request per account; answers the receipt to keep. */
export async function submitVerification(
  ctx: AppContext,
  input: z.infer<typeof SubmitVerificationRequest>,
  ip: string,
): Promise<{ receipt: string }> {
  const { tenant, user } = await accountOf(ctx, input.userName);
  if (!user) throw fail(M.noAccount);
  const images = [...new Set(input.images)];
  for (const name of images) {
    if (!AUDIT_IMAGE_NAME.test(name)) throw fail(M.images);
    const found = await stat(auditFileOf(ctx.config.DATA_DIR, name)).catch(() => null);
    if (!found?.isFile()) throw fail(M.images);
  }
  const receipt = newReceipt();
  const id = await insertVerification(ctx.db, {
    tenantId: tenant.id,
    userId: user.id,
    realName: input.realName,
    phone: input.phone,
    note: input.note,
    images,
    receiptHash: receiptHash(receipt),
    ip,
    now: ctx.clock.now(),
  });
  if (id === undefined) throw fail(M.open);
  return { receipt };
}

const STATE_NAMES: Record<number, VerificationState> = {
  [STATE.pending]: 'pending',
  [STATE.approved]: 'approved',
  [STATE.rejected]: 'rejected',
  [STATE.used]: 'used',
};

/**
 * users/manualVerificationStatus: the request's state. An approved one answers a one-time login
 * password reset token, once: the same transaction marks it used, so a second look (or a racing
 * one) answers `used` without a token.
 */
export async function verificationStatus(
  ctx: AppContext,
  input: { userName: string; receipt: string },
): Promise<{ state: VerificationState; reason: string; createdAt: number; token?: string }> {
  const { user } = await accountOf(ctx, input.userName);
  const row = user ? await findByReceipt(ctx.db, user.id, receiptHash(input.receipt)) : undefined;
  if (!user || !row) throw fail(M.receipt);
  const answer = { reason: row.reason, createdAt: Number(row.created_at) };
  if (row.state !== STATE.approved) return { state: STATE_NAMES[row.state]!, ...answer };
  const token = await ctx.db.transaction(async (tx) =>
    (await spendApproval(tx, Number(row.id), ctx.clock.now()))
      ? issueResetToken(ctx, tx, user.id)
      : undefined,
  );
  return token ? { state: 'approved', ...answer, token } : { state: 'used', ...answer };
}
