import { randomBytes } from 'node:crypto';
import { yuan } from '@lottery/contract/money';
import { DEPOSIT_CHANNEL_KEYS, DEPOSIT_CHANNELS, type DepositChannel } from '@lottery/contract/wallet';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Executor, queryOne, queryRows } from '../../db/sql';

export type WalletSetting = {
  withdrawMinMinor: bigint;
  withdrawMaxMinor: bigint;
  withdrawDailyCount: number;
  maxBankCards: number;
  withdrawFeeBasisPoints: number;
  turnoverPercent: number;
  bonusBasisPoints: number;
  bonusMinDepositMinor: bigint;
  bonusMaxMinor: bigint;
};

export type PaymentChannel = {
  channel: DepositChannel;
  name: string;
  enabled: boolean;
  sort: number;
  minMinor: bigint;
  maxMinor: bigint;
  quickAmountsMinor: bigint[];
  provider: 'sandbox' | 'bank';
  providerSecret: string | null;
  receiverBank: string | null;
  receiverName: string | null;
  receiverCard: string | null;
  receiverBranch: string | null;
  remark: string | null;
};

/**
 * A tenant without wallet configuration gets these on first use. Provider channels point at our
 * sandbox provider, which is refused in production: there the operator configures real ones.
 */
export async function ensureWalletDefaults(db: Db, tenantId: number, production: boolean): Promise<void> {
  await db.execute(sql`
    INSERT INTO wallet_setting (tenant_id, withdraw_min_minor, withdraw_max_minor, withdraw_daily_count,
      max_bank_cards, withdraw_fee_basis_points, turnover_percent, bonus_basis_points,
      bonus_min_deposit_minor, bonus_max_minor)
    VALUES (${tenantId}, ${yuan(100)}, ${yuan(50_000)}, 5, 5, 0, 100, 100, ${yuan(100)}, ${yuan(888)})
    ON CONFLICT (tenant_id) DO NOTHING`);
  const channels = production ? (['banktransfer'] as DepositChannel[]) : DEPOSIT_CHANNEL_KEYS;
  for (const [sort, channel] of channels.entries()) {
    const def = DEPOSIT_CHANNELS[channel];
    const bank = def.kind === 'bank';
    const quick = `{${[100, 200, 500, 1000, 5000].map((y) => yuan(y)).join(',')}}`;
    await db.execute(sql`
      INSERT INTO payment_channel (tenant_id, channel, name, enabled, sort, min_minor, max_minor,
        quick_amounts_minor, provider, provider_secret, receiver_bank, receiver_name, receiver_card,
        receiver_branch, remark)
      VALUES (${tenantId}, ${channel}, ${def.name}, ${!production || bank}, ${sort + 1},
        ${bank ? yuan(100) : yuan(10)}, ${bank ? yuan(500_000) : yuan(50_000)}, ${quick}::bigint[],
        ${bank ? 'bank' : 'sandbox'}, ${bank ? null : randomBytes(32).toString('hex')},
        ${bank ? '中国工商银行' : null}, ${bank ? '演示收款人' : null}, ${bank ? '6222020200112233445' : null},
        ${bank ? '北京分行营业部' : null},
        ${bank ? '转账时请填写存款人姓名，到账后由财务确认上分' : '沙盒支付：模拟第三方支付，不产生真实扣款'})
      ON CONFLICT (tenant_id, channel) DO NOTHING`);
  }
}

type SettingRow = {
  withdraw_min_minor: string;
  withdraw_max_minor: string;
  withdraw_daily_count: number;
  max_bank_cards: number;
  withdraw_fee_basis_points: number;
  turnover_percent: number;
  bonus_basis_points: number;
  bonus_min_deposit_minor: string;
  bonus_max_minor: string;
};

export async function walletSetting(db: Executor, tenantId: number): Promise<WalletSetting> {
  const row = await queryOne<SettingRow>(
    db,
    sql`SELECT withdraw_min_minor::text, withdraw_max_minor::text, withdraw_daily_count, max_bank_cards,
          withdraw_fee_basis_points, turnover_percent, bonus_basis_points, bonus_min_deposit_minor::text,
          bonus_max_minor::text
        FROM wallet_setting WHERE tenant_id = ${tenantId}`,
  );
  if (!row) throw new Error(`tenant ${tenantId} has no wallet_setting (ensureWalletDefaults not run)`);
  return {
    withdrawMinMinor: BigInt(row.withdraw_min_minor),
    withdrawMaxMinor: BigInt(row.withdraw_max_minor),
    withdrawDailyCount: row.withdraw_daily_count,
    maxBankCards: row.max_bank_cards,
    withdrawFeeBasisPoints: row.withdraw_fee_basis_points,
    turnoverPercent: row.turnover_percent,
    bonusBasisPoints: row.bonus_basis_points,
    bonusMinDepositMinor: BigInt(row.bonus_min_deposit_minor),
    bonusMaxMinor: BigInt(row.bonus_max_minor),
  };
}

type ChannelRow = {
  channel: DepositChannel;
  name: string;
  enabled: boolean;
  sort: number;
  min_minor: string;
  max_minor: string;
  quick: string[] | string;
  provider: 'sandbox' | 'bank';
  provider_secret: string | null;
  receiver_bank: string | null;
  receiver_name: string | null;
  receiver_card: string | null;
  receiver_branch: string | null;
  remark: string | null;
};

function toChannel(r: ChannelRow): PaymentChannel {
  // PGlite and node-postgres both hand text[] back as a JS array
  const quick = Array.isArray(r.quick) ? r.quick : r.quick.replace(/[{}]/g, '').split(',').filter(Boolean);
  return {
    channel: r.channel,
    name: r.name,
    enabled: r.enabled,
    sort: r.sort,
    minMinor: BigInt(r.min_minor),
    maxMinor: BigInt(r.max_minor),
    quickAmountsMinor: quick.map((q) => BigInt(q)),
    provider: r.provider,
    providerSecret: r.provider_secret,
    receiverBank: r.receiver_bank,
    receiverName: r.receiver_name,
    receiverCard: r.receiver_card,
    receiverBranch: r.receiver_branch,
    remark: r.remark,
  };
}

const CHANNEL_COLUMNS = sql`channel, name, enabled, sort, min_minor::text, max_minor::text,
  quick_amounts_minor::text[] AS quick, provider, provider_secret, receiver_bank, receiver_name,
  receiver_card, receiver_branch, remark`;

export async function paymentChannels(db: Executor, tenantId: number): Promise<PaymentChannel[]> {
  const rows = await queryRows<ChannelRow>(
    db,
    sql`SELECT ${CHANNEL_COLUMNS} FROM payment_channel WHERE tenant_id = ${tenantId} ORDER BY sort, id`,
  );
  return rows.map(toChannel);
}

export async function paymentChannel(
  db: Executor,
  tenantId: number,
  channel: string,
): Promise<PaymentChannel | undefined> {
  const row = await queryOne<ChannelRow>(
    db,
    sql`SELECT ${CHANNEL_COLUMNS} FROM payment_channel WHERE tenant_id = ${tenantId} AND channel = ${channel}`,
  );
  return row ? toChannel(row) : undefined;
}
