import { beijingFormat } from '../../../shared/lib/day';
import type { MemberRow } from '../api/get-members';
import { memberStatus, money, rebateLabel } from '../model/format';
import { TYPE_NAMES, typeRebatesLabel } from '../model/type-rebates';

/** One member of 会员管理: name with online dot and type, rebate, balance, team, last login, state. */
export function MemberCard(props: { member: MemberRow; onRaise?: () => void }) {
  const { member: m } = props;
  return (
    <div className="agent-row" data-testid="member-row" data-user={m.userName}>
      <div className="agent-row-head">
        <span
          className={`agent-dot ${m.online ? 'agent-dot--on' : ''}`}
          role="img"
          aria-label={m.online ? '在线' : '离线'}
          data-testid="online-dot"
          data-online={m.online ? '1' : '0'}
        />
        <strong className="agent-row-name">{m.userName}</strong>
        <span className={`agent-tag ${m.isAgent ? 'agent-tag--agent' : ''}`}>
          {m.isAgent ? '代理' : '玩家'}
        </span>
        {m.depth > 1 ? <span className="agent-tag agent-tag--plain">{m.depth}级</span> : null}
        <span className={`agent-status agent-status--${m.status}`}>{memberStatus(m.status)}</span>
      </div>
      <div className="agent-row-grid">
        <div>
          <span>余额</span>
          <b>{money(m.balance)}</b>
        </div>
        <div>
          <span>返点</span>
          <b>{rebateLabel(m.rebate)}</b>
        </div>
        <div>
          <span>团队人数</span>
          <b>{m.teamCount}</b>
        </div>
      </div>
      {m.typeRebates.length > 0 ? (
        <div className="agent-type-rates" data-testid="member-type-rebates">
          按彩种：{typeRebatesLabel(m.typeRebates, TYPE_NAMES)}
        </div>
      ) : null}
      <div className="agent-row-foot">
        <span>最后登录 {m.lastLoginAt ? beijingFormat(m.lastLoginAt, 'YYYY-MM-DD HH:mm') : '从未登录'}</span>
        {props.onRaise ? (
          <button type="button" className="agent-row-action" onClick={props.onRaise}>
            调整返点
          </button>
        ) : null}
      </div>
    </div>
  );
}
