import { randomBytes } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ChatMessages } from '@lottery/contract/chat';
import { Codes } from '@lottery/contract/codes';
import { MAX_PROOF_IMAGES, type UploadImageFilesData } from '@lottery/contract/files-api';
import type { AppContext } from '../../context';
import { DomainError } from '../../errors';
import { attachProofImages, checkProofUpload, proofFileOf, proofRootOf } from '../payment/index';
import { reencode, reencodeAvatar, sniffImage } from './image';
import { insertAvatar } from './repo';

/**
 * users/uploadImage (own avatars, served publicly) and files/uploadImageFiles (payment proofs of a
 * digital-currency deposit, kept private for the operator). Both check the picture by its content
 * and re-encode it with sharp, so no metadata or foreign bytes are stored (docs/api.md).
 */
export const AVATARS_URL = '/v1/files/avatar';
const AVATAR_NAME = /^[A-Za-z0-9_-]{20}\.jpg$/;
const MONTH = /^\d{6}$/;

const fail = (msg: string) => DomainError.of(Codes.INVALID_PARAM, msg);
const monthOf = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};
const avatarRoot = (ctx: AppContext) => resolve(ctx.config.DATA_DIR, 'avatars');

/** Stores a new avatar and makes it the user's avatar; answers its URL. */
export async function storeAvatar(ctx: AppContext, userId: number, upload: Buffer): Promise<{ url: string }> {
  const kind = sniffImage(upload);
  const image = kind ? await reencodeAvatar(upload, kind) : null;
  if (!image) throw fail(ChatMessages.imageType);
  const now = ctx.clock.now();
  const month = monthOf(now);
  const name = `${randomBytes(15).toString('base64url')}.jpg`;
  await mkdir(join(avatarRoot(ctx), month), { recursive: true });
  const file = join(avatarRoot(ctx), month, name);
  await writeFile(file, image);
  const url = `${AVATARS_URL}/${month}/${name}`;
  try {
    await ctx.db.transaction((tx) => insertAvatar(tx, { userId, path: url, bytes: image.length, now }));
  } catch (error) {
    await unlink(file).catch(() => undefined);
    throw error;
  }
  return { url };
}

export async function readAvatar(ctx: AppContext, month: string, name: string): Promise<Buffer | null> {
  if (!MONTH.test(month) || !AVATAR_NAME.test(name)) return null;
  return readFile(join(avatarRoot(ctx), month, name)).catch(() => null);
}

/**
 * Proof images of one own, pending digital-currency order: all pictures are checked and
 * re-encoded before any is written; the rows are recorded under the order's lock (payment module),
 * and the written files are removed again when that refuses them.
 */
export async function storeProofImages(
  ctx: AppContext,
  userId: number,
  orderNo: string,
  uploads: Buffer[],
): Promise<UploadImageFilesData> {
  if (uploads.length === 0) throw fail(ChatMessages.imageType);
  await checkProofUpload(ctx.db, userId, orderNo, uploads.length);
  const encoded: Buffer[] = [];
  for (const upload of uploads) {
    const kind = sniffImage(upload);
    const image = kind ? await reencode(upload, kind) : null;
    if (!image) throw fail(ChatMessages.imageType);
    encoded.push(image.image);
  }
  const now = ctx.clock.now();
  const month = monthOf(now);
  await mkdir(join(proofRootOf(ctx.config.DATA_DIR), month), { recursive: true });
  const stored = encoded.map((image) => ({
    name: `${month}/${randomBytes(15).toString('base64url')}`,
    image,
  }));
  for (const s of stored) await writeFile(proofFileOf(ctx.config.DATA_DIR, s.name), s.image);
  try {
    const count = await attachProofImages(
      ctx.db,
      userId,
      orderNo,
      stored.map((s) => ({ name: s.name, bytes: s.image.length })),
      now,
    );
    return { orderNo, names: stored.map((s) => s.name), count, max: MAX_PROOF_IMAGES };
  } catch (error) {
    for (const s of stored) await unlink(proofFileOf(ctx.config.DATA_DIR, s.name)).catch(() => undefined);
    throw error;
  }
}
