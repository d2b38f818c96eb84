import { formatMoney } from '@lottery/contract/money';
import { lineAmountMinor } from '@lottery/rules/amount';
import { lotteryByCode } from '@lottery/rules/lotteries';
import { findPlay } from '@lottery/rules/plays';
import { currentIssue } from '@lottery/rules/schedule';
import type { FastifyInstance } from 'fastify';
import { passwordDigest } from '../modules/auth/index';
import { houseAccount, playerAccount, postTransfer } from '../modules/wallet/index';
import { DEMO_PASSWORD, DEMO_TENANT } from './seed';

/**
 * Demo history for discovery (docs/discovery.md): on the demo site only, once, a few demo bettors
 * register, get demo money (401 from the house, like the operator's manual credit) and bet 二不同号
 * pairs on 极速快三 through the real API. The scheduler draws and settles the issue like any other,
 * so within a minute of a fresh start 中奖信息 shows real winners, and the next day's daily job puts
 * them on 昨日盈利榜 and 昨日赢家. Nothing here writes bets or ledger rows by hand.
 *
 * Needs the built app (it bets through inject); call it once the app is ready:
 *   await seedDiscoveryDemo(app);
 * Returns the number of bets placed (0 when not the demo site or already seeded).
 */
export const DISCOVERY_DEMO_BETTORS = ['lucky888', 'fortune66', 'k3master', 'goldfish9', 'starwin7'] as const;
const LOTTERY = '1401';
const PAIRS = [
  '1,2',
  '3,4',
  '5,6',
  '1,3',
  '2,4',
  '4,6',
  '1,5',
  '2,6',
  '3,5',
  '1,6',
  '2,3',
  '4,5',
  '1,4',
  '2,5',
  '3,6',
];

export async function seedDiscoveryDemo(app: FastifyInstance): Promise<number> {
  const { ctx } = app;
  const tenant = await ctx.tenant.get();
  if (!tenant || tenant.code !== DEMO_TENANT) return 0;
  const lottery = lotteryByCode(LOTTERY)!;
  const play = findPlay(lottery.family, 'H10', lottery.resultLength)!;
  let placed = 0;
  for (const [i, userName] of DISCOVERY_DEMO_BETTORS.entries()) {
    // registering is the claim: an existing account means this bettor was seeded already
    const reg = await app.inject({
      method: 'POST',
      url: '/v1/users/register',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        userName,
        password: passwordDigest(userName, DEMO_PASSWORD),
      }).toString(),
    });
    const body = reg.json() as { code: number; data?: { userId: number | string } };
    if (body.code !== 1 || !body.data) continue;
    const userId = Number(body.data.userId);
    const cookie = String(reg.headers['set-cookie'] ?? '')
      .split(';')[0]!
      .trim();
    await postTransfer(
      ctx.db,
      {
        idempotencyKey: `demo-discovery-fund:${userId}`,
        typeCode: 401,
        lines: [
          { accountId: await houseAccount(ctx.db, tenant.id), amountMinor: -1_000_0000n },
          { accountId: await playerAccount(ctx.db, tenant.id, userId), amountMinor: 1_000_0000n },
        ],
        remark: '演示资金',
      },
      ctx.clock.now(),
    );
    const now = ctx.clock.now();
    const lines = PAIRS.slice(i * 3, i * 3 + 3).map((pair, k) => {
      const multiplier = 1 + ((i + k) % 5);
      const count = play.count(pair);
      return {
        lotteryCode: LOTTERY,
        playDetailCode: `${LOTTERY}H10`,
        bettingNumber: pair,
        bettingCount: count,
        bettingAmount: formatMoney(
          lineAmountMinor({
            lotteryCode: LOTTERY,
            playDetailCode: `${LOTTERY}H10`,
            count,
            multiplier,
            unit: '1',
            baseMinor: 20_000n,
          }),
        ),
        bettingPoint: '0',
        bettingUnit: '1',
        bettingIssue: currentIssue(lottery, now).issue,
        graduationCount: multiplier,
      };
    });
    for (const line of lines) {
      const res = await app.inject({
        method: 'POST',
        url: '/v1/betting/addBetting',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          bettingData: JSON.stringify([line]),
          idempotencyKey: `demo-discovery-${userName}-${line.bettingNumber.replace(',', '')}`,
        }).toString(),
      });
      if ((res.json() as { code: number }).code === 1) placed++;
    }
  }
  return placed;
}
