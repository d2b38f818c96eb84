import type { OnlineMember } from '@lottery/contract/chat';
import { ActionSheet, List, Popup, SearchBar } from 'antd-mobile';
import { LeftOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { getOnlineMembers, type OnlineList } from '../api/members';
import { MENTION_ALL } from '../model/mentions';

/** Online search waits 600 ms after the last key (spec §9). */
export const SEARCH_DEBOUNCE_MS = 600;

interface Props {
  visible: boolean;
  roomCode: string;
  isManager: boolean;
  /** Opened from "@" in the input: a tap mentions directly. */
  mentionMode: boolean;
  selfId: string;
  /** Changes when members come and go (events 11/12): the open list reloads. */
  presenceVersion?: number;
  onClose(): void;
  onMention(member: { userId: string; name: string }): void;
  /** Whether 私聊 may be offered with this member (the spec's grade-100 / manager rule). */
  canPrivate(member: OnlineMember): boolean;
  onPrivate(member: OnlineMember): void;
}

/** The list without the reader (spec/platform.md §4: a member is listed if absent and not the current user). */
function withoutViewer(list: OnlineList, selfId: string): OnlineList {
  const others = (members: OnlineMember[]) => members.filter((m) => m.userId !== selfId);
  return { ...list, managers: others(list.managers), others: others(list.others) };
}

/** 在线成员: search (debounced), @全部 for managers, 管理员(n) / 其他在线玩家(n). */
export function OnlineMembersPopup(props: Props) {
  const { visible, roomCode, isManager, mentionMode, presenceVersion } = props;
  const [keyword, setKeyword] = useState('');
  const [debounced, setDebounced] = useState('');
  const [list, setList] = useState<OnlineList>();
  const [picked, setPicked] = useState<OnlineMember>();

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(keyword.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [keyword]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: presenceVersion only triggers a reload; selfId is fixed per page
  useEffect(() => {
    if (!visible) return;
    let live = true;
    getOnlineMembers(roomCode, debounced)
      .then((data) => live && setList(withoutViewer(data, props.selfId)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [visible, roomCode, debounced, presenceVersion]);

  const tap = (member: OnlineMember) => {
    if (mentionMode) {
      props.onMention({ userId: member.userId, name: member.roleUserName || member.userName });
      props.onClose();
    } else setPicked(member);
  };

  const row = (m: OnlineMember) => (
    <List.Item
      key={m.userId}
      prefix={<img className="member-avatar" src={m.avatar} alt="" />}
      onClick={() => tap(m)}
    >
      {m.roleUserName || m.userName}
      {m.isManager ? <span className="chat-grade admin">管理</span> : null}
    </List.Item>
  );

  const all = list ? [...list.managers, ...list.others] : [];
  return (
    <Popup visible={visible} position="right" bodyClassName="chat-side-page" onMaskClick={props.onClose}>
      <div className="chat-side-head">
        <button type="button" aria-label="返回" onClick={props.onClose}>
          <LeftOutline />
        </button>
        <strong>在线成员</strong>
        <span />
      </div>
      <div className="chat-search">
        <SearchBar placeholder="请输入搜索关键词" value={keyword} onChange={setKeyword} />
      </div>
      {debounced ? (
        <List>{all.map(row)}</List>
      ) : (
        <>
          {isManager ? (
            <List>
              <List.Item
                onClick={() => {
                  props.onMention({ userId: 'all', name: MENTION_ALL });
                  props.onClose();
                }}
              >
                @{MENTION_ALL}
              </List.Item>
            </List>
          ) : null}
          <List header={`管理员(${list?.managers.length ?? 0})`}>{list?.managers.map(row)}</List>
          <List header={`其他在线玩家(${list?.others.length ?? 0})`}>{list?.others.map(row)}</List>
        </>
      )}
      <ActionSheet
        visible={Boolean(picked)}
        cancelText="取消"
        onClose={() => setPicked(undefined)}
        actions={[
          {
            key: 'mention',
            text: '提醒',
            onClick: () => {
              if (picked)
                props.onMention({ userId: picked.userId, name: picked.roleUserName || picked.userName });
              setPicked(undefined);
              props.onClose();
            },
          },
          ...(picked && props.canPrivate(picked)
            ? [
                {
                  key: 'private',
                  text: '私聊',
                  onClick: () => {
                    if (picked) props.onPrivate(picked);
                    setPicked(undefined);
                  },
                },
              ]
            : []),
        ]}
      />
    </Popup>
  );
}
