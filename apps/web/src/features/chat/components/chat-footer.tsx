import { ChatMessages } from '@lottery/contract/chat';
import { Code } from '@lottery/contract/codes';
import { Toast } from 'antd-mobile';
import { AddCircleOutline, PictureOutline, SmileOutline } from 'antd-mobile-icons';
import { useRef, useState } from 'react';
import { deleteSavedImages, getSavedImages } from '../api/images';
import type { SavedImage } from '../api/types';

const EMOJI = [
  '😀',
  '😁',
  '😂',
  '🤣',
  '😊',
  '😍',
  '😘',
  '😜',
  '😎',
  '🤔',
  '😴',
  '😭',
  '😡',
  '😱',
  '🤑',
  '🤝',
  '👍',
  '👎',
  '👏',
  '🙏',
  '💪',
  '🎉',
  '🧧',
  '💰',
  '🔥',
  '🌹',
  '❤️',
  '💔',
  '⭐',
  '🍀',
  '🎲',
  '🏆',
];
/** Emoji selected for deletion at once (spec §5). */
const DELETE_MAX = 10;

interface Props {
  disabled: boolean;
  disabledText: string;
  guest: boolean;
  maxLength: number;
  text: string;
  onText(text: string): void;
  onSend(): void;
  onSendImage(imgPath: string): void;
  /** favourite: a saved image (收藏) rather than a picture to post. */
  onUpload(file: File, favourite: boolean): void;
  onEnvelope(): void;
}

/** Input, emoji, saved images (收藏 emoji-images), picture upload and the red-envelope button. */
export function ChatFooter(props: Props) {
  const { disabled, disabledText, guest, text, onText, onSend } = props;
  const [panel, setPanel] = useState<'none' | 'emoji' | 'saved' | 'more'>('none');
  const [saved, setSaved] = useState<SavedImage[]>([]);
  const [deleting, setDeleting] = useState<number[] | undefined>();
  const fileInput = useRef<HTMLInputElement>(null);
  const favourite = useRef(false);
  const pick = (asFavourite: boolean) => {
    favourite.current = asFavourite;
    fileInput.current?.click();
  };

  const refuseMedia = () => {
    if (guest) Toast.show({ content: ChatMessages.guestNotAllowed });
    else Toast.show({ content: ChatMessages.mutedNoMedia });
  };

  const toggle = async (next: typeof panel) => {
    // a muted member sends no media, emoji included; guests may use emoji but no other media
    if (disabled || (guest && next !== 'emoji')) return refuseMedia();
    setPanel(panel === next ? 'none' : next);
    setDeleting(undefined);
    if (next === 'saved') {
      const page = await getSavedImages().catch(() => undefined);
      setSaved(page?.rows ?? []);
    }
  };

  const removeSelected = async () => {
    if (!deleting?.length) return setDeleting(undefined);
    const envelope = await deleteSavedImages(deleting).catch(() => undefined);
    if (envelope?.code === Code.OK) {
      Toast.show({ icon: 'success', content: '删除成功', duration: 600 });
      setSaved((s) => s.filter((i) => !deleting.includes(i.id)));
    }
    setDeleting(undefined);
  };

  return (
    <footer className="chat-footer">
      <div className="chat-input-row">
        {guest ? null : (
          <button type="button" className="chat-tool" aria-label="表情" onClick={() => void toggle('emoji')}>
            <SmileOutline />
          </button>
        )}
        <textarea
          className="chat-input"
          rows={1}
          disabled={disabled}
          placeholder={disabled ? disabledText : '请输入聊天内容'}
          value={text}
          maxLength={props.maxLength || undefined}
          onChange={(e) => onText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              onSend();
            }
          }}
        />
        {text.trim() || guest ? (
          <button type="button" className="chat-send" disabled={disabled} onClick={onSend}>
            发送
          </button>
        ) : (
          <button type="button" className="chat-tool" aria-label="更多" onClick={() => void toggle('more')}>
            <AddCircleOutline />
          </button>
        )}
      </div>
      {panel === 'emoji' ? (
        <div className="chat-panel emoji-panel">
          {EMOJI.map((e) => (
            <button key={e} type="button" onClick={() => onText(text + e)}>
              {e}
            </button>
          ))}
        </div>
      ) : null}
      {panel === 'saved' ? (
        <div className="chat-panel saved-panel">
          <div className="saved-bar">
            <span>我的收藏</span>
            {deleting ? (
              <button type="button" className="link" onClick={() => void removeSelected()}>
                删除({deleting.length})
              </button>
            ) : (
              <button type="button" className="link" onClick={() => setDeleting([])}>
                管理
              </button>
            )}
          </div>
          <div className="saved-grid">
            <button type="button" className="saved-add" aria-label="添加收藏" onClick={() => pick(true)}>
              +
            </button>
            {saved.map((img) => (
              <button
                key={img.id}
                type="button"
                className={deleting?.includes(img.id) ? 'saved-item checked' : 'saved-item'}
                onClick={() => {
                  if (!deleting) return props.onSendImage(img.imgPath);
                  if (deleting.includes(img.id)) setDeleting(deleting.filter((i) => i !== img.id));
                  else if (deleting.length < DELETE_MAX) setDeleting([...deleting, img.id]);
                }}
              >
                <img src={img.thumbPath} alt="收藏图片" />
              </button>
            ))}
          </div>
        </div>
      ) : null}
      {panel === 'more' ? (
        <div className="chat-panel more-panel">
          <button type="button" onClick={() => pick(false)}>
            <PictureOutline />
            <span>图片</span>
          </button>
          <button type="button" onClick={() => void toggle('saved')}>
            <SmileOutline />
            <span>收藏</span>
          </button>
          <button
            type="button"
            data-testid="open-send-envelope"
            onClick={() => {
              setPanel('none');
              props.onEnvelope();
            }}
          >
            <span className="more-envelope" aria-hidden="true">
              ¥
            </span>
            <span>红包</span>
          </button>
        </div>
      ) : null}
      <input
        ref={fileInput}
        type="file"
        hidden
        accept=".jpg,.jpeg,.png,.gif,.bmp,image/jpeg,image/png,image/gif,image/bmp"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) props.onUpload(file, favourite.current);
          setPanel('none');
        }}
      />
    </footer>
  );
}
