import { Codes } from '@lottery/contract/codes';
import { ok } from '@lottery/contract/envelope';
import { formatMoney } from '@lottery/contract/money';
import { ProviderCallback } from '@lottery/contract/payment';
import { PaymentApi } from '@lottery/contract/payment-api';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../errors';
import { route } from '../../http/route';
import { parse } from '../../plugins/envelope';
import { claimCallbackNonce } from './callback-repo';
import { CALLBACK_MAX_SKEW_MS, checkCallbackSignature } from './callback-signature';
import { completeDeposit, findDeposit, rejectDeposit } from './deposits';
import { paymentChannel } from './settings';

export const CALLBACK_PATH = `/${PaymentApi.providerCallback.path}`;
const MAX_BODY = 4096;

/**
 * The payment provider's server-to-server notification. Accepted only when signed with the
 * channel's secret, fresh, never seen (nonce), and for exactly the order's amount; completing an
 * order twice changes nothing.
 */
export default async function paymentCallbackRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  // the signature covers the exact bytes, so this scope keeps JSON bodies as raw text
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: MAX_BODY },
    (_req, body, done) => done(null, body),
  );

  // The body is the provider's raw JSON text (checked against its signature, then parsed here).
  route(app, PaymentApi.providerCallback, async (request) => {
    const text: unknown = request.body;
    const raw = typeof text === 'string' ? text : '';
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw DomainError.of(Codes.INVALID_PARAM, 'bad json');
    }
    const body = parse(ProviderCallback, parsed);
    const order = await findDeposit(ctx.db, body.orderNo);
    const channel = order ? await paymentChannel(ctx.db, order.tenantId, order.channel) : undefined;
    if (!order || !channel?.providerSecret) throw DomainError.of(Codes.INVALID_PARAM, 'unknown order');
    const nowMs = ctx.clock.now();
    const header = (name: string) => {
      const v = request.headers[name];
      return typeof v === 'string' ? v : undefined;
    };
    const check = checkCallbackSignature(
      channel.providerSecret,
      {
        timestamp: header('x-pay-timestamp'),
        nonce: header('x-pay-nonce'),
        signature: header('x-pay-signature'),
      },
      raw,
      nowMs,
    );
    if (!check.ok) {
      request.log.warn({ orderNo: body.orderNo, reason: check.reason }, 'payment callback refused');
      throw DomainError.of(Codes.INVALID_PARAM, `signature: ${check.reason}`);
    }
    const nonce = header('x-pay-nonce')!;
    const fresh = await claimCallbackNonce(ctx.db, nonce, body.orderNo, nowMs, 2 * CALLBACK_MAX_SKEW_MS);
    if (!fresh) throw DomainError.of(Codes.INVALID_PARAM, 'replayed callback');
    if (body.amount !== formatMoney(order.amountMinor)) {
      request.log.warn({ orderNo: body.orderNo, amount: body.amount }, 'payment callback amount mismatch');
      throw DomainError.of(Codes.INVALID_PARAM, 'amount mismatch');
    }
    if (body.status === 'failed') {
      if (order.status === 'pending') await rejectDeposit(ctx.db, order.orderNo, '支付失败', nowMs);
      return ok({ orderNo: order.orderNo, status: 'rejected' });
    }
    const done = await completeDeposit(ctx.db, order.orderNo, { providerRef: body.providerRef, nowMs });
    return ok({ orderNo: order.orderNo, status: done.order.status, alreadyDone: done.alreadyDone });
  });
}
