import { type Endpoint, replyEnvelope } from '@lottery/contract/endpoint';
import type { Envelope } from '@lottery/contract/envelope';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
  RouteShorthandOptions,
} from 'fastify';
import type { z } from 'zod';
import type { SessionUser } from '../context';
import { requireUser } from '../plugins/session';

type Input<E> = E extends Endpoint<infer Req, z.ZodType> ? z.output<Req> : never;
type Output<E> = E extends Endpoint<z.ZodType, infer Data> ? z.input<Data> : never;

/**
 * The request of an endpoint's handler: its query (GET) or body (POST) already parsed by the
 * contract, and for a `login: true` endpoint the session user, whom the login check guarantees.
 */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<
  E['method'] extends 'GET' ? { Querystring: Input<E> } : { Body: Input<E> }
> &
  (E extends { login?: true } ? { user: SessionUser } : unknown);

export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<Envelope<Output<E>> | string>;

/** Route options beyond the contract: rate limits, extra hooks (run after the login check). */
export interface RouteExtras {
  config?: RouteShorthandOptions['config'];
  /** A body limit below the server's (a call that stores what it is sent). */
  bodyLimit?: number;
  preHandler?: preHandlerAsyncHookHandler | preHandlerAsyncHookHandler[];
}

const FORM = ['application/x-www-form-urlencoded', 'application/json'];

/**
 * Registers one call of the contract under the plugin's prefix (/v1): the request is validated by
 * `endpoint.request` (a failure answers -2 with the schema's message), the login check runs before
 * validation (a visitor gets code 0, not a validation message), and a code-1 reply is serialised
 * by `endpoint.data`. The same registration feeds /v1/openapi.json (http/openapi.ts).
 *
 * The handler answers with an envelope (`ok(data)`), or a JSON string it serialised from the same
 * schema earlier (the hot-read caches).
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  extras: RouteExtras = {},
): void {
  const input = endpoint.request
    ? { [endpoint.method === 'GET' ? 'querystring' : 'body']: endpoint.request }
    : {};
  app.route({
    method: endpoint.method,
    url: `/${endpoint.path}`,
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.path.split('/')[0]!],
      ...(endpoint.method === 'POST' ? { consumes: FORM } : {}),
      ...(endpoint.login ? { security: [{ sid: [] }] } : {}),
      ...input,
      response: { 200: replyEnvelope(endpoint.data) },
    },
    ...(endpoint.login ? { preValidation: requireUser } : {}),
    ...(extras.config ? { config: extras.config } : {}),
    ...(extras.bodyLimit ? { bodyLimit: extras.bodyLimit } : {}),
    ...(extras.preHandler ? { preHandler: extras.preHandler } : {}),
    handler: handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
