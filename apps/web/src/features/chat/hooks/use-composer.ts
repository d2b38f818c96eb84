import { type ChatMessage, ChatMessages } from '@lottery/contract/chat';
import { Code } from '@lottery/contract/codes';
import { Dialog, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/envelope';
import { uploadChatImage } from '../api/images';
import { type ChatTarget, sendMessage } from '../api/messages';
import type { RoomSettings } from '../api/types';
import { isRecognisedImage, prepareImage } from '../model/image';
import { type Mention, mentionPayload } from '../model/mentions';

interface ComposerOptions {
  target: ChatTarget | undefined;
  room: RoomSettings | undefined;
  /** Room chat: a typed "@" opens the member list to mention someone. */
  mentionsEnabled: boolean;
  isManager: boolean;
  sendAllowed: boolean;
  disabledText: string;
  onMentionStart: () => void;
  /** A message this player sent, as the server stored it. */
  onSent: (message: ChatMessage) => void;
}

/** The footer's text, mentions, image upload and sending, with the spec's checks and texts. */
export function useComposer(o: ComposerOptions) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [mentions, setMentions] = useState<Mention[]>([]);
  const [sending, setSending] = useState(false);

  const send = async () => {
    if (!o.target || sending) return;
    const body = text.replace(/^\s+/, '');
    if (!body.trim()) return void Toast.show({ content: ChatMessages.empty });
    if (o.room?.messageLength && [...body].length > o.room.messageLength)
      return void Toast.show({ content: ChatMessages.tooLong(o.room.messageLength) });
    if (!o.sendAllowed) return void Toast.show({ content: o.disabledText });
    setSending(true);
    try {
      const payload = mentionPayload(body, mentions, o.isManager);
      o.onSent(await sendMessage(o.target, { messageTypeId: 1, message: body.trim(), ...payload }));
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
    if (!o.target) return;
    try {
      o.onSent(await sendMessage(o.target, { messageTypeId: 2, message: imgPath }));
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
    if (o.mentionsEnabled && value.endsWith('@') && value.length === text.length + 1) {
      setText(value.slice(0, -1));
      o.onMentionStart();
      return;
    }
    setText(value);
  };

  const addMention = (m: { userId: string; name: string }) => {
    setMentions((list) => [...list, m]);
    setText((t) => `${t}@${m.name} `);
  };

  return { text, sending, send, sendImagePath, upload, onText, addMention };
}
