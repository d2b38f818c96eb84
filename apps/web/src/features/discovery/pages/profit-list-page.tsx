import { useState } from 'react';
import { useProfitRank } from '../api/discovery';
import { DiscoveryTabs, ListStatus, PlayerRow } from '../components/discovery-list';
import { PlayerCardPopup } from '../components/player-card';
import '../discovery.css';

/** /yesterdayProfitList 昨日盈利榜: yesterday's best net results, computed once a day. */
export default function ProfitListPage() {
  const list = useProfitRank();
  const [cardUser, setCardUser] = useState<number>();
  const rows = list.data?.rows ?? [];
  return (
    <div className="discovery-page">
      <DiscoveryTabs />
      {list.data ? <p className="discovery-day">统计日期 {list.data.day}</p> : null}
      <div className="discovery-list" data-testid="profit-list">
        {rows.map((r) => (
          <PlayerRow
            key={r.rank}
            rank={r.rank}
            player={r}
            detail={r.nickName || '未设置昵称'}
            amountLabel="盈利"
            amount={r.profit}
            onOpen={setCardUser}
          />
        ))}
        <ListStatus query={list} empty={rows.length === 0} />
      </div>
      <PlayerCardPopup userId={cardUser} onClose={() => setCardUser(undefined)} />
    </div>
  );
}
