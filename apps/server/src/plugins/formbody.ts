import type { FastifyInstance } from 'fastify';

/** application/x-www-form-urlencoded -> plain object (last value wins for repeated keys). */
export function registerFormBody(app: FastifyInstance, bodyLimit = 64 * 1024): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
}
