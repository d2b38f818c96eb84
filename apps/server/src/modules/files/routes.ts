import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import { CHAT_IMAGE_MAX_BYTES, ChatMessages } from '@lottery/contract/chat';
import { Codes } from '@lottery/contract/codes';
import { ok } from '@lottery/contract/envelope';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../errors';
import { userActor } from '../chat/actor';
import * as chatRepo from '../chat/repo';
import { queryOne } from '../wallet/sql';
import { reencode, sniffImage } from './image';

const fail = (msg: string) => DomainError.of(Codes.INVALID_PARAM, msg);
const NAME = /^[A-Za-z0-9_-]{16,40}(_t)?\.jpg$/;
const MONTH = /^\d{6}$/;
export const CHAT_FILES_URL = '/v1/files/chat';

/** files/uploadChatFile: content-checked, re-encoded chat images under DATA_DIR, and serving them. */
export default async function fileRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  // Multipart parsing only in this plugin's scope: every other route is spared its hooks.
  await app.register(fastifyMultipart, { limits: { fileSize: 2 * 1024 * 1024, files: 1 } });
  const root = resolve(ctx.config.DATA_DIR, 'chat-files');

  app.post(
    '/files/uploadChatFile',
    { config: { rateLimit: { max: 30, timeWindow: 60_000 } } },
    async (request) => {
      const user = await userActor(ctx.db, request);
      if (!request.isMultipart()) throw fail(ChatMessages.imageType);
      const part = await request.file({ limits: { fileSize: CHAT_IMAGE_MAX_BYTES, files: 1 } });
      if (!part) throw fail(ChatMessages.imageType);
      let buf: Buffer;
      try {
        buf = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw fail(ChatMessages.imageTooLarge);
        throw error;
      }
      const kind = sniffImage(buf);
      if (!kind) throw fail(ChatMessages.imageType);
      const encoded = await reencode(buf, kind);
      if (!encoded) throw fail(ChatMessages.imageType);

      const now = ctx.clock.now();
      const d = new Date(now);
      const month = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
      const id = randomBytes(15).toString('base64url');
      await mkdir(join(root, month), { recursive: true });
      await writeFile(join(root, month, `${id}.jpg`), encoded.image);
      await writeFile(join(root, month, `${id}_t.jpg`), encoded.thumb);
      const imgPath = `${CHAT_FILES_URL}/${month}/${id}.jpg`;
      const thumbPath = `${CHAT_FILES_URL}/${month}/${id}_t.jpg`;
      await queryOne(
        ctx.db,
        sql`INSERT INTO chat_file (user_id, img_path, thumb_path, width, height, bytes, created_at)
          VALUES (${user.userId}, ${imgPath}, ${thumbPath}, ${encoded.width}, ${encoded.height}, ${encoded.image.length}, ${now})`,
      );
      const fields = part.fields as Record<string, { value?: unknown } | undefined>;
      const favorite = ['1', 'true'].includes(String(fields.isFavorite?.value ?? ''));
      if (favorite) await chatRepo.addSavedImage(ctx.db, user.userId, imgPath, thumbPath, now);
      return ok(
        { imgPath, thumbPath, width: encoded.width, height: encoded.height },
        favorite ? ChatMessages.saved : Codes.OK.msg,
      );
    },
  );

  app.get<{ Params: { month: string; name: string } }>('/files/chat/:month/:name', async (request, reply) => {
    const { month, name } = request.params;
    if (!MONTH.test(month) || !NAME.test(name)) return reply.code(404).send();
    const body = await readFile(join(root, month, name)).catch(() => null);
    if (!body) return reply.code(404).send();
    return reply
      .header('content-type', 'image/jpeg')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(body);
  });
}
