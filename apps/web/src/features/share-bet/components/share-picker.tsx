import { ROOM_LIST_PAGE_SIZE } from '@lottery/contract/chat';
import { Button, Checkbox, Dialog, InfiniteScroll, Popup, Tabs, Toast } from 'antd-mobile';
import { useState } from 'react';
import { getShareDirectRooms, getShareRooms, type TargetPage } from '../api/share-targets';
import { SHARE_LIMIT_TEXT, SHARE_MUTED_TEXT, type ShareTarget, togglePick } from '../model/share';
import '../share-bet.css';

type Tab = 'room' | 'direct';

/** Next pages wait 300 ms, later ones 600 ms (spec/betting.md §9). */
const pageDelay = (pageNum: number) => (pageNum <= 1 ? 0 : pageNum === 2 ? 300 : 600);

function usePagedTargets(load: (pageNum: number) => Promise<TargetPage>) {
  const [rows, setRows] = useState<ShareTarget[]>([]);
  const [page, setPage] = useState(0);
  const [hasMore, setHasMore] = useState(true);
  const loadMore = async () => {
    const next = page + 1;
    const delay = pageDelay(next);
    if (delay) await new Promise((r) => setTimeout(r, delay));
    const data = await load(next);
    setRows((r) => [...r, ...data.rows.filter((row) => !r.some((x) => x.key === row.key))]);
    setPage(next);
    setHasMore(data.rows.length === ROOM_LIST_PAGE_SIZE && next * ROOM_LIST_PAGE_SIZE < data.total);
  };
  return { rows, hasMore, loadMore };
}

interface Props {
  visible: boolean;
  onClose(): void;
  /** Sends the slip to the checked rows; resolves true when every one took it. */
  onShare(targets: ShareTarget[]): Promise<boolean>;
}

/**
 * 分享到聊天室: tabs 聊天室 / 私聊, pages of 11 with checkboxes, at most 30 rows in all (分享仅限30个聊天房间),
 * rows where the player is banned or the room is muted not checkable (已禁言 / 全体禁言), and a
 * 分享 button with the number checked. After a share the selection clears and the popup closes.
 */
export function SharePicker({ visible, onClose, onShare }: Props) {
  const [tab, setTab] = useState<Tab>('room');
  const [picked, setPicked] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const rooms = usePagedTargets(getShareRooms);
  const directs = usePagedTargets(getShareDirectRooms);
  const list = tab === 'room' ? rooms : directs;

  const toggle = (target: ShareTarget) => {
    const result = togglePick(picked, target);
    if (result.ok) setPicked(result.picked);
    else if (result.reason === 'limit') void Dialog.alert({ content: SHARE_LIMIT_TEXT, confirmText: '确定' });
    else Toast.show({ content: SHARE_MUTED_TEXT });
  };

  const share = async () => {
    if (sending || picked.length === 0) return;
    const all = [...rooms.rows, ...directs.rows];
    const targets = picked.map((k) => all.find((t) => t.key === k)).filter((t): t is ShareTarget => !!t);
    setSending(true);
    try {
      if (await onShare(targets)) {
        setPicked([]);
        onClose();
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      bodyClassName="share-picker"
      destroyOnClose={false}
      data-testid="share-picker"
    >
      <div className="share-picker-head">
        <button type="button" className="share-picker-cancel" onClick={onClose}>
          取消
        </button>
        <strong>分享到聊天室</strong>
        <span />
      </div>
      <Tabs activeKey={tab} onChange={(k) => setTab(k as Tab)}>
        <Tabs.Tab title="聊天室" key="room" />
        <Tabs.Tab title="私聊" key="direct" />
      </Tabs>
      <div className="share-picker-list">
        {list.rows.map((t) => (
          <div
            key={t.key}
            className={t.blocked ? 'share-target blocked' : 'share-target'}
            data-testid="share-target"
            onClick={t.blocked ? () => toggle(t) : undefined}
          >
            <Checkbox
              checked={picked.includes(t.key)}
              disabled={Boolean(t.blocked)}
              onChange={() => toggle(t)}
            >
              <span className="share-target-body">
                <img
                  className="share-target-avatar"
                  src={t.avatar || '/static/avatars/avatar-01.svg'}
                  alt=""
                />
                <span className="share-target-text">
                  <b>{t.title}</b>
                  <small>{t.subTitle}</small>
                </span>
                {t.blocked ? <em className="share-target-flag">{t.blocked}</em> : null}
              </span>
            </Checkbox>
          </div>
        ))}
        <InfiniteScroll key={tab} loadMore={list.loadMore} hasMore={list.hasMore}>
          {list.hasMore ? '加载中...' : list.rows.length ? '已显示全部房间' : '暂无开放的房间'}
        </InfiniteScroll>
      </div>
      <div className="share-picker-foot">
        <Button
          block
          color="primary"
          loading={sending}
          disabled={picked.length === 0}
          onClick={() => void share()}
        >
          分享({picked.length})
        </Button>
      </div>
    </Popup>
  );
}
