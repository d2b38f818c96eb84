import { PUSH_PLAN_PAGE_SIZE } from '@lottery/contract/chat';
import { Code } from '@lottery/contract/codes';
import { requestEnvelope } from '../../../shared/api/client';
import type { Page } from './types';

export interface PlanRecord {
  id: number;
  gameName: string;
  issue: string;
  openNumber: string;
  predictionResult: string;
  isPrize: number;
  createdAt: number;
}

/** GET chat/getPushPlayListFront: acts only on code 1 (spec §8); anything else = no rows. */
export async function getPlanRecords(playId: number, pageNum: number): Promise<Page<PlanRecord>> {
  const envelope = await requestEnvelope<Page<PlanRecord>>('chat/getPushPlayListFront', {
    query: { playId, pageNum, pageSize: PUSH_PLAN_PAGE_SIZE },
    silent: true,
  }).catch(() => undefined);
  return envelope?.code === Code.OK && envelope.data ? envelope.data : { rows: [], total: 0 };
}
