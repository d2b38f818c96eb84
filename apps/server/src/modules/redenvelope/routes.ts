import { Codes } from '@lottery/contract/codes';
import { ok } from '@lottery/contract/envelope';
import {
  EnvelopeMessages,
  EnvelopeRecordsQuery,
  EnvelopeRefBody,
  ReadEnvelopeBody,
  SendEnvelopeBody,
  TransferConfigQuery,
} from '@lottery/contract/redenvelope';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../../errors';
import { parse } from '../../plugins/envelope';
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

  app.get('/transfer/queryConfigurationInformation', async (request) => {
    parse(TransferConfigQuery, request.query);
    return ok(await envelopes.config(await member(request)));
  });

  app.post('/chat/sendRedEnvelope', async (request) => {
    const b = parse(SendEnvelopeBody, request.body);
    return ok(await envelopes.send(await member(request), b), EnvelopeMessages.sent);
  });

  app.post('/chat/snatchRedEnvelope', async (request) => {
    const b = parse(EnvelopeRefBody, request.body);
    return ok(await envelopes.status(await grabber(request), b.recordId));
  });

  app.post('/chat/openRedEnvelope', async (request) => {
    const b = parse(EnvelopeRefBody, request.body);
    const result = await envelopes.open(await grabber(request), b.recordId);
    return ok(result, result.msg);
  });

  app.post('/chat/updateReadedRedEnvelop', async (request) => {
    const b = parse(ReadEnvelopeBody, request.body);
    await envelopes.markRead(await member(request), b.recordCode, b.state);
    return ok();
  });

  // Both spec paths answer the player's received envelopes (spec §7); the spec names no path for
  // the sent list, so it has ours.
  const received = async (request: FastifyRequest) => {
    const q = parse(EnvelopeRecordsQuery, request.query);
    return ok(await envelopes.received(await member(request), q));
  };
  app.get('/transfer/queryReceiveRedEnvelope', received);
  app.get('/transfer/queryFrontReceiveRedEnvelopeByUserid', received);

  app.get('/transfer/querySendRedEnvelope', async (request) => {
    const q = parse(EnvelopeRecordsQuery, request.query);
    return ok(await envelopes.sent(await member(request), q));
  });
}
