import { PUSH_PLAN_PAGE_SIZE } from '@lottery/contract/chat';
import { ChatApi } from '@lottery/contract/chat-api';
import { Code } from '@lottery/contract/codes';
import { type CallReply, callEnvelope } from '../../../shared/api/call';

type PlanPage = CallReply<typeof ChatApi.pushPlanHistory>;
export type PlanRecord = PlanPage['rows'][number];

/** GET chat/getPushPlayListFront: acts only on code 1 (spec §8); anything else = no rows. */
export async function getPlanRecords(playId: number, pageNum: number): Promise<PlanPage> {
  const envelope = await callEnvelope(
    ChatApi.pushPlanHistory,
    { playId, pageNum, pageSize: PUSH_PLAN_PAGE_SIZE },
    { silent: true },
  ).catch(() => undefined);
  return envelope?.code === Code.OK && envelope.data ? envelope.data : { rows: [], total: 0 };
}
