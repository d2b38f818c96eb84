import type { playerCard } from '@lottery/contract/chat-api';
import {
  DiscoveryApi,
  type NewestWin,
  type ProfitRankRow,
  type WinnerRow,
} from '@lottery/contract/discovery';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { request, requestEnvelope } from '../../../shared/api/client';

export type PlayerCard = z.infer<typeof playerCard>;

/** Discovery calls (docs/discovery.md) and the player card's (users/card, chat remarks, 私聊). */

export type DailyList<Row> = { day: string; computedAt: number; rows: Row[] };

export const useNewestWins = () =>
  useQuery({
    queryKey: ['discovery', 'newest'],
    queryFn: ({ signal }) => request<NewestWin[]>(DiscoveryApi.newestWins.path, { signal }),
    refetchInterval: 30_000,
  });

export const useProfitRank = () =>
  useQuery({
    queryKey: ['discovery', 'profitRank'],
    queryFn: ({ signal }) => request<DailyList<ProfitRankRow>>(DiscoveryApi.profitRank.path, { signal }),
  });

export const useYesterdayWinners = () =>
  useQuery({
    queryKey: ['discovery', 'yesterdayWinners'],
    queryFn: ({ signal }) => request<DailyList<WinnerRow>>(DiscoveryApi.yesterdayWinners.path, { signal }),
  });

/** GET users/card: 玩家信息. */
export const getPlayerCard = (userId: number | string) =>
  request<PlayerCard>('users/card', { query: { userId } });

/**
 * GET chat/getMemberRemark: the viewer's note on the player. Only room managers may keep notes; for
 * anyone else the call is refused and this answers null (so 备注 stays hidden).
 */
export const getRemark = (targetUserId: number | string) =>
  requestEnvelope<{ remark: string; targetUserId: number } | null>('chat/getMemberRemark', {
    query: { targetUserId },
    silent: true,
  })
    .then((envelope) => (envelope.code === 1 ? { remark: envelope.data?.remark ?? '' } : null))
    .catch(() => null);

/** POST chat/setMemberRemark (≤ 200 characters). */
export const setRemark = (targetUserId: number | string, remark: string) =>
  requestEnvelope<unknown>('chat/setMemberRemark', { form: { targetUserId, remark }, passCodes: [-2] });

/** GET chat/getDirectRoomWeb: fetch or open the private chat with the player (-2 无法与该用户私聊). */
export const openDirectRoom = (targetUserId: number | string) =>
  request<{ roomId: number; targetUser: { userId: number; userName: string } }>('chat/getDirectRoomWeb', {
    query: { targetUserId },
  });
