import type { useMessageActions } from '../hooks/use-message-actions';

interface Props {
  actions: ReturnType<typeof useMessageActions>;
  guest: boolean;
  /** Muting is a room action (not in private chat). */
  inRoom: boolean;
}

/** The bar under a selected message: 复制, 收藏, 禁言, 撤回, 取消 as the message and viewer allow. */
export function MessageActionsBar({ actions, guest, inRoom }: Props) {
  const { selected, allowed, selectedImage } = actions;
  if (!selected || !(allowed.copy || allowed.ban || allowed.withdraw || selectedImage)) return null;
  return (
    <div className="chat-actions" data-testid="message-actions">
      {allowed.copy ? (
        <button type="button" onClick={() => void actions.copy()}>
          复制
        </button>
      ) : null}
      {selectedImage && !guest ? (
        <button type="button" onClick={() => void actions.favourite()}>
          收藏
        </button>
      ) : null}
      {allowed.ban && inRoom ? (
        <button type="button" onClick={actions.startBan}>
          禁言
        </button>
      ) : null}
      {allowed.withdraw && selected.messageTypeId !== 3 ? (
        <button type="button" onClick={() => void actions.withdraw()}>
          撤回
        </button>
      ) : null}
      <button type="button" onClick={() => actions.setSelected(undefined)}>
        取消
      </button>
    </div>
  );
}
