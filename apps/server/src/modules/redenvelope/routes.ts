import { Codes } from '@lottery/contract/codes';
import { ok } from '@lottery/contract/envelope';
import { EnvelopeMessages, RedEnvelopeApi } from '@lottery/contract/redenvelope';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../../errors';
import { route } from '../../http/route';
import { userActor } from '../chat/index';

/** Red-envelope calls (spec/platform.md §7). */
export default async function redEnvelopeRoutes(app: FastifyInstance): Promise<void> {
  const { envelopes } = app.chatModule;
  const db = app.ctx.db;
  const member = (request: FastifyRequest) => userActor(db, request);
  /** Guests (no session at all) get the spec's guest text; an expired session still gets code 0. */
  const grabber = (request: FastifyRequest) => {
    if (!request.user && request.sessionState === 'none') {
      throw DomainError.of(Codes.LOGIN_REQUIRED, EnvelopeMessages.guest);
    }
    return member(request);
  };

  route(app, RedEnvelopeApi.config, async (request) => ok(await envelopes.config(await member(request))));

  route(app, RedEnvelopeApi.send, async (request) =>
    ok(await envelopes.send(await member(request), request.body), EnvelopeMessages.sent),
  );

  route(app, RedEnvelopeApi.status, async (request) =>
    ok(await envelopes.status(await grabber(request), request.body.recordId)),
  );

  route(app, RedEnvelopeApi.open, async (request) => {
    const result = await envelopes.open(await grabber(request), request.body.recordId);
    return ok(result, result.msg);
  });

  route(app, RedEnvelopeApi.markRead, async (request) => {
    await envelopes.markRead(await member(request), request.body.recordCode, request.body.state);
    return ok();
  });

  // Both spec paths answer the player's received envelopes (spec §7); the spec names no path for
  // the sent list, so it has ours.
  for (const received of [RedEnvelopeApi.received, RedEnvelopeApi.receivedByUser])
    route(app, received, async (request) =>
      ok(await envelopes.received(await member(request), request.query)),
    );

  route(app, RedEnvelopeApi.sent, async (request) =>
    ok(await envelopes.sent(await member(request), request.query)),
  );
}
