import { failureEnvelope } from '@lottery/contract/endpoint';
import type { FastifyInstance, FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * Input: fastify-type-provider-zod's validator over the contract schema. A call without a body or
 * query is validated as `{}`, as the spec's forms may omit every optional field.
 */
const validateInput: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler(route);
  return (data) => validate(data ?? {});
};

const serializeFailure = serializerCompiler({ schema: failureEnvelope, method: '', url: '' });

/**
 * Output: each route's 200 schema is `replyEnvelope(data)` (contract/endpoint.ts), a union of the
 * success and the failure envelope. A code-1 reply is encoded by the success schema alone, so a
 * reply whose data does not match its schema is a ResponseSerializationError rather than slipping
 * through as a "failure"; other codes by the failure schema.
 *
 * In production a mismatch is logged and the reply goes out as the handler built it: a player
 * should not lose an answer (a bet's receipt, a balance) to a schema slip that tests missed.
 */
function serializeReply(app: FastifyInstance, production: boolean): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const schema = route.schema as z.ZodType & { options?: readonly z.ZodType[] };
    const success = schema.options?.[0];
    if (!success) return serializerCompiler(route);
    const serializeSuccess = serializerCompiler({ ...route, schema: success });
    return (reply) => {
      if ((reply as { code?: unknown } | null)?.code !== 1) return serializeFailure(reply);
      if (!production) return serializeSuccess(reply);
      try {
        return serializeSuccess(reply);
      } catch (error) {
        app.log.error({ err: error, url: route.url }, 'reply does not match its response schema');
        return JSON.stringify(reply);
      }
    };
  };
}

/** Every route's request and response go through its contract schemas (see http/route.ts). */
export function registerCompilers(app: FastifyInstance, production: boolean): void {
  app.setValidatorCompiler(validateInput);
  app.setSerializerCompiler(serializeReply(app, production));
}
