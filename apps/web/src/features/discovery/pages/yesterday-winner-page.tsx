import { useState } from 'react';
import { useYesterdayWinners } from '../api/discovery';
import { DiscoveryTabs, ListStatus, PlayerRow } from '../components/discovery-list';
import { PlayerCardPopup } from '../components/player-card';
import '../discovery.css';

/** /yesterdayWinner 昨日赢家: yesterday's largest single wins, computed once a day. */
export default function YesterdayWinnerPage() {
  const list = useYesterdayWinners();
  const [cardUser, setCardUser] = useState<number>();
  const rows = list.data?.rows ?? [];
  return (
    <div className="discovery-page">
      <DiscoveryTabs />
      {list.data ? <p className="discovery-day">统计日期 {list.data.day}</p> : null}
      <div className="discovery-list" data-testid="winner-list">
        {rows.map((r) => (
          <PlayerRow
            key={r.rank}
            rank={r.rank}
            player={r}
            detail={`${r.lotteryName} 第${r.issue}期`}
            amountLabel="中奖"
            amount={r.bonus}
            onOpen={setCardUser}
          />
        ))}
        <ListStatus query={list} empty={rows.length === 0} />
      </div>
      <PlayerCardPopup userId={cardUser} onClose={() => setCardUser(undefined)} />
    </div>
  );
}
