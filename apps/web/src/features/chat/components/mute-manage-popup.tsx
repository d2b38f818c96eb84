import { Code } from '@lottery/contract/codes';
import { InfiniteScroll, List, Popup, SearchBar, Switch, Toast } from 'antd-mobile';
import { LeftOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { beijingFormat } from '../../../shared/lib/day';
import { getBanList, setRoomMuted, updateBan } from '../api/moderation';
import type { BanRow } from '../api/types';
import { BanSheet } from './ban-sheet';

interface Props {
  visible: boolean;
  roomCode: string;
  isMessageBanned: boolean;
  onClose(): void;
  onRoomMuted(value: boolean): void;
}

const NEXT_PAGE_DELAY_MS = 600;

/** 禁言管理: 全体禁言 switch, account search, infinite list of muted users, action sheet per row. */
export function MuteManagePopup({ visible, roomCode, isMessageBanned, onClose, onRoomMuted }: Props) {
  const [rows, setRows] = useState<BanRow[]>([]);
  const [page, setPage] = useState(0);
  const [hasMore, setHasMore] = useState(true);
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<BanRow>();
  const [generation, setGeneration] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: restart paging on open, search or change
  useEffect(() => {
    setRows([]);
    setPage(0);
    setHasMore(visible);
  }, [visible, search, generation]);

  const loadMore = async () => {
    const next = page + 1;
    if (next > 1) await new Promise((r) => setTimeout(r, NEXT_PAGE_DELAY_MS));
    try {
      const data = await getBanList(roomCode, next, search);
      setRows((r) => (next === 1 ? data.rows : [...r, ...data.rows]));
      setPage(next);
      setHasMore(next * 10 < data.total);
    } catch {
      setHasMore(false);
    }
  };

  const toggleRoom = async (value: boolean) => {
    const envelope = await setRoomMuted(roomCode, value).catch(() => undefined);
    if (envelope?.code === Code.OK) {
      Toast.show({ content: envelope.msg || '修改成功' });
      onRoomMuted(value);
    } else if (envelope) Toast.show({ content: envelope.msg });
  };

  const change = async (durationTypeId: number) => {
    const row = picked;
    setPicked(undefined);
    if (!row) return;
    const envelope = await updateBan(roomCode, row.id, durationTypeId).catch(() => undefined);
    if (!envelope) return;
    Toast.show({ content: envelope.code === Code.OK ? envelope.msg || '修改成功' : envelope.msg });
    setGeneration((g) => g + 1);
  };

  return (
    <Popup visible={visible} position="right" bodyClassName="chat-side-page" onMaskClick={onClose}>
      <div className="chat-side-head">
        <button type="button" aria-label="返回" onClick={onClose}>
          <LeftOutline />
        </button>
        <strong>禁言管理</strong>
        <span />
      </div>
      <List>
        <List.Item
          extra={
            <Switch checked={isMessageBanned} onChange={(v) => void toggleRoom(v)} aria-label="全体禁言" />
          }
        >
          全体禁言
        </List.Item>
      </List>
      <div className="chat-search">
        <SearchBar placeholder="输入账号查询" onSearch={setSearch} onClear={() => setSearch('')} />
      </div>
      <List className="ban-list">
        {rows.map((row) => (
          <List.Item
            key={row.id}
            onClick={() => setPicked(row)}
            description={beijingFormat(row.gmtModified, 'YYYY/M/D HH:mm:ss')}
            extra={<span className="ban-label">{row.durationLabel}</span>}
          >
            {row.target}
            <small className="muted"> {row.nickname || '未设置昵称'}</small>
          </List.Item>
        ))}
      </List>
      {visible ? (
        <InfiniteScroll loadMore={loadMore} hasMore={hasMore}>
          {hasMore ? '加载中...' : rows.length ? '已显示全部记录' : '暂无禁言记录'}
        </InfiniteScroll>
      ) : null}
      <BanSheet
        visible={Boolean(picked)}
        withLift
        onPick={(id) => void change(id)}
        onClose={() => setPicked(undefined)}
      />
    </Popup>
  );
}
