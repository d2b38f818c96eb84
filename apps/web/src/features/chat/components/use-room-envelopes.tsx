import { type ChatMessage, ChatMessages } from '@lottery/contract/chat';
import { Toast } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useChatExtensions, useEnvelopeGrabSlot } from '../extensions/chat-extensions';
import { parsePayload } from '../model/messages';

/** The room's popups; the envelope ones share the page's one-popup-at-a-time state. */
export type RoomPopup = 'none' | 'info' | 'mute' | 'online' | 'mention' | 'envelope' | 'received';

interface Options {
  guest: boolean;
  isDirect: boolean;
  sendAllowed: boolean;
  roomCode: string | undefined;
  directRoomId: number | undefined;
  popup: RoomPopup;
  setPopup(popup: RoomPopup): void;
  /** A grabbed or seen envelope changes its message's read state. */
  onRead(recordId: number, state: number): void;
}

/**
 * Red envelopes in a room, through the slots the app registered: `open` a message's envelope,
 * `openSender` the send popup, and `view` renders their dialogs and panels.
 */
export function useRoomEnvelopes({
  guest,
  isDirect,
  sendAllowed,
  roomCode,
  directRoomId,
  popup,
  setPopup,
  onRead,
}: Options) {
  const navigate = useNavigate();
  const { envelopes } = useChatExtensions();
  const grab = useEnvelopeGrabSlot({ isDirect, onRead, onOpenRecords: () => setPopup('received') });

  const open = (m: ChatMessage) => {
    if (guest) return void envelopes?.refuseGuest(() => navigate('/register'));
    const payload = parsePayload<{ recordId: number }>(m.message);
    const recordId = m.redEnvelope?.recordId ?? payload?.recordId;
    if (!recordId) return;
    grab.start({ recordId, roomId: m.roomId, roomCode: isDirect ? undefined : m.roomCode, isDirect });
  };

  const openSender = () => {
    if (guest) return void Toast.show({ content: ChatMessages.guestNotAllowed });
    if (!sendAllowed) return void Toast.show({ content: ChatMessages.mutedNoMedia });
    setPopup('envelope');
  };

  const view = envelopes ? (
    <>
      <envelopes.SendPopup
        visible={popup === 'envelope'}
        roomCode={roomCode}
        directRoomId={isDirect ? directRoomId : undefined}
        onClose={() => setPopup('none')}
        onSent={() => setPopup('none')}
      />
      {grab.view}
      <envelopes.ReceivedPanel visible={popup === 'received'} onClose={() => setPopup('none')} />
    </>
  ) : null;

  return { open, openSender, view };
}
