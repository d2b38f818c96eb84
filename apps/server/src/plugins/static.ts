import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { Codes } from '@lottery/contract/codes';
import type { FastifyInstance } from 'fastify';
import { ASSETS_DIR } from '../paths';

/** Vite's content-hashed bundles: a new build gets new names, so a browser may keep them for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * /static/* serves our own images; everything else not under /v1 serves the built web app, with
 * index.html for `/` and every client-side route (its router sends /, /index, /404, /mobile and
 * unknown paths on to /home). Unknown /v1 paths answer NOT_FOUND in the envelope.
 *
 * The build writes a .br and a .gz beside every text asset; `preCompressed` sends the one the
 * browser accepts, with Content-Encoding and Vary: Accept-Encoding, and the plain file otherwise.
 */
export async function registerStatic(app: FastifyInstance, webDist: string): Promise<void> {
  const hasWeb = existsSync(join(webDist, 'index.html'));
  await app.register(fastifyStatic, {
    root: ASSETS_DIR,
    prefix: '/static/',
    decorateReply: !hasWeb,
    maxAge: '1d',
  });
  if (hasWeb) {
    const hashedAssets = join(webDist, 'assets') + sep;
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      decorateReply: true,
      wildcard: true,
      // `/` is the app's index.html (README: "Open http://localhost:8080"); without an index the
      // directory answer was a 403 that became the envelope's -2.
      index: 'index.html',
      redirect: false,
      preCompressed: true,
      // index.html never cached (the version check needs fresh HTML); hashed bundles for a year.
      setHeaders: (res, path) => {
        res.header('cache-control', path.startsWith(hashedAssets) ? IMMUTABLE : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path === '/v1' || path.startsWith('/v1/');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html', webDist);
    }
    return reply.status(404).send({ code: Codes.NOT_FOUND.code, msg: Codes.NOT_FOUND.msg });
  });
}
