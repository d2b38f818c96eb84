import { ChatApi } from '@lottery/contract/chat-api';
import { DiscoveryApi } from '@lottery/contract/discovery';
import { useQuery } from '@tanstack/react-query';
import { call, callEnvelope } from '../../../shared/api/call';

/** Discovery calls (docs/discovery.md) and the player card's (users/card, chat remarks, 私聊). */

export const useNewestWins = () =>
  useQuery({
    queryKey: ['discovery', 'newest'],
    queryFn: ({ signal }) => call(DiscoveryApi.newestWins, undefined, { signal }),
    refetchInterval: 30_000,
  });

export const useProfitRank = () =>
  useQuery({
    queryKey: ['discovery', 'profitRank'],
    queryFn: ({ signal }) => call(DiscoveryApi.profitRank, undefined, { signal }),
  });

export const useYesterdayWinners = () =>
  useQuery({
    queryKey: ['discovery', 'yesterdayWinners'],
    queryFn: ({ signal }) => call(DiscoveryApi.yesterdayWinners, undefined, { signal }),
  });

/** GET users/card: 玩家信息. */
export const getPlayerCard = (userId: number | string) => call(ChatApi.userCard, { userId });

/**
 * GET chat/getMemberRemark: the viewer's note on the player. Only room managers may keep notes; for
 * anyone else the call is refused and this answers null (so 备注 stays hidden).
 */
export const getRemark = (targetUserId: number | string) =>
  call(ChatApi.remark, { targetUserId }, { silent: true })
    .then((data) => ({ remark: data?.remark ?? '' }))
    .catch(() => null);

/** POST chat/setMemberRemark (≤ 200 characters). */
export const setRemark = (targetUserId: number | string, remark: string) =>
  callEnvelope(ChatApi.setRemark, { targetUserId, remark }, { passCodes: [-2] });

/** GET chat/getDirectRoomWeb: fetch or open the private chat with the player (-2 无法与该用户私聊). */
export const openDirectRoom = (targetUserId: number | string) => call(ChatApi.directRoom, { targetUserId });
