import type { Family } from '@lottery/rules/family';
import { withoutHidden } from '@lottery/rules/family-plays';
import { lotteryForRoute } from '@lottery/rules/lotteries';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { zhCN } from '../../../shared/locales/zh-CN';
import { showToast } from '../../../shared/ui/feedback';
import { PageLoading } from '../../../shared/ui/page-loading';
import { footerBalanceQuery } from '../api/balance';
import { betRebateQuery } from '../api/bet-rebate';
import { useAllLotteryData } from '../api/get-all-lottery-data';
import { BettingScreen } from '../components/betting-screen';
import { useFamilyPlays } from '../components/use-family-plays';
import '../lottery.css';

/**
 * /lottery/{FAMILY}/{CODE} (spec/betting.md §2): an unknown code for the family gives 当前彩种不存在
 * and goes to /home; otherwise the betting screen.
 */
export default function LotteryPlayPage() {
  const { CODE = '' } = useParams();
  const { pathname } = useLocation();
  const family = pathname.split('/')[2] ?? '';
  const navigate = useNavigate();
  const catalogue = useAllLotteryData();
  const listed = catalogue.data?.lotteryList.flatMap((g) => g.lotteries).find((l) => l.lotteryCode === CODE);
  const lottery = lotteryForRoute(family, CODE);
  const known = Boolean(lottery && listed && listed.family === family);

  useEffect(() => {
    if (catalogue.isPending || known) return;
    showToast(zhCN.lotteryMissing);
    void navigate('/home', { replace: true });
  }, [catalogue.isPending, known, navigate]);

  // The rebate and the balance are asked for while the family's plays load, not once the betting
  // screen mounts (the app asked for the issue on sale and the results as it started: prefetch.ts).
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!lottery) return;
    void queryClient.prefetchQuery(betRebateQuery(lottery.lotteryType));
    void queryClient.prefetchQuery(footerBalanceQuery());
  }, [lottery, queryClient]);

  const familyPlays = useFamilyPlays(lottery?.family as Family | undefined);
  // The plays this tenant does not offer (spec/betting.md §5) are the server's to say: left out here.
  const hidden = catalogue.data?.lotteryConfig.find((c) => c.lotteryCode === CODE)?.hiddenPlays;
  const plays = useMemo(
    () => familyPlays.data && withoutHidden(familyPlays.data, hidden),
    [familyPlays.data, hidden],
  );
  if (!known || !lottery || !plays) return <PageLoading />;
  return (
    <BettingScreen
      key={lottery.code}
      lottery={lottery}
      familyPlays={plays}
      isStopListed={Boolean(listed?.isStop)}
    />
  );
}
