import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ChatMessages } from '@lottery/contract/chat';
import { Codes } from '@lottery/contract/codes';
import type { ChatFileData } from '@lottery/contract/files-api';
import type { AppContext } from '../../context';
import { DomainError } from '../../errors';
import { chatRepo } from '../chat/index';
import { reencode, sniffImage } from './image';

export const CHAT_FILES_URL = '/v1/files/chat';
const NAME = /^[A-Za-z0-9_-]{16,40}(_t)?\.jpg$/;
const MONTH = /^\d{6}$/;

const fail = (msg: string) => DomainError.of(Codes.INVALID_PARAM, msg);

/** Where chat images live: DATA_DIR/chat-files/<yyyymm>/<id>.jpg and <id>_t.jpg. */
const rootOf = (ctx: AppContext) => resolve(ctx.config.DATA_DIR, 'chat-files');

/**
 * Stores an uploaded chat image: checked by its content, re-encoded (image and thumbnail) under
 * DATA_DIR, and recorded; `favorite` also saves it to the user's images, in the same transaction.
 */
export async function storeChatImage(
  ctx: AppContext,
  userId: number,
  upload: Buffer,
  favorite: boolean,
): Promise<ChatFileData> {
  const kind = sniffImage(upload);
  if (!kind) throw fail(ChatMessages.imageType);
  const encoded = await reencode(upload, kind);
  if (!encoded) throw fail(ChatMessages.imageType);

  const now = ctx.clock.now();
  const d = new Date(now);
  const month = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  const id = randomBytes(15).toString('base64url');
  const root = rootOf(ctx);
  await mkdir(join(root, month), { recursive: true });
  await writeFile(join(root, month, `${id}.jpg`), encoded.image);
  await writeFile(join(root, month, `${id}_t.jpg`), encoded.thumb);
  const file = {
    imgPath: `${CHAT_FILES_URL}/${month}/${id}.jpg`,
    thumbPath: `${CHAT_FILES_URL}/${month}/${id}_t.jpg`,
    width: encoded.width,
    height: encoded.height,
  };
  await ctx.db.transaction(async (tx) => {
    await chatRepo.insertChatFile(tx, { userId, ...file, bytes: encoded.image.length, now });
    if (favorite) await chatRepo.addSavedImage(tx, userId, file.imgPath, file.thumbPath, now);
  });
  return file;
}

/** A stored chat image's bytes, or null for a name that is not one of ours or not there. */
export async function readChatImage(ctx: AppContext, month: string, name: string): Promise<Buffer | null> {
  if (!MONTH.test(month) || !NAME.test(name)) return null;
  return readFile(join(rootOf(ctx), month, name)).catch(() => null);
}
