import { BettingApi } from '@lottery/contract/betting';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call';
import { isDragonLottery } from '../model/dragon-bet';

const PAGE_SIZE = 50;

/**
 * 我的投注: the player's bets of the last seven days on lotteries that have long dragons (newest
 * first, from betting/getBetting), refreshed with the list.
 */
export function useMyDragonBets(active: boolean) {
  return useQuery({
    queryKey: ['longDragon', 'myBets'],
    queryFn: async ({ signal }) => {
      const data = await call(
        BettingApi.getBetting,
        { period: 'sevenDays', pageNum: 1, pageSize: PAGE_SIZE },
        { signal },
      );
      return data.rows.filter((r) => isDragonLottery(r.lotteryCode));
    },
    enabled: active,
    refetchInterval: active ? 10_000 : false,
  });
}
