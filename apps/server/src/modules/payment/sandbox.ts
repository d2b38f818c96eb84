import { randomBytes } from 'node:crypto';
import { formatMoney } from '@lottery/contract/money';
import { DEPOSIT_CHANNELS, type DepositChannel } from '@lottery/contract/wallet';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CALLBACK_PATH } from './callback';
import { signCallback } from './callback-signature';
import { findDeposit } from './deposits';
import { paymentChannel } from './settings';

/**
 * Sandbox payment provider: stands in for a third-party cashier so deposits can be completed end
 * to end without real money. The player is sent to /sandbox-pay/{orderNo}; pressing 确认支付 makes
 * the "provider" POST a signed callback over HTTP to our callback route, exactly as a real one
 * would. Refused when NODE_ENV=production.
 */

export type CallbackDelivery = (
  path: string,
  headers: Record<string, string>,
  body: string,
) => Promise<unknown>;

const deliveries = new WeakMap<FastifyInstance, CallbackDelivery>();

/** Tests may route the callback through `app.inject` instead of the loopback socket. */
export function setSandboxDelivery(app: FastifyInstance, deliver: CallbackDelivery): void {
  deliveries.set(app, deliver);
}

function loopbackDelivery(app: FastifyInstance): CallbackDelivery {
  return async (path, headers, body) => {
    const address = app.server.address();
    const port = address && typeof address === 'object' ? address.port : app.ctx.config.PORT;
    const res = await fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', headers, body });
    return res.json();
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The cashier's page; its styles are a file under /static (the CSP allows no inline style). */
function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/static/sandbox/cashier.css"></head>
<body><div class="card">${body}</div></body></html>`;
}

const Params = z.object({ orderNo: z.string().regex(/^D\d{21}$/) });

export default async function sandboxRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const enabled = ctx.config.NODE_ENV !== 'production';

  app.get('/sandbox-pay/:orderNo', async (request, reply) => {
    const params = Params.safeParse(request.params);
    const order = enabled && params.success ? await findDeposit(ctx.db, params.data.orderNo) : undefined;
    reply.type('text/html; charset=utf-8');
    if (!order) return reply.code(404).send(page('沙盒支付', '<h1>订单不存在</h1>'));
    const name = DEPOSIT_CHANNELS[order.channel as DepositChannel].name;
    if (order.status !== 'pending') {
      return page(
        '沙盒支付',
        `<h1>${escapeHtml(name)}</h1><p>订单 ${order.orderNo} 状态：${order.status}</p>
        <p><a href="/recharge">返回充值</a></p>`,
      );
    }
    return page(
      '沙盒支付',
      `<h1>沙盒收银台 · ${escapeHtml(name)}</h1><div>订单号 ${order.orderNo}</div>
       <div class="amount">¥${formatMoney(order.amountMinor)}</div>
       <form method="post" action="/sandbox-pay/${order.orderNo}">
         <button class="pay" name="action" value="pay">确认支付</button>
         <button class="fail" name="action" value="fail">支付失败</button>
       </form><p class="note">模拟第三方支付，不产生真实扣款</p>`,
    );
  });

  app.post('/sandbox-pay/:orderNo', async (request, reply) => {
    const params = Params.safeParse(request.params);
    const order = enabled && params.success ? await findDeposit(ctx.db, params.data.orderNo) : undefined;
    const channel = order ? await paymentChannel(ctx.db, order.tenantId, order.channel) : undefined;
    reply.type('text/html; charset=utf-8');
    if (!order || channel?.provider !== 'sandbox' || !channel.providerSecret) {
      return reply.code(404).send(page('沙盒支付', '<h1>订单不存在</h1>'));
    }
    if (order.status !== 'pending') {
      // the cashier only takes money for open orders
      return page(
        '沙盒支付',
        `<h1>订单已${order.status === 'paid' ? '支付' : '关闭'}</h1><p>订单号 ${order.orderNo}</p>
        <p><a href="/recharge">返回商户</a></p>`,
      );
    }
    const action = (request.body as { action?: string } | undefined)?.action === 'fail' ? 'failed' : 'paid';
    const body = JSON.stringify({
      orderNo: order.orderNo,
      amount: formatMoney(order.amountMinor),
      status: action,
      providerRef: `SBX${randomBytes(8).toString('hex')}`,
    });
    const timestamp = ctx.clock.now();
    const nonce = randomBytes(16).toString('hex');
    const headers = {
      'content-type': 'application/json',
      'x-pay-timestamp': String(timestamp),
      'x-pay-nonce': nonce,
      'x-pay-signature': signCallback(channel.providerSecret, timestamp, nonce, body),
    };
    const deliver = deliveries.get(app) ?? loopbackDelivery(app);
    const answer = (await deliver(`/v1${CALLBACK_PATH}`, headers, body)) as { code?: number; msg?: string };
    const paid = answer?.code === 1 && action === 'paid';
    return page(
      '沙盒支付',
      `<h1>${paid ? '支付成功' : '支付未完成'}</h1><p>订单号 ${order.orderNo}</p>
       <p class="note">商户回执：${escapeHtml(String(answer?.msg ?? ''))}</p>
       <p><a href="/recharge">返回商户</a></p>`,
    );
  });
}
