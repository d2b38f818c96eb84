import fastifyMultipart from '@fastify/multipart';
import { CHAT_IMAGE_MAX_BYTES, ChatMessages } from '@lottery/contract/chat';
import { Codes } from '@lottery/contract/codes';
import { ok } from '@lottery/contract/envelope';
import { FilesApi, MAX_PROOF_IMAGES } from '@lottery/contract/files-api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { DomainError } from '../../errors';
import { route } from '../../http/route';
import { userActor } from '../chat/index';
import { readChatImage, storeChatImage } from './service';
import { readAvatar, storeAvatar, storeProofImages } from './uploads';

export { CHAT_FILES_URL } from './service';

const fail = (msg: string) => DomainError.of(Codes.INVALID_PARAM, msg);

/** The uploaded file of a multipart form and its isFavorite field. */
async function uploadedImage(request: FastifyRequest): Promise<{ bytes: Buffer; favorite: boolean }> {
  if (!request.isMultipart()) throw fail(ChatMessages.imageType);
  const part = await request.file({ limits: { fileSize: CHAT_IMAGE_MAX_BYTES, files: 1 } });
  if (!part) throw fail(ChatMessages.imageType);
  try {
    const bytes = await part.toBuffer();
    const fields = part.fields as Record<string, { value?: unknown } | undefined>;
    return { bytes, favorite: ['1', 'true'].includes(String(fields.isFavorite?.value ?? '')) };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw fail(ChatMessages.imageTooLarge);
    throw error;
  }
}

const ORDER_NO = /^D\d{21}$/;

/**
 * A proof-images form: the orderNo field, then 1-MAX_PROOF_IMAGES files of at most 2 MB each
 * (fields before files, as browsers send them in form order).
 */
async function proofForm(request: FastifyRequest): Promise<{ orderNo: string; files: Buffer[] }> {
  if (!request.isMultipart()) throw fail(ChatMessages.imageType);
  let orderNo = '';
  const files: Buffer[] = [];
  try {
    for await (const part of request.parts({
      limits: { fileSize: CHAT_IMAGE_MAX_BYTES, files: MAX_PROOF_IMAGES, fields: 4 },
    })) {
      if (part.type === 'file') files.push(await part.toBuffer());
      else if (part.fieldname === 'orderNo') orderNo = String(part.value);
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fail(ChatMessages.imageTooLarge);
    if (code === 'FST_FILES_LIMIT') throw fail(ProofMessagesTooMany);
    throw error;
  }
  if (!ORDER_NO.test(orderNo)) throw fail('订单号不正确');
  return { orderNo, files };
}
const ProofMessagesTooMany = `每笔订单最多上传${MAX_PROOF_IMAGES}张凭证`;

/** files/uploadChatFile: content-checked, re-encoded chat images under DATA_DIR, and serving them. */
export default async function fileRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  // Multipart parsing only in this plugin's scope: every other route is spared its hooks.
  await app.register(fastifyMultipart, { limits: { fileSize: 2 * 1024 * 1024, files: 1 } });

  route(
    app,
    FilesApi.uploadChatFile,
    async (request) => {
      const user = await userActor(ctx.db, request);
      const upload = await uploadedImage(request);
      const file = await storeChatImage(ctx, user.userId, upload.bytes, upload.favorite);
      return ok(file, upload.favorite ? ChatMessages.saved : Codes.OK.msg);
    },
    { config: { rateLimit: { max: 30, timeWindow: 60_000 } } },
  );

  route(
    app,
    FilesApi.uploadImage,
    async (request) => {
      const upload = await uploadedImage(request);
      return ok(await storeAvatar(ctx, request.user.userId, upload.bytes));
    },
    { config: { rateLimit: { max: 10, timeWindow: 60_000 } } },
  );

  route(
    app,
    FilesApi.uploadImageFiles,
    async (request) => {
      const form = await proofForm(request);
      return ok(await storeProofImages(ctx, request.user.userId, form.orderNo, form.files));
    },
    { config: { rateLimit: { max: 10, timeWindow: 60_000 } } },
  );

  // The images themselves: files, not API calls (no envelope), so outside the contract and openapi.json.
  const serveJpeg = (
    path: string,
    read: (ctx: AppContext, month: string, name: string) => Promise<Buffer | null>,
  ) =>
    app.get<{ Params: { month: string; name: string } }>(
      path,
      { schema: { hide: true } },
      async (request, reply) => {
        const body = await read(ctx, request.params.month, request.params.name);
        if (!body) return reply.code(404).send();
        return reply
          .header('content-type', 'image/jpeg')
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .send(body);
      },
    );
  serveJpeg('/files/avatar/:month/:name', readAvatar);
  serveJpeg('/files/chat/:month/:name', readChatImage);
}
