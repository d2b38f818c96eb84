import { Codes } from '@lottery/contract/codes';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isDatabaseUnavailable } from '../db/client';
import { DomainError } from '../errors';

/** Validate input with a contract schema; the first problem becomes code -2 with a precise message. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw validationError(result.error);
}

export function validationError(error: z.ZodError): DomainError {
  const issue = error.issues[0];
  return firstProblem(issue && { field: issue.path.join('.'), message: issue.message, code: issue.code });
}

/** zod's own problems in words a player reads (its defaults are English). */
const ZOD_TEXT: Record<string, string> = {
  invalid_type: '格式不正确',
  invalid_format: '格式不正确',
  not_multiple_of: '格式不正确',
  too_small: '超出范围',
  too_big: '超出范围',
  invalid_value: '取值无效',
};

function firstProblem(issue: { field: string; message: string; code: string } | undefined): DomainError {
  if (!issue) return DomainError.of(Codes.INVALID_PARAM, Codes.INVALID_PARAM.msg);
  // Our schemas carry the spec's texts (Chinese); zod's defaults name the field and the problem.
  if (/[\u4e00-\u9fa5]/.test(issue.message)) return DomainError.of(Codes.INVALID_PARAM, issue.message);
  const field = issue.field || '参数';
  const msg = /received undefined/.test(issue.message)
    ? `缺少参数 ${field}`
    : `${field} ${ZOD_TEXT[issue.code] ?? '不正确'}`;
  return DomainError.of(Codes.INVALID_PARAM, msg);
}

/**
 * Whether PostgreSQL refused a value as data (SQLSTATE class 22, "data exception": 22P02 not a
 * number, 22003 out of range, 22021 / 22P05 a NUL byte ...), here or anywhere in the cause chain
 * (drizzle wraps the driver's error). The contract refuses such values first (contract/src/ids.ts,
 * text.ts); reaching this means a field escaped it, which is the caller's bad parameter, not ours.
 */
export function isInvalidInput(error: unknown): boolean {
  let current: unknown = error;
  // bounded: a cause chain is short
  for (let depth = 0; depth < 8 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Global error handler: every failure leaves as `{ code, msg }`, never a stack trace. */
export function registerEnvelope(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | DomainError | z.ZodError, request, reply) => {
    if (error instanceof DomainError) {
      const body =
        error.data === undefined
          ? { code: error.code, msg: error.message }
          : {
              code: error.code,
              msg: error.message,
              data: error.data,
            };
      return reply.status(200).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // a route's contract schema refused the input (http/route.ts): same answer as parse()
      const first = error.validation[0]!;
      const field = first.instancePath.slice(1).replaceAll('/', '.');
      const e = firstProblem({ field, message: first.message ?? '', code: first.keyword });
      return reply.status(200).send({ code: e.code, msg: e.message });
    }
    if (error instanceof z.ZodError) {
      const e = validationError(error);
      return reply.status(200).send({ code: e.code, msg: e.message });
    }
    if (isDatabaseUnavailable(error)) {
      // An outage is a business answer the web knows (-5: 系统繁忙，请稍后重试), not a server
      // error: the database watch logs the outage once, so each refused call is only debug.
      request.log.debug({ err: error }, 'database unavailable: answered busy');
      return reply.status(200).send({ code: Codes.BUSY_RETRY.code, msg: Codes.BUSY_RETRY.msg });
    }
    if (isInvalidInput(error)) {
      // a warning: the contract should have refused the value before the database saw it
      request.log.warn({ err: error, url: request.url }, 'database refused a value: answered -2');
      return reply.status(200).send({ code: Codes.INVALID_PARAM.code, msg: Codes.INVALID_PARAM.msg });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 429) {
      return reply.status(200).send({ code: Codes.TOO_FREQUENT.code, msg: Codes.TOO_FREQUENT.msg });
    }
    if (status === 413) {
      return reply.status(200).send({ code: Codes.INVALID_PARAM.code, msg: '请求内容过大' });
    }
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'bad request');
      return reply.status(200).send({ code: Codes.INVALID_PARAM.code, msg: Codes.INVALID_PARAM.msg });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: Codes.SERVER_ERROR.code, msg: Codes.SERVER_ERROR.msg });
  });
}
