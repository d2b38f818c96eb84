import type { Db } from '../../db/client';
import { accountId } from '../wallet/index';

/**
 * The yuebao accounts on the ledger (wallet_account), created on first use:
 * - `yuebao:<userId>` (kind savings): the saver's yuebao balance, which earns daily interest;
 * - `pledge:<userId>` (kind savings): principal locked in holding pledge orders;
 * - `rounding:yuebao` (kind house): the accrual's rounding remainders (docs/yuebao.md).
 * Savings accounts never go below zero (ledger floor and CHECK constraint).
 */
export const YuebaoAccountCodes = {
  savings: (userId: number) => `yuebao:${userId}`,
  pledge: (userId: number) => `pledge:${userId}`,
  rounding: 'rounding:yuebao',
} as const;

export const savingsAccount = (db: Db, tenantId: number, userId: number) =>
  accountId(db, { tenantId, userId, code: YuebaoAccountCodes.savings(userId), kind: 'savings' });

export const pledgeAccount = (db: Db, tenantId: number, userId: number) =>
  accountId(db, { tenantId, userId, code: YuebaoAccountCodes.pledge(userId), kind: 'savings' });

export const roundingAccount = (db: Db, tenantId: number) =>
  accountId(db, { tenantId, userId: null, code: YuebaoAccountCodes.rounding, kind: 'house' });
