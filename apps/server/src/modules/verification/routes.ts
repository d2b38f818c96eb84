import fastifyMultipart from '@fastify/multipart';
import { Codes } from '@lottery/contract/codes';
import { ok } from '@lottery/contract/envelope';
import {
  AUDIT_IMAGE_MAX_BYTES,
  VerificationMessages as M,
  VerificationApi,
} from '@lottery/contract/verification';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../../errors';
import { route } from '../../http/route';
import { storeAuditImage, submitVerification, verificationStatus } from './service';

const fail = (msg: string) => DomainError.of(Codes.INVALID_PARAM, msg);
const perMinute = (max: number) => ({ config: { rateLimit: { max, timeWindow: 60_000 } } });

async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw fail(M.imageType);
  const part = await request.file({ limits: { fileSize: AUDIT_IMAGE_MAX_BYTES, files: 1 } });
  if (!part) throw fail(M.imageType);
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fail(M.imageTooLarge);
    throw error;
  }
}

/**
 * Manual verification (docs/manual-verification.md): visitors' calls (the player cannot sign in),
 * each rate-limited per address. The operator decides with `verification-*` commands.
 */
export default async function verificationRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  await app.register(fastifyMultipart, { limits: { fileSize: AUDIT_IMAGE_MAX_BYTES, files: 1 } });

  route(
    app,
    VerificationApi.uploadAuditImages,
    async (request) => ok({ name: await storeAuditImage(ctx, await uploadedFile(request)) }),
    perMinute(10),
  );

  route(
    app,
    VerificationApi.submit,
    async (request) => ok(await submitVerification(ctx, request.body, request.ip), M.submitted),
    perMinute(5),
  );

  route(
    app,
    VerificationApi.status,
    async (request) => ok(await verificationStatus(ctx, request.body)),
    perMinute(10),
  );
}
