import type { ChatMessage, OnlineMember, SocketEvent } from '@lottery/contract/chat';
import { ChatMessages, MessageType } from '@lottery/contract/chat';
import { Dialog, ImageViewer, Toast } from 'antd-mobile';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/envelope';
import { useSiteStore } from '../../../shared/stores/site';
import { useUiStore } from '../../../shared/stores/ui';
import { useUserStore } from '../../../shared/stores/user';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageLoading } from '../../../shared/ui/page-loading';
import { getDirectRoom } from '../api/direct';
import type { PlayerCard } from '../api/types';
import { BanSheet } from '../components/ban-sheet';
import { ChatFooter } from '../components/chat-footer';
import { ChatRoomHeader } from '../components/chat-room-header';
import { MessageActionsBar } from '../components/message-actions-bar';
import type { PlanPayload } from '../components/message-cards';
import { MessageItem } from '../components/message-item';
import { MuteManagePopup } from '../components/mute-manage-popup';
import { OnlineMembersPopup } from '../components/online-members-popup';
import { PasswordKeypad } from '../components/password-keypad';
import { PlanHistoryPopup } from '../components/plan-history-popup';
import { PlayerCardPopup } from '../components/player-card-popup';
import { RoomInfoPopup } from '../components/room-info-popup';
import { useChatSocket } from '../components/use-chat-socket';
import { type RoomPopup, useRoomEnvelopes } from '../components/use-room-envelopes';
import { useChatRoom } from '../hooks/use-chat-room';
import { useComposer } from '../hooks/use-composer';
import { useMessageActions } from '../hooks/use-message-actions';
import { useMessageList } from '../hooks/use-message-list';
import { canPrivateChat } from '../model/mentions';
import { canSend, parsePayload } from '../model/messages';
import { formatChatTime, withTimeSeparators } from '../model/time';
import '../chat.css';

/** A room nobody has written in yet (the spec gives no text; its lists say 暂无…). */
const EMPTY_ROOM = '暂无聊天消息';

/** /chat/{roomCode}, /chat/{directRoomId}?account=…&userId=… (private), /chatGuest/{roomCode}?guestCode=… */
export default function ChatRoomPage() {
  const navigate = useNavigate();
  const user = useUserStore((s) => s.user);
  const clearUser = useUserStore((s) => s.clear);
  const site = useSiteStore((s) => s.site);
  const showNewMessage = useUiStore((s) => s.showNewMessage);
  const chat = useChatRoom();
  const { mode, guest, guestCode, selfId, room, setRoom, direct, target, locked } = chat;

  const [popup, setPopup] = useState<RoomPopup>('none');
  const [cardUserId, setCardUserId] = useState<string>();
  const [viewImage, setViewImage] = useState<string>();
  const [planId, setPlanId] = useState<number>();
  const [onlineCount, setOnlineCount] = useState<number>();
  const [reconnectKey, setReconnectKey] = useState(0);
  const [presenceVersion, setPresenceVersion] = useState(0);
  const closeCard = useCallback(() => setCardUserId(undefined), []);

  const messages = useMessageList(target, {
    locked,
    directRoomId: mode === 'direct' ? direct?.roomId : undefined,
  });
  const { list, dispatch, listRef } = messages;
  const received = (message: ChatMessage) => {
    messages.followNewest(true);
    dispatch({ type: 'received', message });
  };

  const isManager = mode === 'room' && room?.isManager === true;
  const sendAllowed = mode === 'direct' || (room ? canSend(room) : false);
  const disabledText = room?.isMessageBanned ? ChatMessages.roomMuted : room?.bannedMessage || '您已被禁言';
  const composer = useComposer({
    target,
    room,
    mentionsEnabled: mode === 'room',
    isManager,
    sendAllowed,
    disabledText,
    onMentionStart: () => setPopup('mention'),
    onSent: received,
  });
  const actions = useMessageActions({
    target,
    roomCode: room?.roomCode,
    selfId,
    isManager,
    guest,
    onWithdrawn: (id) => dispatch({ type: 'withdrawn', id }),
  });

  const onEvent = (event: SocketEvent) => {
    switch (event.code) {
      case 1: {
        const m = event.data;
        const mine =
          mode === 'direct'
            ? m.type === 'direct' && m.roomId === direct?.roomId
            : m.type === 'room' && m.roomId === room?.roomId;
        if (!mine) return;
        messages.followNewest(m.userId === selfId);
        dispatch({ type: 'received', message: m });
        return;
      }
      case 2:
        if (event.success && event.data) setOnlineCount(event.data.onlineCount);
        return;
      case 3:
        if (event.type === 1 || event.type === 2)
          setRoom((r) => r && { ...r, isMessageBanned: event.type === 1 });
        else if (event.type === 3 && event.data.userId === selfId) {
          setRoom((r) => r && { ...r, isBanned: true, bannedMessage: event.msg });
          Toast.show({ content: event.msg });
        } else if (event.type === 4 && event.data.userId === selfId)
          setRoom((r) => r && { ...r, isBanned: false, bannedMessage: '' });
        else if (event.type === 5) dispatch({ type: 'withdrawn', id: event.data.id });
        else if (event.type === 6) setRoom((r) => r && { ...r, isShowList: event.data.isShowList });
        else if (event.type === 7) {
          // A private message or @mention: 您有一条新的消息, unless it is the private chat on screen.
          const here =
            mode === 'direct' && event.data.type === 'direct' && event.data.roomId === direct?.roomId;
          if (!here) showNewMessage();
        }
        return;
      case 11:
        // our own arrival is announced to the room too, and the greeting's count already has us
        if (event.data.userId !== selfId) setOnlineCount((n) => (n ?? 0) + 1);
        setPresenceVersion((v) => v + 1);
        return;
      case 12:
        setOnlineCount((n) => Math.max(0, (n ?? 1) - 1));
        setPresenceVersion((v) => v + 1);
        return;
      case 13:
        void Dialog.alert({ content: event.msg || ChatMessages.roomDeleted }).then(() =>
          navigate('/chatList', { replace: true }),
        );
        return;
      case 14:
        void Dialog.alert({ content: event.msg }).then(() => {
          clearUser();
          void navigate('/login', { replace: true });
        });
        return;
      case 15:
        void Dialog.alert({ content: event.msg || ChatMessages.permissionChanged }).then(() => {
          void chat.loadRoom();
          setReconnectKey((k) => k + 1);
        });
        return;
      case 17:
        // what the socket missed while the server's bus was down, and the room flags
        if (mode !== 'direct') void chat.loadRoom();
        void messages.resync();
        return;
      case 16:
        if (user && event.data.grades.includes(user.grade)) {
          setRoom((r) => r && { ...r, isBanned: true, bannedMessage: event.msg });
          Toast.show({ content: event.msg });
        }
        return;
    }
  };

  const socketQuery = useMemo(() => {
    if (mode === 'direct') return direct ? { type: 7, epoch: reconnectKey } : undefined;
    if (!room || locked) return undefined;
    return { type: 1, roomId: room.roomCode, guestCode, epoch: reconnectKey };
  }, [mode, direct, locked, guestCode, reconnectKey, room]);
  const connection = useChatSocket(socketQuery, {
    onEvent,
    onReconnected: () => void messages.loadNewest(),
    onFailed: (msg) => {
      Toast.show({ content: msg });
      if (msg === ChatMessages.connectFailed && !guest) void navigate('/chatList', { replace: true });
    },
  });

  const openPrivate = async (targetUserId: number | string) => {
    const toast = Toast.show({ icon: 'loading', content: '正在打开密聊', duration: 0 });
    try {
      const dm = await getDirectRoom({ targetUserId });
      toast.close();
      setPopup('none');
      setCardUserId(undefined);
      void navigate(
        `/chat/${dm.roomId}?account=${encodeURIComponent(dm.targetUser.userName)}&userId=${dm.targetUser.userId}`,
      );
    } catch (error) {
      toast.close();
      if (error instanceof ApiError && !error.handled) Toast.show({ content: error.message });
    }
  };

  const envelopes = useRoomEnvelopes({
    guest,
    isDirect: mode === 'direct',
    sendAllowed,
    roomCode: room?.roomCode,
    directRoomId: direct?.roomId,
    popup,
    setPopup,
    onRead: (recordId, state) => dispatch({ type: 'envelopeRead', recordId, state }),
  });

  /** A tap on a card: an envelope opens its grab flow, a push plan its history. */
  const openMessage = (m: ChatMessage) => {
    if (m.messageTypeId === MessageType.redEnvelope) envelopes.open(m);
    else if (m.messageTypeId === MessageType.pushPlan) {
      const plan = parsePayload<PlanPayload>(m.message);
      if (plan) setPlanId(plan.planId);
    }
  };

  const title =
    mode === 'direct'
      ? direct?.targetUser.nickName || direct?.targetUser.userName || chat.account || '私聊'
      : (room?.title ?? '聊天室');
  const back = () => void navigate(mode === 'direct' ? '/chatUserList' : '/chatList');
  const now = Date.now();
  const language = typeof navigator === 'undefined' ? 'zh-CN' : navigator.language;
  const timeline = withTimeSeparators(list.messages);

  const header = (
    <ChatRoomHeader
      title={title}
      guest={guest}
      roomTools={mode === 'room' && Boolean(room) && !locked}
      onlineCount={mode !== 'direct' && !locked ? onlineCount : undefined}
      onBack={back}
      onOnline={() => setPopup('online')}
      onInfo={() => setPopup('info')}
    />
  );

  if (chat.loadError)
    return (
      <div className="chat-page">
        {header}
        <p className="chat-error">{chat.loadError}</p>
      </div>
    );
  if (!room && !direct) return <PageLoading />;
  if (locked && room)
    return (
      <div className="chat-page">
        {header}
        <PasswordKeypad
          title={room.title}
          busy={chat.keypad.busy}
          error={chat.keypad.error}
          onComplete={(p) => void chat.keypad.submit(p)}
        />
      </div>
    );

  return (
    <div className="chat-page" data-connection={connection}>
      {header}
      {connection === 'connecting' || connection === 'closed' ? (
        <div className="chat-connection">
          {connection === 'connecting' ? '连接中...' : '连接已断开，正在重连...'}
        </div>
      ) : connection === 'failed' ? (
        <div className="chat-connection failed">{ChatMessages.connectFailed}</div>
      ) : null}
      <div
        className="chat-list"
        ref={listRef}
        data-testid="chat-list"
        onScroll={(e) => {
          if (e.currentTarget.scrollTop < 20 && list.hasMore) void messages.loadOlder();
        }}
        onClick={(e) => {
          if (e.target === e.currentTarget) actions.setSelected(undefined);
        }}
      >
        {messages.loaded && timeline.length === 0 ? <EmptyState text={EMPTY_ROOM} /> : null}
        {list.hasMore ? (
          <button type="button" className="chat-more" onClick={() => void messages.loadOlder()}>
            查看更多消息
          </button>
        ) : null}
        {timeline.map((item) =>
          item.kind === 'time' ? (
            <div key={item.key} className="chat-time" data-testid="chat-time">
              {formatChatTime(item.at, now, language)}
            </div>
          ) : (
            <MessageItem
              key={item.key}
              message={item.message}
              own={item.message.userId === selfId}
              selected={actions.selected?.id === item.message.id}
              onSelect={actions.toggle}
              onAvatar={(m) => {
                if (!guest && !m.userId.startsWith('guest') && m.userName !== '计划推送')
                  setCardUserId(m.userId);
              }}
              onOpen={openMessage}
              onImage={setViewImage}
            />
          ),
        )}
      </div>
      <MessageActionsBar actions={actions} guest={guest} inRoom={mode === 'room'} />
      {!sendAllowed ? (
        <div className="chat-banned" role="status" data-testid="chat-banned">
          {disabledText}
        </div>
      ) : null}
      <ChatFooter
        disabled={!sendAllowed || composer.sending}
        disabledText={disabledText}
        guest={guest}
        maxLength={room?.messageLength ?? 0}
        text={composer.text}
        onText={composer.onText}
        onSend={() => void composer.send()}
        onSendImage={(p) => void composer.sendImagePath(p)}
        onUpload={(f, fav) => void composer.upload(f, fav)}
        onEnvelope={envelopes.openSender}
      />
      {room && mode === 'room' ? (
        <>
          <RoomInfoPopup
            visible={popup === 'info'}
            room={room}
            onClose={() => setPopup('none')}
            onMuteManage={() => setPopup('mute')}
            onOnline={() => setPopup('online')}
          />
          {isManager ? (
            <MuteManagePopup
              visible={popup === 'mute'}
              roomCode={room.roomCode}
              isMessageBanned={room.isMessageBanned}
              onClose={() => setPopup('info')}
              onRoomMuted={(v) => setRoom((r) => r && { ...r, isMessageBanned: v })}
            />
          ) : null}
          <OnlineMembersPopup
            visible={popup === 'online' || popup === 'mention'}
            mentionMode={popup === 'mention'}
            roomCode={room.roomCode}
            isManager={isManager}
            selfId={selfId}
            presenceVersion={presenceVersion}
            onClose={() => setPopup('none')}
            onMention={composer.addMention}
            canPrivate={(m: OnlineMember) =>
              canPrivateChat({ userId: selfId, grade: user?.grade ?? 0, isManager }, m)
            }
            onPrivate={(m: OnlineMember) => void openPrivate(m.userId)}
          />
        </>
      ) : null}
      {guest ? null : (
        <>
          <PlayerCardPopup
            userId={cardUserId}
            roomCode={room?.roomCode}
            isManager={isManager}
            showProfit={Boolean(site?.showCardProfit)}
            canPrivate={(card: PlayerCard) =>
              canPrivateChat(
                { userId: selfId, grade: user?.grade ?? 0, isManager },
                { userId: String(card.userId), grade: card.grade },
              )
            }
            onPrivate={(card) => void openPrivate(card.userId)}
            onClose={closeCard}
          />
          {envelopes.view}
        </>
      )}
      <BanSheet
        visible={Boolean(actions.banTarget)}
        withLift={false}
        onPick={(d) => void actions.ban(d)}
        onClose={actions.cancelBan}
      />
      <PlanHistoryPopup planId={planId} onClose={() => setPlanId(undefined)} />
      <ImageViewer
        image={viewImage ?? ''}
        visible={Boolean(viewImage)}
        onClose={() => setViewImage(undefined)}
      />
    </div>
  );
}
