import { useParams } from 'react-router';
import { PlayerCardView } from '../components/player-card';
import '../discovery.css';

/** /playerInfo/{userId} 玩家信息 as a page (the same card as the popup). */
export default function PlayerInfoPage() {
  const { userId = '' } = useParams();
  return (
    <div className="discovery-page discovery-player-page">
      {/^\d+$/.test(userId) ? (
        <PlayerCardView userId={userId} />
      ) : (
        <div className="discovery-empty">暂无数据</div>
      )}
    </div>
  );
}
