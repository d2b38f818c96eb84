import { Codes } from '@lottery/contract/codes';
import {
  BankCardNumber,
  type DigitalProtocol,
  FieldMessages,
  fieldError,
  isDigitalProtocol,
  RealName,
  walletAccountNumber,
  walletAddress,
} from '@lottery/contract/fields';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Executor, queryOne, queryRows } from '../../db/sql';
import { DomainError } from '../../errors';
import { bankByCode, bankOfCard } from './banks';
import { ensureSecurityRow } from './safety-password';

export type PayoutKind = 'bank' | 'alipay' | 'wechat' | 'digital';

export type PayoutAccount = {
  id: number;
  userId: number;
  kind: PayoutKind;
  bankCode: string | null;
  bankName: string | null;
  accountNo: string;
  realName: string | null;
  branch: string | null;
  protocol: string | null;
  alias: string | null;
  createdAt: number;
  updatedAt: number;
};

type Row = {
  id: string;
  user_id: string;
  kind: PayoutKind;
  bank_code: string | null;
  bank_name: string | null;
  account_no: string;
  real_name: string | null;
  branch: string | null;
  protocol: string | null;
  alias: string | null;
  created_at: string;
  updated_at: string;
};

const COLUMNS = sql`id::text, user_id::text, kind, bank_code, bank_name, account_no, real_name, branch,
  protocol, alias, created_at::text, updated_at::text`;

const toAccount = (r: Row): PayoutAccount => ({
  id: Number(r.id),
  userId: Number(r.user_id),
  kind: r.kind,
  bankCode: r.bank_code,
  bankName: r.bank_name,
  accountNo: r.account_no,
  realName: r.real_name,
  branch: r.branch,
  protocol: r.protocol,
  alias: r.alias,
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

export async function listPayoutAccounts(
  db: Executor,
  userId: number,
  kind?: PayoutKind,
): Promise<PayoutAccount[]> {
  const rows = await queryRows<Row>(
    db,
    sql`SELECT ${COLUMNS} FROM payout_account WHERE user_id = ${userId}
        ${kind ? sql`AND kind = ${kind}` : sql``} ORDER BY id`,
  );
  return rows.map(toAccount);
}

export async function findPayoutAccount(
  db: Executor,
  userId: number,
  id: number,
): Promise<PayoutAccount | undefined> {
  const row = await queryOne<Row>(
    db,
    sql`SELECT ${COLUMNS} FROM payout_account WHERE id = ${id} AND user_id = ${userId}`,
  );
  return row ? toAccount(row) : undefined;
}

/** The real name bound with the user's first payout account, if any (getFirstLockBankCard). */
export async function boundRealName(db: Executor, userId: number): Promise<string | null> {
  const row = await queryOne<{ real_name: string | null }>(
    db,
    sql`SELECT real_name FROM user_security WHERE user_id = ${userId}`,
  );
  return row?.real_name ?? null;
}

/**
 * Real name (the contract's RealName rule); the first bound account fixes the name and every later
 * account must carry the same one.
 */
async function checkRealName(db: Executor, userId: number, realName: string): Promise<void> {
  const problem = fieldError(RealName, realName);
  if (problem) throw DomainError.of(Codes.INVALID_PARAM, problem);
  const bound = await boundRealName(db, userId);
  if (bound !== null && bound !== realName)
    throw DomainError.of(Codes.INVALID_PARAM, '真实姓名须与首次绑定的姓名一致');
}

async function lockRealName(db: Executor, userId: number, realName: string): Promise<void> {
  await ensureSecurityRow(db, userId);
  await db.execute(
    sql`UPDATE user_security SET real_name = ${realName} WHERE user_id = ${userId} AND real_name IS NULL`,
  );
}

export type BankCardInput = { bankCode?: string; cardNo: string; realName: string; branch?: string };

function resolveBank(input: BankCardInput) {
  if (!BankCardNumber.safeParse(input.cardNo).success)
    throw DomainError.of(Codes.BANK_CARD_INVALID, FieldMessages.bankCard);
  const bank = input.bankCode ? bankByCode(input.bankCode) : bankOfCard(input.cardNo);
  if (!bank) throw DomainError.of(Codes.BANK_CARD_INVALID, '请选择开户银行');
  return bank;
}

/** One binding per player at a time: the real-name and count checks hold under simultaneous adds. */
async function lockPayouts(tx: Executor, userId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('payout'), ${userId}::int)`);
}

/**
 * A bank card number belongs to one player of the tenant. Adds and edits that name a number take
 * its lock (after the player's own lock, always in that order) before checking, so two players
 * racing onto one number cannot both pass the check. A hash collision only serialises two numbers.
 */
async function claimCardNumber(
  tx: Executor,
  tenantId: number,
  userId: number,
  cardNo: string,
): Promise<void> {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtext('payout-card'), hashtext(${`${tenantId}:${cardNo}`}))`,
  );
  const other = await queryOne<{ id: string }>(
    tx,
    sql`SELECT id::text FROM payout_account WHERE tenant_id = ${tenantId} AND kind = 'bank'
          AND account_no = ${cardNo} AND user_id <> ${userId} LIMIT 1`,
  );
  if (other) throw DomainError.of(Codes.BANK_CARD_EXISTS);
}

async function insertAccount(
  db: Executor,
  userId: number,
  tenantId: number,
  fields: Omit<PayoutAccount, 'id' | 'userId' | 'createdAt' | 'updatedAt'>,
  nowMs: number,
): Promise<PayoutAccount> {
  const row = await queryOne<Row>(
    db,
    sql`INSERT INTO payout_account (tenant_id, user_id, kind, bank_code, bank_name, account_no, real_name, branch,
          protocol, alias, created_at, updated_at)
        VALUES (${tenantId}, ${userId}, ${fields.kind}, ${fields.bankCode}, ${fields.bankName}, ${fields.accountNo},
          ${fields.realName}, ${fields.branch}, ${fields.protocol}, ${fields.alias}, ${nowMs}, ${nowMs})
        ON CONFLICT (user_id, kind, account_no) DO NOTHING
        RETURNING ${COLUMNS}`,
  );
  if (!row)
    throw DomainError.of(
      Codes.BANK_CARD_EXISTS,
      fields.kind === 'bank' ? Codes.BANK_CARD_EXISTS.msg : '该账户已绑定',
    );
  if (fields.realName) await lockRealName(db, userId, fields.realName);
  return toAccount(row);
}

export async function addBankCard(
  db: Db,
  user: { userId: number; tenantId: number },
  input: BankCardInput,
  maxCards: number,
  nowMs: number,
): Promise<PayoutAccount> {
  const bank = resolveBank(input);
  return db.transaction(async (db) => {
    await lockPayouts(db, user.userId);
    await checkRealName(db, user.userId, input.realName);
    const taken = await queryOne<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM payout_account WHERE user_id = ${user.userId} AND kind = 'bank'`,
    );
    if ((taken?.n ?? 0) >= maxCards)
      throw DomainError.of(Codes.BANK_CARD_LIMIT, `最多可绑定${maxCards}张银行卡`);
    await claimCardNumber(db, user.tenantId, user.userId, input.cardNo);
    return insertAccount(
      db,
      user.userId,
      user.tenantId,
      {
        kind: 'bank',
        bankCode: bank.bankCode,
        bankName: bank.bankName,
        accountNo: input.cardNo,
        realName: input.realName,
        branch: input.branch?.trim() || null,
        protocol: null,
        alias: null,
      },
      nowMs,
    );
  });
}

/**
 * Removes an own bank card inside the caller's transaction (users/destructionCheckBankCard), under
 * the player's payout lock so it cannot interleave with an add or edit; answers how many bank
 * cards remain. The bound real name stays: the next card must carry the same one.
 */
export async function removeBankCard(tx: Executor, userId: number, id: number): Promise<number> {
  await lockPayouts(tx, userId);
  const removed = await queryOne<{ id: string }>(
    tx,
    sql`DELETE FROM payout_account WHERE id = ${id} AND user_id = ${userId} AND kind = 'bank' RETURNING id::text`,
  );
  if (!removed) throw DomainError.of(Codes.INVALID_PARAM, '账户不存在');
  const left = await queryOne<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM payout_account WHERE user_id = ${userId} AND kind = 'bank'`,
  );
  return left?.n ?? 0;
}

async function updateAccount(
  db: Db,
  userId: number,
  id: number,
  kind: PayoutKind,
  fields: Partial<
    Pick<PayoutAccount, 'bankCode' | 'bankName' | 'accountNo' | 'branch' | 'protocol' | 'alias'>
  >,
  nowMs: number,
): Promise<PayoutAccount> {
  return db.transaction(async (db) => {
    await lockPayouts(db, userId);
    const current = await findPayoutAccount(db, userId, id);
    if (!current || current.kind !== kind) throw DomainError.of(Codes.INVALID_PARAM, '账户不存在');
    const next = { ...current, ...fields };
    const tenant = await queryOne<{ tenant_id: number }>(
      db,
      sql`SELECT tenant_id FROM payout_account WHERE id = ${id}`,
    );
    // the same uniqueness across players as on add, not only within the player's own accounts
    if (kind === 'bank') await claimCardNumber(db, tenant!.tenant_id, userId, next.accountNo);
    const row = await queryOne<Row>(
      db,
      sql`UPDATE payout_account SET bank_code = ${next.bankCode}, bank_name = ${next.bankName},
            account_no = ${next.accountNo}, branch = ${next.branch}, protocol = ${next.protocol}, alias = ${next.alias},
            updated_at = ${nowMs}
          WHERE id = ${id} AND user_id = ${userId}
            AND NOT EXISTS (SELECT 1 FROM payout_account o WHERE o.user_id = ${userId} AND o.kind = ${kind}
                            AND o.account_no = ${next.accountNo} AND o.id <> ${id})
          RETURNING ${COLUMNS}`,
    );
    if (!row)
      throw DomainError.of(
        Codes.BANK_CARD_EXISTS,
        kind === 'bank' ? Codes.BANK_CARD_EXISTS.msg : '该账户已绑定',
      );
    return toAccount(row);
  });
}

/** Edit a card's bank, number or branch; the real name stays the bound one. */
export async function updateBankCard(
  db: Db,
  userId: number,
  id: number,
  input: Omit<BankCardInput, 'realName'>,
  nowMs: number,
): Promise<PayoutAccount> {
  const bank = resolveBank({ ...input, realName: '' });
  return updateAccount(
    db,
    userId,
    id,
    'bank',
    {
      bankCode: bank.bankCode,
      bankName: bank.bankName,
      accountNo: input.cardNo,
      branch: input.branch?.trim() || null,
    },
    nowMs,
  );
}

/** An Alipay or WeChat account number by the contract's rule, or its message as -2. */
function checkWalletAccount(kind: 'alipay' | 'wechat', account: string): void {
  const problem = fieldError(walletAccountNumber(kind), account);
  if (problem) throw DomainError.of(Codes.INVALID_PARAM, problem);
}

export async function addWalletAccount(
  db: Db,
  user: { userId: number; tenantId: number },
  kind: 'alipay' | 'wechat',
  input: { account: string; realName: string },
  nowMs: number,
): Promise<PayoutAccount> {
  checkWalletAccount(kind, input.account);
  return db.transaction(async (db) => {
    await lockPayouts(db, user.userId);
    await checkRealName(db, user.userId, input.realName);
    const existing = await listPayoutAccounts(db, user.userId, kind);
    if (existing.length > 0) throw DomainError.of(Codes.INVALID_PARAM, '已绑定账户，请使用修改');
    return insertAccount(
      db,
      user.userId,
      user.tenantId,
      {
        kind,
        bankCode: null,
        bankName: kind === 'alipay' ? '支付宝' : '微信',
        accountNo: input.account,
        realName: input.realName,
        branch: null,
        protocol: null,
        alias: null,
      },
      nowMs,
    );
  });
}

export async function updateWalletAccount(
  db: Db,
  userId: number,
  kind: 'alipay' | 'wechat',
  input: { id: number; account: string },
  nowMs: number,
): Promise<PayoutAccount> {
  checkWalletAccount(kind, input.account);
  return updateAccount(db, userId, input.id, kind, { accountNo: input.account }, nowMs);
}

export const MAX_DIGITAL_ADDRESSES = 5;

/** A USDT address by the contract's rule for its protocol. */
function checkAddress(protocol: string, address: string): DigitalProtocol {
  if (!isDigitalProtocol(protocol)) throw DomainError.of(Codes.INVALID_PARAM, '请选择协议类型');
  const problem = fieldError(walletAddress(protocol), address);
  if (problem) throw DomainError.of(Codes.INVALID_PARAM, problem);
  return protocol;
}

export async function addDigitalAddress(
  db: Db,
  user: { userId: number; tenantId: number },
  input: { protocol: string; address: string; alias?: string },
  nowMs: number,
): Promise<PayoutAccount> {
  const protocol = checkAddress(input.protocol, input.address);
  const existing = await listPayoutAccounts(db, user.userId, 'digital');
  if (existing.length >= MAX_DIGITAL_ADDRESSES) {
    throw DomainError.of(Codes.INVALID_PARAM, `最多可绑定${MAX_DIGITAL_ADDRESSES}个钱包地址`);
  }
  return insertAccount(
    db,
    user.userId,
    user.tenantId,
    {
      kind: 'digital',
      bankCode: null,
      bankName: 'USDT',
      accountNo: input.address,
      realName: null,
      branch: null,
      protocol,
      alias: input.alias?.trim().slice(0, 20) || null,
    },
    nowMs,
  );
}

export async function updateDigitalAddress(
  db: Db,
  userId: number,
  input: { id: number; protocol: string; address: string; alias?: string },
  nowMs: number,
): Promise<PayoutAccount> {
  const protocol = checkAddress(input.protocol, input.address);
  return updateAccount(
    db,
    userId,
    input.id,
    'digital',
    { protocol, accountNo: input.address, alias: input.alias?.trim().slice(0, 20) || null },
    nowMs,
  );
}
