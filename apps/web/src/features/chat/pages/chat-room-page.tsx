import type { ChatMessage } from '@lottery/contract/chat';
import { ChatMessages, MessageType } from '@lottery/contract/chat';
import { ImageViewer, Toast } from 'antd-mobile';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSiteStore } from '../../../shared/stores/site';
import { PageLoading } from '../../../shared/ui/page-loading';
import { BanSheet } from '../components/ban-sheet';
import { ChatFooter } from '../components/chat-footer';
import { ChatRoomHeader } from '../components/chat-room-header';
import { MessageActionsBar } from '../components/message-actions-bar';
import type { PlanPayload } from '../components/message-cards';
import { MessageTimeline } from '../components/message-timeline';
import { PasswordKeypad } from '../components/password-keypad';
import { PlanHistoryPopup } from '../components/plan-history-popup';
import { RoomPopups } from '../components/room-popups';
import { useChatSocket } from '../components/use-chat-socket';
import { type RoomPopup, useRoomEnvelopes } from '../components/use-room-envelopes';
import { useChatExtensions } from '../extensions/chat-extensions';
import { useChatRoom } from '../hooks/use-chat-room';
import { useComposer } from '../hooks/use-composer';
import { useMessageActions } from '../hooks/use-message-actions';
import { useMessageList } from '../hooks/use-message-list';
import { useOpenPrivate } from '../hooks/use-open-private';
import { useRoomEvents } from '../hooks/use-room-events';
import { canSend, parsePayload } from '../model/messages';
import '../chat.css';

/**
 * /chat/{roomCode}, /chat/{directRoomId}?account=…&userId=… (private), /chatGuest/{roomCode}?guestCode=…
 *
 * Composition only; each concern has its own file: route, settings and keypad (use-chat-room),
 * pages and scroll (use-message-list), socket events (use-room-events), sending (use-composer),
 * selection actions (use-message-actions), envelopes (use-room-envelopes), the list
 * (message-timeline) and the people popups (room-popups).
 */
export default function ChatRoomPage() {
  const navigate = useNavigate();
  const site = useSiteStore((s) => s.site);
  const { LongDragonPopup } = useChatExtensions();
  const chat = useChatRoom();
  const { mode, guest, guestCode, selfId, room, setRoom, direct, target, locked } = chat;

  const [popup, setPopup] = useState<RoomPopup>('none');
  const [cardUserId, setCardUserId] = useState<string>();
  const [viewImage, setViewImage] = useState<string>();
  const [planId, setPlanId] = useState<number>();
  const [dragonOpen, setDragonOpen] = useState(false);
  const closeCard = useCallback(() => setCardUserId(undefined), []);

  const messages = useMessageList(target, {
    locked,
    directRoomId: mode === 'direct' ? direct?.roomId : undefined,
  });
  const { dispatch } = messages;
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
  const events = useRoomEvents(chat, messages);

  const socketQuery = useMemo(() => {
    if (mode === 'direct') return direct ? { type: 7, epoch: events.reconnectKey } : undefined;
    if (!room || locked) return undefined;
    return { type: 1, roomId: room.roomCode, guestCode, epoch: events.reconnectKey };
  }, [mode, direct, locked, guestCode, events.reconnectKey, room]);
  const connection = useChatSocket(socketQuery, {
    onEvent: events.onEvent,
    onReconnected: () => void messages.loadNewest(),
    onFailed: (msg) => {
      Toast.show({ content: msg });
      if (msg === ChatMessages.connectFailed && !guest) void navigate('/chatList', { replace: true });
    },
  });

  const openPrivate = useOpenPrivate(() => {
    setPopup('none');
    setCardUserId(undefined);
  });

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
  const roomTools = mode === 'room' && Boolean(room) && !locked;

  const header = (
    <ChatRoomHeader
      title={title}
      guest={guest}
      roomTools={roomTools}
      onlineCount={mode !== 'direct' && !locked ? events.onlineCount : undefined}
      onBack={back}
      onOnline={() => setPopup('online')}
      onInfo={() => setPopup('info')}
      onLongDragon={LongDragonPopup && roomTools ? () => setDragonOpen(true) : undefined}
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
      <MessageTimeline
        messages={messages}
        actions={actions}
        selfId={selfId}
        onAvatar={(m) => {
          if (!guest && !m.userId.startsWith('guest') && m.userName !== '计划推送') setCardUserId(m.userId);
        }}
        onOpen={openMessage}
        onImage={setViewImage}
      />
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
      <RoomPopups
        room={room}
        inRoom={mode === 'room'}
        guest={guest}
        selfId={selfId}
        isManager={isManager}
        showProfit={Boolean(site?.showCardProfit)}
        popup={popup}
        setPopup={setPopup}
        presenceVersion={events.presenceVersion}
        cardUserId={cardUserId}
        onCloseCard={closeCard}
        onRoomMuted={(v) => setRoom((r) => r && { ...r, isMessageBanned: v })}
        onMention={composer.addMention}
        onPrivate={(id) => void openPrivate(id)}
        envelopes={envelopes.view}
      />
      <BanSheet
        visible={Boolean(actions.banTarget)}
        withLift={false}
        onPick={(d) => void actions.ban(d)}
        onClose={actions.cancelBan}
      />
      <PlanHistoryPopup planId={planId} onClose={() => setPlanId(undefined)} />
      {LongDragonPopup && !guest ? (
        <LongDragonPopup visible={dragonOpen} onClose={() => setDragonOpen(false)} />
      ) : null}
      <ImageViewer
        image={viewImage ?? ''}
        visible={Boolean(viewImage)}
        onClose={() => setViewImage(undefined)}
      />
    </div>
  );
}
