import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { Codes } from '@lottery/contract/codes';
import type { FastifyInstance } from 'fastify';
import { ASSETS_DIR } from '../paths';

/**
 * /static/* serves our own images; everything else not under /v1 serves the built web app, with
 * index.html for client-side routes. Unknown /v1 paths answer NOT_FOUND in the envelope.
 */
export async function registerStatic(app: FastifyInstance, webDist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: ASSETS_DIR,
    prefix: '/static/',
    decorateReply: !existsSync(join(webDist, 'index.html')),
    maxAge: '1d',
  });
  const hasWeb = existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      decorateReply: true,
      wildcard: true,
      index: false,
      // Hashed bundles can be cached for long; index.html never (version check needs fresh HTML).
      setHeaders: (res, path) => {
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    if (
      !path.startsWith('/v1/') &&
      path !== '/v1' &&
      hasWeb &&
      (request.method === 'GET' || request.method === 'HEAD')
    ) {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html', webDist);
    }
    return reply.status(404).send({ code: Codes.NOT_FOUND.code, msg: Codes.NOT_FOUND.msg });
  });
}
