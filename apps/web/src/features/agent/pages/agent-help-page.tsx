import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { PageLoading } from '../../../shared/ui/page-loading';
import { useRebate } from '../api/get-rebate';
import { LoadError } from '../components/load-error';
import { useAgentId } from '../model/agent-user';
import { rebateLabel } from '../model/format';
import { rebateTenths } from '../model/levels';
import '../components/agent.css';

/** An example downline one point below the agent (or at 0): the difference in tenths of a percent. */
function example(own: string) {
  const ownTenths = rebateTenths(own);
  const childTenths = Math.max(0, ownTenths - 10);
  const diffTenths = ownTenths - childTenths;
  const fmt = (t: number) => `${Math.floor(t / 10)}.${t % 10}`;
  // 10000 yuan of turnover × diff% = diffTenths × 10 yuan, exact in integers
  return { child: fmt(childTenths), diff: fmt(diffTenths), earn: diffTenths * 10 };
}

/**
 * /agentHelp 代理说明: how an agent earns, for a player: the rebate difference on the team's
 * turnover (ledger 204), invite codes and child opening, with the agent's own rebate.
 */
export default function AgentHelpPage() {
  const agentId = useAgentId();
  const navigate = useNavigate();
  const rebate = useRebate(agentId);
  if (rebate.isPending) return <PageLoading />;
  if (rebate.isError) return <LoadError error={rebate.error} onRetry={() => void rebate.refetch()} />;
  const own = rebate.data.rebate;
  const ex = example(own);
  return (
    <div className="agent-page agent-help">
      <section className="agent-banner">
        <p className="agent-banner-label">我的返点</p>
        <p className="agent-banner-value" data-testid="help-rebate">
          {rebateLabel(own)}
        </p>
        <p className="agent-banner-note">
          平台最高返点 {rebateLabel(rebate.data.maxRebate)}，您给下级的返点不能高于 {rebateLabel(own)}
        </p>
      </section>

      <article className="card agent-help-card">
        <h3 className="section-title">
          <span>代理如何赚钱</span>
        </h3>
        <p>
          代理的收益来自<b>返点差</b>。您的下级每投注一笔，平台把您与下级之间的返点差额按投注金额计算，作为
          <b>代理返点</b>
          在注单结算时发放到您的账户，无论下级输赢都有，可在“返水明细”中查看。
        </p>
        <div className="agent-help-example">
          <p className="agent-help-example-title">举个例子</p>
          <p>
            您的返点为 <b>{rebateLabel(own)}</b>，下级的返点为 <b>{rebateLabel(ex.child)}</b>，返点差为{' '}
            <b>{rebateLabel(ex.diff)}</b>。
          </p>
          <p>
            下级当天投注 <b>10000</b> 元，您可获得代理返点 <b className="agent-help-earn">{ex.earn}</b> 元。
          </p>
        </div>
        <p>下级若也是代理，他的下级投注时，您同样获得您与他之间的返点差，层层累计，团队越大收益越多。</p>
      </article>

      <article className="card agent-help-card">
        <h3 className="section-title">
          <span>如何发展下级</span>
        </h3>
        <ol className="agent-help-steps">
          <li>
            <b>邀请码</b>
            ：在“邀请码管理”中生成玩家或代理邀请码并设置返点，把注册链接或二维码发给好友，好友注册后自动成为您的下级。
          </li>
          <li>
            <b>下级开户</b>：在“下级开户”中直接为好友开设账号，设置账号、密码、类型和返点，好友即可登录。
          </li>
          <li>
            <b>调整返点</b>：在“会员管理”中可以调高直属下级的返点，返点只能调高，不能高于您自己的返点。
          </li>
        </ol>
      </article>

      <article className="card agent-help-card">
        <h3 className="section-title">
          <span>返点与赔率</span>
        </h3>
        <p>
          返点越高，奖金组越高，中奖赔率也越高。返点每相差 0.1%，奖金组相差
          2。设置下级返点前，可在“返点赔率表”中查看各彩种在每个返点下的赔率。
        </p>
        <p>代理报表、下级报表和会员管理可以随时查看团队的投注、中奖、返点和盈亏。</p>
      </article>

      <div className="agent-help-actions">
        <Button color="primary" shape="rounded" onClick={() => navigate('/invatationCode')}>
          生成邀请码
        </Button>
        <Button shape="rounded" fill="outline" color="primary" onClick={() => navigate('/rebateDes')}>
          返点赔率表
        </Button>
      </div>
    </div>
  );
}
