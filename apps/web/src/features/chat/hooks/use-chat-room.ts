import { ChatMessages } from '@lottery/contract/chat';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/envelope';
import { isLoggedIn, useUserStore } from '../../../shared/stores/user';
import { getDirectRoom } from '../api/direct';
import type { ChatTarget } from '../api/messages';
import { checkRoomPassword, getRoom } from '../api/rooms';
import type { DirectRoom, RoomSettings } from '../api/types';

const UNLOCKED_KEY = 'chatUnlockedRooms';

export type ChatMode = 'room' | 'direct' | 'guest';

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

/**
 * Which chat the route opens (/chat/{roomCode}, /chat/{directRoomId}?account=…&userId=… private,
 * /chatGuest/{roomCode}?guestCode=…), its settings, and the password keypad of a locked room.
 */
export function useChatRoom() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const user = useUserStore((s) => s.user);
  const mode: ChatMode = location.pathname.startsWith('/chatGuest')
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

  return {
    mode,
    guest,
    guestCode,
    selfId,
    account: search.get('account'),
    room,
    setRoom,
    direct,
    target,
    loadError,
    loadRoom,
    locked,
    keypad: { busy: checking, error: passwordError, submit: submitPassword },
  };
}
