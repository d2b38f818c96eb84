import { Button, Popup, Toast } from 'antd-mobile';
import { useEffect, useMemo, useState } from 'react';
import { followModeOf } from '../model/follow-mode';
import {
  cleanShareEdit,
  editSharedLines,
  followableLines,
  formatYuan,
  SHARE_EDIT_RETRY_TEXT,
  SHARE_EDIT_TITLE,
  type ShareLine,
  shareEditStart,
  slipTotalMinor,
} from '../model/share';
import '../share-bet.css';
import { DigitInput } from '../../../shared/ui/digit-input';

interface Props {
  visible: boolean;
  lines: readonly ShareLine[];
  onClose(): void;
  /** The slip with the edited amounts; the flow then shares it (this room or the picker). */
  onDone(lines: ShareLine[]): void;
}

/**
 * 修改分享注单金额 (spec/betting.md §2, §5 "editing, then … shared"): before a placed slip is shared
 * the player may change the shared multiplier (standard plays, 1..10000: above → 10000, invalid → 1)
 * or per-bet amount (one-mode plays, 1..1,000,000: invalid or empty → 1). The card then carries the
 * amounts the rules give (never typed money). A slip that cannot be recomputed says
 * 请重新修改分享注单金额 and is not shared.
 */
export function ShareEditPopup({ visible, lines, onClose, onDone }: Props) {
  const followable = useMemo(() => followableLines(lines), [lines]);
  const first = lines[0];
  const mode = followable
    ? followModeOf(followable[0]!.lotteryCode, followable[0]!.playDetailCode)
    : 'multiplier';
  // What the player typed in this opening; until then the slip's own figure, from the popup's first
  // frame (reset by an effect, the first frame showed 1 and a total to match).
  const [typed, setTyped] = useState<string | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening, and each slip, starts afresh
  useEffect(() => {
    setTyped(undefined);
  }, [visible, lines]);
  const text = typed ?? String(followable ? shareEditStart(followable, mode) : 1);
  const setText = setTyped;

  const value = cleanShareEdit(text, mode);
  const choice = mode === 'multiplier' ? { mode, multiplier: value } : { mode, perBetYuan: value };
  const edited = editSharedLines(lines, choice);
  const label = mode === 'multiplier' ? '倍数' : '单注金额';

  const confirm = () => {
    setText(String(value));
    if (!edited) {
      Toast.show({ content: SHARE_EDIT_RETRY_TEXT });
      return;
    }
    onDone(edited);
  };

  return (
    <Popup visible={visible} onMaskClick={onClose} bodyClassName="follow-bet share-edit">
      <div data-testid="share-edit">
        <div className="follow-head">
          <strong>{SHARE_EDIT_TITLE}</strong>
          <small>
            {first?.lotteryName} 第{first?.bettingIssue}期
          </small>
        </div>
        <div className="follow-row">
          <span>{label}</span>
          <div className="follow-stepper">
            <DigitInput
              aria-label={label}
              max={mode === 'multiplier' ? 99_999 : undefined}
              value={text}
              onChange={setText}
              onBlur={() => setText(String(cleanShareEdit(text, mode)))}
            />
          </div>
        </div>
        <p className="follow-total">
          共{lines.length}笔，合计{' '}
          <b data-testid="share-edit-total">{edited ? formatYuan(slipTotalMinor(edited)) : '--'}</b> 元
        </p>
        <div className="follow-actions">
          <Button onClick={onClose}>取消</Button>
          <Button color="primary" onClick={confirm}>
            确定
          </Button>
        </div>
      </div>
    </Popup>
  );
}
