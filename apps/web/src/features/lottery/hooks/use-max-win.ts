import { zodiacYearAt } from '@lottery/rules/lhc-zodiac';
import { floorToCents } from '@lottery/rules/odds';
import { useEffect, useMemo, useState } from 'react';
import { serverNow } from '../../../shared/api/server-time';
import { afterFirstScreen } from '../../../shared/lib/first-screen';
import type { BetSlip } from './use-bet-slip';

/**
 * 最高可中's rules (the largest rules module, every family's payout tables) load once the first
 * screen is shown, not before it can paint: the figure only shows once numbers are picked.
 */
const loadMaxWinRules = afterFirstScreen(() => import('@lottery/rules/max-win'));
type MaxWinRules = Awaited<ReturnType<typeof loadMaxWinRules>>;

function useMaxWinRules(): MaxWinRules | undefined {
  const [rules, setRules] = useState<MaxWinRules | undefined>(undefined);
  useEffect(() => {
    let alive = true;
    void loadMaxWinRules().then((loaded) => {
      if (alive) setRules(loaded);
    });
    return () => {
      alive = false;
    };
  }, []);
  return rules;
}

/**
 * 最高可中 of a single-mode slip: the most the whole line can win on one draw, as the server would
 * pay it at `group`; 0 until the rules are in, and for a standard play.
 */
export function useMaxWin(slip: BetSlip, group: number): bigint {
  const { single, play, selectionNumber, amountMinor } = slip;
  const count = slip.counted.count;
  const rules = useMaxWinRules();
  return useMemo(
    () =>
      rules && single && group > 0 && count > 0 && amountMinor > 0n
        ? floorToCents(
            rules.lineMaxWinMinor(
              play,
              selectionNumber,
              group,
              amountMinor,
              amountMinor,
              BigInt(count),
              zodiacYearAt(serverNow()),
            ),
          )
        : 0n,
    [rules, single, play, selectionNumber, group, amountMinor, count],
  );
}
