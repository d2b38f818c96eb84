import { randomInt } from 'node:crypto';
import { MessageType } from '@lottery/contract/chat';
import { lotteryByCode } from '@lottery/rules/lotteries';
import { currentIssue } from '@lottery/rules/schedule';
import { sql } from 'drizzle-orm';
import { queryOne, queryRows } from '../../db/sql';
import * as repo from './repo';
import type { ChatService } from './service';

/** K3 sums 11-18 are 大, 3-10 小. */
const k3BigSmall = (numbers: string) => {
  const sum = numbers.split(',').reduce((s, n) => s + Number(n), 0);
  return sum >= 11 ? '大' : '小';
};

/**
 * Push plans: for each enabled plan, a 大/小 pick (drawn at random — a plan is not a tip) for the
 * issue on sale, posted into the plan's room as a type-10 card; settled against the real draw
 * (draw_issue) once it exists. History is the plan's records (getPushPlayListFront).
 */
export class PushPlans {
  constructor(private readonly chat: ChatService) {}
  private get db() {
    return this.chat.ctx.db;
  }

  async tick(): Promise<void> {
    const now = this.chat.ctx.clock.now();
    const plans = await queryRows<{
      id: number;
      tenant_id: number;
      room_id: number;
      game_name: string;
      lottery_code: string;
    }>(
      this.db,
      sql`SELECT id::int, tenant_id, room_id::int, game_name, lottery_code FROM chat_push_plan WHERE enabled LIMIT 100`,
    );
    for (const plan of plans) {
      const lottery = lotteryByCode(plan.lottery_code);
      if (!lottery) continue;
      const waiting = await queryRows<{
        id: number;
        issue: string;
        prediction_result: string;
        numbers: string;
      }>(
        this.db,
        sql`SELECT r.id::int, r.issue, r.prediction_result, d.numbers FROM chat_push_plan_record r
            JOIN draw_issue d ON d.lottery_code = ${plan.lottery_code} AND d.issue = r.issue
            WHERE r.plan_id = ${plan.id} AND r.is_prize = 2 LIMIT 50`,
      );
      for (const r of waiting) {
        const hit = k3BigSmall(r.numbers) === r.prediction_result ? 1 : 0;
        // the conditional update is the claim: one process settles a record and updates its card
        const settled = await queryOne<{ message_id: number | null }>(
          this.db,
          sql`UPDATE chat_push_plan_record SET open_number = ${r.numbers}, is_prize = ${hit},
            settled_at = ${now} WHERE id = ${r.id} AND is_prize = 2 RETURNING message_id::int`,
        );
        if (settled?.message_id) await this.showResult(plan, settled.message_id, hit, r.numbers);
      }
      const issue = currentIssue(lottery, now).issue;
      const prediction = randomInt(0, 2) === 0 ? '大' : '小';
      const created = await queryOne<{ id: number }>(
        this.db,
        sql`INSERT INTO chat_push_plan_record (plan_id, issue, prediction_result, created_at)
            VALUES (${plan.id}, ${issue}, ${prediction}, ${now}) ON CONFLICT (plan_id, issue) DO NOTHING RETURNING id::int`,
      );
      if (!created) continue; // this issue's pick is already posted (also by another process)
      const room = await repo.roomById(this.db, plan.tenant_id, plan.room_id);
      if (!room || room.deleted_at !== null) continue;
      const card = JSON.stringify({
        planId: plan.id,
        recordId: created.id,
        gameName: plan.game_name,
        lotteryCode: plan.lottery_code,
        issue,
        predictionResult: prediction,
        isPrize: 2,
      });
      const message = await this.chat.post(null, room, MessageType.pushPlan, card);
      await this.db.execute(
        sql`UPDATE chat_push_plan_record SET message_id = ${message.id} WHERE id = ${created.id}`,
      );
    }
  }

  /**
   * The room's card of a settled pick turns 已中 / 未中 (isPrize 1 / 0) with the draw: the stored
   * message is rewritten, so a reload shows it too, and sent again as event 1 with the same id, which
   * replaces the card in place on every screen in the room (the web merges messages by id).
   */
  private async showResult(
    plan: { tenant_id: number; room_id: number },
    messageId: number,
    isPrize: 0 | 1,
    openNumber: string,
  ): Promise<void> {
    const row = await repo.messageById(this.db, messageId);
    if (!row || row.withdrawn_at !== null || row.message_type_id !== MessageType.pushPlan) return;
    let card: Record<string, unknown>;
    try {
      card = JSON.parse(row.message) as Record<string, unknown>;
    } catch {
      return;
    }
    const message = JSON.stringify({ ...card, isPrize, openNumber });
    await repo.setMessageBody(this.db, messageId, message);
    const room = await repo.roomById(this.db, plan.tenant_id, plan.room_id);
    if (!room || room.deleted_at !== null) return;
    await this.chat.publish(room, { ...row, message }, false);
  }

  async history(tenantId: number, planId: number, page: { pageNum: number; pageSize: number }) {
    const rows = await queryRows<{
      id: number;
      game_name: string;
      issue: string;
      open_number: string;
      prediction_result: string;
      is_prize: number;
      created_at: string;
    }>(
      this.db,
      sql`SELECT r.id::int, p.game_name, r.issue, r.open_number, r.prediction_result, r.is_prize, r.created_at::text
          FROM chat_push_plan_record r JOIN chat_push_plan p ON p.id = r.plan_id
          WHERE p.id = ${planId} AND p.tenant_id = ${tenantId}
          ORDER BY r.id DESC LIMIT ${page.pageSize} OFFSET ${(page.pageNum - 1) * page.pageSize}`,
    );
    const total = await queryOne<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM chat_push_plan_record r JOIN chat_push_plan p ON p.id = r.plan_id
          WHERE p.id = ${planId} AND p.tenant_id = ${tenantId}`,
    );
    return {
      rows: rows.map((r) => ({
        id: r.id,
        gameName: r.game_name,
        issue: r.issue,
        openNumber: r.open_number,
        predictionResult: r.prediction_result,
        isPrize: r.is_prize,
        createdAt: Number(r.created_at),
      })),
      total: total?.n ?? 0,
    };
  }
}
