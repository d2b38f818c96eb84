import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { form, json } from '../../test/app';
import { createSession } from '../auth/index';
import { newPlayer } from '../betting/testing';
import { encryptSafetyPassword, setSafetyPassword } from '../security/index';

/** Yuebao fixtures for its tests, the e2e and the bench: a player with a safety password and calls. */

export const SAFETY = '482913';
export type YuebaoPlayer = { cookie: string; userId: number; tenantId: number; userName: string };
export type Reply = { code: number; msg: string; data?: Record<string, unknown> };

export async function saver(app: FastifyInstance, fundYuan: number): Promise<YuebaoPlayer> {
  const p = await newPlayer(app, fundYuan);
  const now = app.ctx.clock.now();
  await setSafetyPassword(
    app.ctx.db,
    { userId: p.userId, userName: p.userName },
    { safetyPassword: encryptSafetyPassword(SAFETY, p.userName, now) },
    now,
  );
  return p;
}

export const wire = (app: FastifyInstance, p: YuebaoPlayer, password = SAFETY) =>
  encryptSafetyPassword(password, p.userName, app.ctx.clock.now());

export const requestKey = () => randomBytes(8).toString('hex');

export async function yGet(
  app: FastifyInstance,
  p: YuebaoPlayer,
  path: string,
  query: Record<string, string | number> = {},
) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const res = await app.inject({
    method: 'GET',
    url: `/v1/${path}${qs ? `?${qs}` : ''}`,
    headers: { cookie: p.cookie },
  });
  return json<Record<string, unknown>>(res) as Reply;
}

export async function yPost(
  app: FastifyInstance,
  p: YuebaoPlayer,
  path: string,
  body: Record<string, string | number | undefined>,
) {
  const f = form(body);
  const res = await app.inject({
    method: 'POST',
    url: `/v1/${path}`,
    payload: f.payload,
    headers: { ...f.headers, cookie: p.cookie },
  });
  return json<Record<string, unknown>>(res) as Reply;
}

/** A new session (after the clock jumped past the idle expiry), without the login call's rate limit. */
export async function relogin(app: FastifyInstance, p: YuebaoPlayer): Promise<void> {
  const token = await createSession(app.ctx.db, {
    tenantId: p.tenantId,
    userId: p.userId,
    ip: '127.0.0.1',
    userAgent: 'yuebao-test',
    now: app.ctx.clock.now(),
  });
  p.cookie = `sid=${token}`;
}

export const transferIn = (app: FastifyInstance, p: YuebaoPlayer, amount: string, requestId = requestKey()) =>
  yPost(app, p, 'balance/transferInYuebao', { amount, safetyPassword: wire(app, p), requestId });

export const transferOut = (
  app: FastifyInstance,
  p: YuebaoPlayer,
  amount: string,
  requestId = requestKey(),
) => yPost(app, p, 'balance/transferOutYuebao', { amount, safetyPassword: wire(app, p), requestId });
