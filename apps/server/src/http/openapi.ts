import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';

const fromZod = createJsonSchemaTransform({ zodToJsonConfig: { unrepresentable: 'any' } });

/**
 * /v1/openapi.json, built by @fastify/swagger from the routes themselves as they are registered
 * through http/route.ts: every /v1 call with its request schema and its reply envelope. Register
 * before the routes (swagger collects them as they are added).
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Lottery platform API',
        version: '1',
        description: [
          'Every reply is HTTP 200 with `{ code, msg, data? }`: code 1 carries the data below, code 0',
          'means the session expired, other codes are listed in packages/contract/src/codes.ts.',
          'POST calls take a form body (application/x-www-form-urlencoded) or JSON with the same fields.',
          'Every path is also reachable as /v1/enpath/{base64 of the path after /v1/}. See docs/api.md.',
        ].join(' '),
      },
      components: { securitySchemes: { sid: { type: 'apiKey', in: 'cookie', name: 'sid' } } },
    },
    transform: (document) => {
      if (!document.url.startsWith('/v1/')) return { schema: { hide: true }, url: document.url };
      return fromZod(document);
    },
  });
  let document: unknown;
  app.get('/v1/openapi.json', { schema: { hide: true } }, async () => {
    document ??= app.swagger();
    return document;
  });
}
