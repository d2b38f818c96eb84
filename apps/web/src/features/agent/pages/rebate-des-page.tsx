import { RightOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { PageLoading } from '../../../shared/ui/page-loading';
import { useRebate } from '../api/get-rebate';
import { LoadError } from '../components/load-error';
import { useAgentId } from '../model/agent-user';
import { rebateLabel } from '../model/format';
import '../components/agent.css';

/**
 * /rebateDes 返点赔率表: the agent's own rebate and the platform's highest, and the sixteen types of
 * the picker (spec/platform.md §2); a type opens /rebateDes/{lotteryType} with its odds per level.
 * Table games have no lottery plays yet: they are listed, marked 暂无赔率.
 */
export default function RebateDesPage() {
  const agentId = useAgentId();
  const navigate = useNavigate();
  const rebate = useRebate(agentId);
  if (rebate.isPending) return <PageLoading />;
  if (rebate.isError) return <LoadError error={rebate.error} onRetry={() => void rebate.refetch()} />;
  const info = rebate.data;
  const top = info.levels[0];
  return (
    <div className="agent-page">
      <section className="agent-banner agent-banner--split">
        <div>
          <p className="agent-banner-label">我的返点</p>
          <p className="agent-banner-value" data-testid="own-rebate">
            {rebateLabel(info.rebate)}
          </p>
        </div>
        <div>
          <p className="agent-banner-label">奖金组</p>
          <p className="agent-banner-value">{top?.group ?? '--'}</p>
        </div>
        <div>
          <p className="agent-banner-label">平台最高返点</p>
          <p className="agent-banner-value">{rebateLabel(info.maxRebate)}</p>
        </div>
      </section>
      <h3 className="agent-section-title">选择彩种</h3>
      <ul className="agent-types">
        {info.types.map((t) => (
          <li key={t.lotteryType}>
            <button
              type="button"
              className={`agent-type ${t.hasOdds ? '' : 'agent-type--off'}`}
              data-testid="rebate-type"
              onClick={() => navigate(`/rebateDes/${t.lotteryType}`)}
            >
              <span>{t.name}</span>
              <span className="agent-type-own">
                <b data-testid="type-own-rebate">{rebateLabel(t.rebate)}</b>
                {t.hasOdds ? <RightOutline /> : <small>暂无赔率</small>}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <p className="agent-footnote">
        赔率随返点变化：返点每降低 0.1%，奖金组降低 2，下级投注时按其奖金组计算奖金。
      </p>
    </div>
  );
}
