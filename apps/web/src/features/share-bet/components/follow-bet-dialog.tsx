import { Button, Popup } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { getNowIssue } from '../api/follow-bet';
import { usePlaceFollow } from '../hooks/use-place-follow';
import { followModeOf } from '../model/follow-mode';
import {
  clampFollow,
  editSharedLines,
  type FollowableLine,
  followLimit,
  followWireLines,
  formatYuan,
  type ShareLine,
} from '../model/share';
import '../share-bet.css';
import { DigitInput } from '../../../shared/ui/digit-input';

interface Props {
  visible: boolean;
  lotteryName: string;
  lines: FollowableLine[];
  /** The card's lines as shared: what 分享注单 offers after the bet, at the amounts followed. */
  cardLines: readonly ShareLine[];
  onClose(): void;
  /** The slip as followed (this issue, these amounts): its 投注成功 offers sharing it. */
  onPlaced(placed: ShareLine[]): void;
}

/**
 * 我要跟投: the slip's lines placed again as a real bet on the lottery's CURRENT issue. Standard
 * plays pick a multiplier 1..10000; one-mode plays a per-bet amount 1..1,000,000 (spec §5); minus
 * is disabled at 1 and plus at the maximum. An issue or rebate that moved on meanwhile answers
 * 投注超时，请重新投注。 and the current issue is read again.
 */
export default function FollowBetDialog({
  visible,
  lotteryName,
  lines,
  cardLines,
  onClose,
  onPlaced,
}: Props) {
  const first = lines[0]!;
  const mode = followModeOf(first.lotteryCode, first.playDetailCode);
  const max = followLimit(mode);
  const [value, setValue] = useState(1);
  const [text, setText] = useState('1');
  const [issue, setIssue] = useState<string>();

  const loadIssue = () =>
    getNowIssue(first.lotteryCode).then(
      (i) => setIssue(i),
      () => setIssue(undefined),
    );
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per opening
  useEffect(() => {
    if (visible) void loadIssue();
  }, [visible]);

  const set = (n: number) => {
    const v = clampFollow(n, mode);
    setValue(v);
    setText(String(v));
  };
  const choice = mode === 'multiplier' ? { mode, multiplier: value } : { mode, perBetYuan: value };
  const preview = followWireLines(lines, choice, issue ?? '');

  const followed = () =>
    (editSharedLines(cardLines, choice) ?? []).map((line) => ({ ...line, bettingIssue: issue ?? '' }));
  const { busy, place } = usePlaceFollow(onClose, loadIssue, () => onPlaced(followed()));

  return (
    <Popup visible={visible} onMaskClick={onClose} bodyClassName="follow-bet" data-testid="follow-bet">
      <div className="follow-head">
        <strong>跟投 {lotteryName}</strong>
        <small>{issue ? `第${issue}期` : '正在获取期号...'}</small>
      </div>
      <div className="follow-row">
        <span>{mode === 'multiplier' ? '倍数' : '单注金额'}</span>
        <div className="follow-stepper">
          <button type="button" aria-label="减少" disabled={value <= 1} onClick={() => set(value - 1)}>
            －
          </button>
          <DigitInput
            aria-label={mode === 'multiplier' ? '倍数' : '单注金额'}
            max={mode === 'multiplier' ? 99_999 : undefined}
            value={text}
            onChange={setText}
            onBlur={() => set(Number(text))}
          />
          <button type="button" aria-label="增加" disabled={value >= max} onClick={() => set(value + 1)}>
            ＋
          </button>
        </div>
      </div>
      <p className="follow-total">
        共{lines.length}笔，合计 <b data-testid="follow-total">{formatYuan(preview.totalMinor)}</b> 元
      </p>
      <div className="follow-actions">
        <Button onClick={onClose}>取消</Button>
        <Button
          color="primary"
          loading={busy}
          disabled={!issue}
          onClick={() => {
            if (issue) void place(followWireLines(lines, choice, issue).lines);
          }}
        >
          立即投注
        </Button>
      </div>
    </Popup>
  );
}
