import { join, resolve } from 'node:path';
import { Codes } from '@lottery/contract/codes';
import { MAX_PROOF_IMAGES } from '@lottery/contract/files-api';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Executor, queryOne, queryRows } from '../../db/sql';
import { DomainError } from '../../errors';

/**
 * Payment proof images of a digital-currency deposit order (docs/api.md): the player uploads
 * screenshots of the on-chain transfer (files/uploadImageFiles, stored privately by the files
 * module) for the operator who confirms the order; transaction/digitalCurrencyOrderImageCount
 * counts them. Only the order's owner reaches either call, and at most MAX_PROOF_IMAGES per order:
 * the count and the inserts run under the order's row lock, so parallel uploads cannot pass it.
 */
export const ProofMessages = {
  noOrder: '订单不存在',
  notDigital: '该订单不是数字货币充值订单',
  tooMany: `每笔订单最多上传${MAX_PROOF_IMAGES}张凭证`,
} as const;

/** Where proof images live: DATA_DIR/deposit-proofs/<yyyymm>/<id>.jpg, never served over HTTP. */
export const proofRootOf = (dataDir: string) => resolve(dataDir, 'deposit-proofs');
export const proofFileOf = (dataDir: string, name: string) => join(proofRootOf(dataDir), `${name}.jpg`);

type OrderRow = { user_id: string; channel: string; status: string };

async function ownDigitalOrder(db: Executor, userId: number, orderNo: string, lock: boolean) {
  const order = await queryOne<OrderRow>(
    db,
    sql`SELECT user_id::text, channel, status FROM deposit_order WHERE order_no = ${orderNo}
        ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  if (!order || Number(order.user_id) !== userId)
    throw DomainError.of(Codes.INVALID_PARAM, ProofMessages.noOrder);
  if (order.channel !== 'digitalcurrencypay')
    throw DomainError.of(Codes.INVALID_PARAM, ProofMessages.notDigital);
  return order;
}

async function countOf(db: Executor, orderNo: string): Promise<number> {
  const row = await queryOne<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM deposit_proof_image WHERE order_no = ${orderNo}`,
  );
  return row?.n ?? 0;
}

export async function proofImageCount(db: Db, userId: number, orderNo: string) {
  await ownDigitalOrder(db, userId, orderNo, false);
  return { orderNo, count: await countOf(db, orderNo), max: MAX_PROOF_IMAGES };
}

/** Checked before the files are written: own digital order, still pending, room left. */
export async function checkProofUpload(
  db: Db,
  userId: number,
  orderNo: string,
  files: number,
): Promise<void> {
  const order = await ownDigitalOrder(db, userId, orderNo, false);
  if (order.status !== 'pending') throw DomainError.of(Codes.ORDER_STATE_CHANGED);
  if ((await countOf(db, orderNo)) + files > MAX_PROOF_IMAGES)
    throw DomainError.of(Codes.INVALID_PARAM, ProofMessages.tooMany);
}

/** Records stored proof images, all or none, under the order's row lock; answers the new count. */
export async function attachProofImages(
  db: Db,
  userId: number,
  orderNo: string,
  images: { name: string; bytes: number }[],
  nowMs: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    const order = await ownDigitalOrder(tx, userId, orderNo, true);
    if (order.status !== 'pending') throw DomainError.of(Codes.ORDER_STATE_CHANGED);
    const count = await countOf(tx, orderNo);
    if (count + images.length > MAX_PROOF_IMAGES)
      throw DomainError.of(Codes.INVALID_PARAM, ProofMessages.tooMany);
    for (const image of images) {
      await tx.execute(
        sql`INSERT INTO deposit_proof_image (order_no, user_id, name, bytes, created_at)
            VALUES (${orderNo}, ${userId}, ${image.name}, ${image.bytes}, ${nowMs})`,
      );
    }
    return count + images.length;
  });
}

/** The operator's view: stored names of an order's proof images, oldest first. */
export async function proofImagesOf(db: Executor, orderNo: string): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`SELECT name FROM deposit_proof_image WHERE order_no = ${orderNo} ORDER BY id`,
  );
  return rows.map((r) => r.name);
}
