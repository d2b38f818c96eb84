import type { ChatMessage, OnlineMember, SocketEvent } from '@lottery/contract/chat';
import { ChatMessages, MessageType } from '@lottery/contract/chat';
import { Code } from '@lottery/contract/codes';
import { Dialog, ImageViewer, NavBar, Toast } from 'antd-mobile';
import { MoreOutline, UserOutline } from 'antd-mobile-icons';
import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/envelope';
import { useSiteStore } from '../../../shared/stores/site';
import { useUiStore } from '../../../shared/stores/ui';
import { isLoggedIn, useUserStore } from '../../../shared/stores/user';
import { PageLoading } from '../../../shared/ui/page-loading';
import { getDirectRoom } from '../api/direct';
import { saveImage, uploadChatImage } from '../api/images';
import {
  type ChatTarget,
  getMessages,
  getMessagesAfter,
  sendMessage,
  setDirectRead,
  withdrawMessage,
} from '../api/messages';
import { addBan } from '../api/moderation';
import { checkRoomPassword, getRoom } from '../api/rooms';
import type { DirectRoom, PlayerCard, RoomSettings } from '../api/types';
import { BanSheet } from '../components/ban-sheet';
import { ChatFooter } from '../components/chat-footer';
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
import { isRecognisedImage, prepareImage } from '../model/image';
import { canPrivateChat, type Mention, mentionPayload } from '../model/mentions';
import { canSend, emptyMessages, messageActions, messageReducer, parsePayload } from '../model/messages';
import { fetchMissed } from '../model/resync';
import { formatChatTime, withTimeSeparators } from '../model/time';
import '../chat.css';

const DIRECT_READ_DELAY_MS = 5000;
const UNLOCKED_KEY = 'chatUnlockedRooms';

type Mode = 'room' | 'direct' | 'guest';

function guestCodeFor(search: URLSearchParams): string {
  const given = search.get('guestCode');
  if (given && /^guest[A-Za-z0-9]{4,40}$/.test(given)) return given;
  const stored = sessionStorage.getItem('chatGuestCode');
  if (stored) return stored;
  const code = `guest${Math.random().toString(36).slice(2, 12)}`;
  sessionStorage.setItem('chatGuestCode', code);
  return code;
}

function rememberUnlocked(roomCode: string, on: boolean) {
  const set = new Set<string>(JSON.parse(localStorage.getItem(UNLOCKED_KEY) ?? '[]'));
  if (on) set.add(roomCode);
  else set.delete(roomCode);
  localStorage.setItem(UNLOCKED_KEY, JSON.stringify([...set]));
}

/** /chat/{roomCode}, /chat/{directRoomId}?account=…&userId=… (private), /chatGuest/{roomCode}?guestCode=… */
export default function ChatRoomPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const user = useUserStore((s) => s.user);
  const clearUser = useUserStore((s) => s.clear);
  const site = useSiteStore((s) => s.site);
  const showNewMessage = useUiStore((s) => s.showNewMessage);
  const mode: Mode = location.pathname.startsWith('/chatGuest')
    ? 'guest'
    : search.has('account') || search.has('userId')
      ? 'direct'
      : 'room';
  const guestCode = useMemo(() => (mode === 'guest' ? guestCodeFor(search) : undefined), [mode, search]);
  const guest = mode === 'guest';
  const selfId = guest ? (guestCode ?? '') : String(user?.userId ?? '');

  const [room, setRoom] = useState<RoomSettings>();
  const [direct, setDirect] = useState<DirectRoom>();
  const [loadError, setLoadError] = useState<string>();
  const [passwordError, setPasswordError] = useState<string>();
  const [checking, setChecking] = useState(false);
  const [list, dispatch] = useReducer(messageReducer, emptyMessages);
  const [text, setText] = useState('');
  const [mentions, setMentions] = useState<Mention[]>([]);
  const [selected, setSelected] = useState<ChatMessage>();
  const [banTarget, setBanTarget] = useState<ChatMessage>();
  const [popup, setPopup] = useState<RoomPopup>('none');
  const [cardUserId, setCardUserId] = useState<string>();
  const [viewImage, setViewImage] = useState<string>();
  const [planId, setPlanId] = useState<number>();
  const [onlineCount, setOnlineCount] = useState<number>();
  const [sending, setSending] = useState(false);
  const [reconnectKey, setReconnectKey] = useState(0);
  const [presenceVersion, setPresenceVersion] = useState(0);
  const closeCard = useCallback(() => setCardUserId(undefined), []);
  const listRef = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);

  const target: ChatTarget | undefined = useMemo(() => {
    if (mode === 'direct') return direct ? { kind: 'direct', roomId: direct.roomId } : undefined;
    return room ? { kind: 'room', roomCode: room.roomCode, guestCode } : undefined;
  }, [mode, direct, room, guestCode]);

  // Not logged in outside guest chat: to login (spec §8).
  useEffect(() => {
    if (!guest && !isLoggedIn())
      void navigate(`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`, {
        replace: true,
      });
  }, [guest, navigate, location.pathname, location.search]);

  const loadRoom = useCallback(async () => {
    setLoadError(undefined);
    try {
      if (mode === 'direct') setDirect(await getDirectRoom({ roomId: Number(id) }));
      else {
        const settings = await getRoom(id, guestCode);
        setRoom(settings);
        if (settings.isPassword && !settings.isUnlocked) rememberUnlocked(settings.roomCode, false);
      }
    } catch (error) {
      setLoadError(error instanceof ApiError ? error.message : ChatMessages.roomNotFound);
    }
  }, [mode, id, guestCode]);

  useEffect(() => {
    void loadRoom();
  }, [loadRoom]);

  const locked = mode !== 'direct' && room?.isPassword === true && !room.isUnlocked;

  const loadNewest = useCallback(async () => {
    if (!target) return;
    try {
      const page = await getMessages(target);
      stickToBottom.current = true;
      dispatch({ type: 'reset', rows: page.rows, hasMore: page.hasMore });
    } catch (error) {
      if (error instanceof ApiError && !error.handled) Toast.show({ content: error.message });
    }
  }, [target]);

  useEffect(() => {
    if (!locked) void loadNewest();
  }, [locked, loadNewest]);

  // Event 17: fetch what the socket missed while the server's bus was down, and the room flags.
  const resync = async () => {
    if (!target) return;
    if (mode !== 'direct') void loadRoom();
    const newest = list.messages.at(-1)?.id;
    if (newest === undefined) return void loadNewest();
    const missed = await fetchMissed((afterId) => getMessagesAfter(target, afterId), newest).catch(
      () => undefined,
    );
    if (!missed?.complete) return void loadNewest();
    dispatch({ type: 'newer', rows: missed.rows });
  };

  const loadOlder = async () => {
    const oldest = list.messages[0];
    if (!target || !oldest || !list.hasMore) return;
    const box = listRef.current;
    const before = box ? box.scrollHeight - box.scrollTop : 0;
    const page = await getMessages(target, oldest.id).catch(() => undefined);
    if (!page) return;
    stickToBottom.current = false;
    dispatch({ type: 'older', rows: page.rows, hasMore: page.hasMore });
    requestAnimationFrame(() => {
      if (box) box.scrollTop = box.scrollHeight - before;
    });
  };

  // Keep the newest message in view when we were at the bottom.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the list changes
  useLayoutEffect(() => {
    const box = listRef.current;
    if (box && stickToBottom.current) box.scrollTop = box.scrollHeight;
  }, [list.messages]);

  // Private chat: mark read 5 s after showing the newest message.
  const newestId = list.messages.at(-1)?.id;
  useEffect(() => {
    if (mode !== 'direct' || !direct || !newestId) return;
    const timer = setTimeout(
      () => void setDirectRead(direct.roomId, newestId).catch(() => undefined),
      DIRECT_READ_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [mode, direct, newestId]);

  const onEvent = (event: SocketEvent) => {
    switch (event.code) {
      case 1: {
        const m = event.data;
        const mine =
          mode === 'direct'
            ? m.type === 'direct' && m.roomId === direct?.roomId
            : m.type === 'room' && m.roomId === room?.roomId;
        if (!mine) return;
        const box = listRef.current;
        stickToBottom.current =
          !box || box.scrollHeight - box.scrollTop - box.clientHeight < 120 || m.userId === selfId;
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
        setOnlineCount((n) => (n ?? 0) + 1);
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
          void loadRoom();
          setReconnectKey((k) => k + 1);
        });
        return;
      case 17:
        void resync();
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
  }, [mode, direct, room?.roomCode, locked, guestCode, reconnectKey, room]);
  const connection = useChatSocket(socketQuery, {
    onEvent,
    onReconnected: () => void loadNewest(),
    onFailed: (msg) => {
      Toast.show({ content: msg });
      if (msg === ChatMessages.connectFailed && !guest) void navigate('/chatList', { replace: true });
    },
  });

  const submitPassword = async (password: string) => {
    if (!room) return;
    setChecking(true);
    try {
      await checkRoomPassword(room.roomCode, password, guestCode);
      rememberUnlocked(room.roomCode, true);
      setPasswordError(undefined);
      await loadRoom();
    } catch (error) {
      rememberUnlocked(room.roomCode, false);
      setPasswordError(error instanceof ApiError ? error.message : '房间密码错误');
    } finally {
      setChecking(false);
    }
  };

  const isManager = mode === 'room' && room?.isManager === true;
  const sendAllowed = mode === 'direct' || (room ? canSend(room) : false);
  const disabledText = room?.isMessageBanned ? ChatMessages.roomMuted : room?.bannedMessage || '您已被禁言';

  const send = async () => {
    if (!target || sending) return;
    const body = text.replace(/^\s+/, '');
    if (!body.trim()) return void Toast.show({ content: ChatMessages.empty });
    if (room?.messageLength && [...body].length > room.messageLength)
      return void Toast.show({ content: ChatMessages.tooLong(room.messageLength) });
    if (!sendAllowed) return void Toast.show({ content: disabledText });
    setSending(true);
    try {
      const payload = mentionPayload(body, mentions, isManager);
      const message = await sendMessage(target, { messageTypeId: 1, message: body.trim(), ...payload });
      stickToBottom.current = true;
      dispatch({ type: 'received', message });
      setText('');
      setMentions([]);
    } catch (error) {
      if (error instanceof ApiError && !error.handled) {
        if (error.code === Code.LOGIN_REQUIRED) {
          const go = await Dialog.confirm({
            content: error.message,
            confirmText: '注册',
            cancelText: '取消',
          });
          if (go) void navigate('/register');
        } else Toast.show({ content: error.message });
      }
    } finally {
      setSending(false);
    }
  };

  const sendImagePath = async (imgPath: string) => {
    if (!target) return;
    try {
      const message = await sendMessage(target, { messageTypeId: 2, message: imgPath });
      stickToBottom.current = true;
      dispatch({ type: 'received', message });
    } catch (error) {
      if (error instanceof ApiError && !error.handled) Toast.show({ content: error.message });
    }
  };

  const upload = async (file: File, favourite: boolean) => {
    if (!isRecognisedImage(file.name)) return void Toast.show({ content: ChatMessages.imageType });
    const toast = Toast.show({ icon: 'loading', content: '请稍等...', duration: 0 });
    try {
      const blob = await prepareImage(file);
      const { data, msg } = await uploadChatImage(blob, favourite);
      toast.close();
      if (favourite) Toast.show({ icon: 'success', content: msg || ChatMessages.saved, duration: 600 });
      else await sendImagePath(data.imgPath);
    } catch (error) {
      toast.close();
      Toast.show({ content: error instanceof Error ? error.message : ChatMessages.imageType });
    }
  };

  const onText = (value: string) => {
    // "@" typed at the end opens the member list in mention mode (rooms only).
    if (mode === 'room' && value.endsWith('@') && value.length === text.length + 1) {
      setText(value.slice(0, -1));
      setPopup('mention');
      return;
    }
    setText(value);
  };

  const addMention = (m: { userId: string; name: string }) => {
    setMentions((list) => [...list, m]);
    setText((t) => `${t}@${m.name} `);
  };

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

  const actions = selected
    ? messageActions(selected, { userId: selfId, isManager, guest })
    : { copy: false, ban: false, withdraw: false };
  const selectedImage =
    selected?.messageTypeId === 2
      ? (parsePayload<{ imgPath: string }>(selected.message)?.imgPath ?? selected.message)
      : undefined;

  const copy = async () => {
    if (!selected) return;
    const value = selectedImage ? new URL(selectedImage, window.location.origin).href : selected.message;
    await navigator.clipboard?.writeText(value).catch(() => undefined);
    Toast.show({ content: '复制成功' });
    setSelected(undefined);
  };

  const withdraw = async () => {
    if (!selected || !target) return;
    try {
      await withdrawMessage(target, selected.id);
      dispatch({ type: 'withdrawn', id: selected.id });
    } catch (error) {
      if (error instanceof ApiError && !error.handled) Toast.show({ content: error.message });
    }
    setSelected(undefined);
  };

  const favourite = async () => {
    if (!selectedImage) return;
    const envelope = await saveImage(selectedImage).catch(() => undefined);
    if (envelope)
      Toast.show({ content: envelope.code === Code.OK ? envelope.msg || ChatMessages.saved : envelope.msg });
    setSelected(undefined);
  };

  const ban = async (durationTypeId: number) => {
    const m = banTarget;
    setBanTarget(undefined);
    if (!m || !room) return;
    const envelope = await addBan(room.roomCode, m.userName, durationTypeId, m.nickname).catch(
      () => undefined,
    );
    if (envelope)
      Toast.show({
        content: envelope.code === Code.OK ? envelope.msg || ChatMessages.changed : envelope.msg,
      });
  };

  const title =
    mode === 'direct'
      ? direct?.targetUser.nickName || direct?.targetUser.userName || search.get('account') || '私聊'
      : (room?.title ?? '聊天室');
  const back = () => void navigate(mode === 'direct' ? '/chatUserList' : guest ? '/chatList' : '/chatList');
  const now = Date.now();
  const language = typeof navigator === 'undefined' ? 'zh-CN' : navigator.language;
  const timeline = withTimeSeparators(list.messages);

  const header = (
    <NavBar
      className="app-header chat-header"
      onBack={back}
      right={
        guest ? (
          <button type="button" className="chat-register" onClick={() => void navigate('/register')}>
            注册
          </button>
        ) : mode === 'room' && room && !locked ? (
          <span className="chat-header-tools">
            <button type="button" aria-label="在线成员" onClick={() => setPopup('online')}>
              <UserOutline />
            </button>
            <button type="button" aria-label="房间资料" onClick={() => setPopup('info')}>
              <MoreOutline />
            </button>
          </span>
        ) : null
      }
    >
      <div className="chat-title">
        <span>{title}</span>
        {mode !== 'direct' && onlineCount !== undefined && !locked ? (
          <small>在线 {onlineCount} 人</small>
        ) : null}
      </div>
    </NavBar>
  );

  if (loadError)
    return (
      <div className="chat-page">
        {header}
        <p className="chat-error">{loadError}</p>
      </div>
    );
  if (!room && !direct) return <PageLoading />;
  if (locked && room)
    return (
      <div className="chat-page">
        {header}
        <PasswordKeypad
          title={room.title}
          busy={checking}
          error={passwordError}
          onComplete={(p) => void submitPassword(p)}
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
          if (e.currentTarget.scrollTop < 20 && list.hasMore) void loadOlder();
        }}
        onClick={(e) => {
          if (e.target === e.currentTarget) setSelected(undefined);
        }}
      >
        {list.hasMore ? (
          <button type="button" className="chat-more" onClick={() => void loadOlder()}>
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
              selected={selected?.id === item.message.id}
              onSelect={(m) => setSelected((s) => (s?.id === m.id ? undefined : m))}
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
      {selected && (actions.copy || actions.ban || actions.withdraw || selectedImage) ? (
        <div className="chat-actions" data-testid="message-actions">
          {actions.copy ? (
            <button type="button" onClick={() => void copy()}>
              复制
            </button>
          ) : null}
          {selectedImage && !guest ? (
            <button type="button" onClick={() => void favourite()}>
              收藏
            </button>
          ) : null}
          {actions.ban && mode === 'room' ? (
            <button
              type="button"
              onClick={() => {
                setBanTarget(selected);
                setSelected(undefined);
              }}
            >
              禁言
            </button>
          ) : null}
          {actions.withdraw && selected.messageTypeId !== 3 ? (
            <button type="button" onClick={() => void withdraw()}>
              撤回
            </button>
          ) : null}
          <button type="button" onClick={() => setSelected(undefined)}>
            取消
          </button>
        </div>
      ) : null}
      {!sendAllowed ? (
        <div className="chat-banned" role="status" data-testid="chat-banned">
          {disabledText}
        </div>
      ) : null}
      <ChatFooter
        disabled={!sendAllowed || sending}
        disabledText={disabledText}
        guest={guest}
        maxLength={room?.messageLength ?? 0}
        text={text}
        onText={onText}
        onSend={() => void send()}
        onSendImage={(p) => void sendImagePath(p)}
        onUpload={(f, fav) => void upload(f, fav)}
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
            onMention={addMention}
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
        visible={Boolean(banTarget)}
        withLift={false}
        onPick={(d) => void ban(d)}
        onClose={() => setBanTarget(undefined)}
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
