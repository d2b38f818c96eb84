import { type ChatMessage, ChatMessages } from '@lottery/contract/chat';
import { Code } from '@lottery/contract/codes';
import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { ApiError } from '../../../shared/api/envelope';
import { saveImage } from '../api/images';
import { type ChatTarget, withdrawMessage } from '../api/messages';
import { addBan } from '../api/moderation';
import { messageActions, parsePayload } from '../model/messages';

interface ActionOptions {
  target: ChatTarget | undefined;
  roomCode: string | undefined;
  selfId: string;
  isManager: boolean;
  guest: boolean;
  onWithdrawn: (id: number) => void;
}

/** A long-pressed message and what may be done with it: copy, keep the image, mute, withdraw. */
export function useMessageActions(o: ActionOptions) {
  const [selected, setSelected] = useState<ChatMessage>();
  const [banTarget, setBanTarget] = useState<ChatMessage>();

  const allowed = selected
    ? messageActions(selected, { userId: o.selfId, isManager: o.isManager, guest: o.guest })
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
    if (!selected || !o.target) return;
    try {
      await withdrawMessage(o.target, selected.id);
      o.onWithdrawn(selected.id);
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
    if (!m || !o.roomCode) return;
    const envelope = await addBan(o.roomCode, m.userName, durationTypeId, m.nickname).catch(() => undefined);
    if (envelope)
      Toast.show({
        content: envelope.code === Code.OK ? envelope.msg || ChatMessages.changed : envelope.msg,
      });
  };

  const startBan = () => {
    setBanTarget(selected);
    setSelected(undefined);
  };

  return {
    selected,
    setSelected,
    toggle: (m: ChatMessage) => setSelected((s) => (s?.id === m.id ? undefined : m)),
    allowed,
    selectedImage,
    copy,
    withdraw,
    favourite,
    banTarget,
    startBan,
    cancelBan: () => setBanTarget(undefined),
    ban,
  };
}
