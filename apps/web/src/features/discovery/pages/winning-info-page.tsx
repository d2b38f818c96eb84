import { useState } from 'react';
import { beijingFormat } from '../../../shared/lib/day';
import { useNewestWins } from '../api/discovery';
import { DiscoveryTabs, ListStatus, PlayerRow } from '../components/discovery-list';
import { PlayerCardPopup } from '../components/player-card';
import '../discovery.css';

/** /winningInfomation 中奖信息: the latest wins (last 24 hours), a tap opens 玩家信息. */
export default function WinningInfoPage() {
  const wins = useNewestWins();
  const [cardUser, setCardUser] = useState<number>();
  const rows = wins.data ?? [];
  return (
    <div className="discovery-page">
      <DiscoveryTabs />
      <div className="discovery-list" data-testid="newest-wins">
        {rows.map((r) => (
          <PlayerRow
            key={`${r.userId}:${r.lotteryCode}:${r.issue}:${r.time}`}
            player={r}
            detail={`${r.lotteryName} 第${r.issue}期 ${beijingFormat(r.time, 'HH:mm:ss')}`}
            amountLabel="中奖"
            amount={r.bonus}
            onOpen={setCardUser}
          />
        ))}
        <ListStatus query={wins} empty={rows.length === 0} />
      </div>
      <PlayerCardPopup userId={cardUser} onClose={() => setCardUser(undefined)} />
    </div>
  );
}
