import type { InviteCodeItem } from '@lottery/contract/agent';
import { Button, Popup } from 'antd-mobile';
import { useState } from 'react';
import { beijingFormat } from '../../../shared/lib/day';
import { toastInfo } from '../../../shared/ui/toast';
import { copyText } from '../model/copy-text';
import { rebateLabel } from '../model/format';
import { codeTypeLabel, inviteLink } from '../model/invite-link';
import { TYPE_NAMES, typeRebatesLabel } from '../model/type-rebates';
import { InviteQr } from './invite-qr';

/**
 * One invite code: the code, its type and rebate, how many registered with it, the register link
 * with 复制链接, its QR code (tap to enlarge for scanning) and 删除.
 */
export function InviteCodeCard(props: {
  item: InviteCodeItem;
  onDelete(item: InviteCodeItem): void;
  deleting: boolean;
}) {
  const { item } = props;
  const link = inviteLink(window.location.origin, item.code);
  const [enlarged, setEnlarged] = useState(false);
  const copy = async (text: string) => {
    // 复制成功 whatever the browser allowed (spec/platform.md §8)
    await copyText(text);
    toastInfo('复制成功');
  };
  return (
    <li className="agent-code" data-testid="invite-code" data-code={item.code}>
      <div className="agent-code-main">
        <div className="agent-code-head">
          <strong className="agent-code-value">{item.code}</strong>
          <span className={`agent-tag ${item.codeType === 1 ? 'agent-tag--agent' : ''}`}>
            {codeTypeLabel(item.codeType)}
          </span>
        </div>
        <div className="agent-code-meta">
          <span>
            返点 <b>{rebateLabel(item.rebate)}</b>
          </span>
          <span>
            注册 <b data-testid="invite-registrations">{item.registrations}</b> 人
          </span>
        </div>
        {item.typeRebates.length > 0 ? (
          <div className="agent-type-rates" data-testid="invite-type-rebates">
            {typeRebatesLabel(item.typeRebates, TYPE_NAMES)}
          </div>
        ) : null}
        <div className="agent-code-link" data-testid="invite-link">
          {link}
        </div>
        <div className="agent-code-time">创建于 {beijingFormat(item.createdAt, 'YYYY-MM-DD HH:mm')}</div>
        <div className="agent-code-actions">
          <Button size="mini" color="primary" shape="rounded" onClick={() => void copy(link)}>
            复制链接
          </Button>
          <Button size="mini" shape="rounded" fill="outline" onClick={() => void copy(item.code)}>
            复制邀请码
          </Button>
          <Button
            size="mini"
            shape="rounded"
            fill="none"
            className="agent-code-delete"
            loading={props.deleting}
            onClick={() => props.onDelete(item)}
          >
            删除
          </Button>
        </div>
      </div>
      <button
        type="button"
        className="agent-code-qr"
        aria-label="放大二维码"
        onClick={() => setEnlarged(true)}
      >
        <InviteQr link={link} size={92} />
        <span>点击放大</span>
      </button>
      <Popup
        visible={enlarged}
        onMaskClick={() => setEnlarged(false)}
        onClose={() => setEnlarged(false)}
        bodyClassName="agent-qr-popup"
      >
        <div className="agent-qr-sheet">
          <h3>扫码注册</h3>
          <InviteQr link={link} size={232} />
          <p className="agent-qr-code">
            邀请码 <b>{item.code}</b> · {codeTypeLabel(item.codeType)} · 返点 {rebateLabel(item.rebate)}
          </p>
          <p className="agent-qr-link">{link}</p>
          <Button block color="primary" shape="rounded" onClick={() => void copy(link)}>
            复制链接
          </Button>
        </div>
      </Popup>
    </li>
  );
}
