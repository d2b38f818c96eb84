import { ReadState } from '@lottery/contract/redenvelope';

/** The type-3 message bubble: remark, 查看红包 while unread, then the read state's label (spec §4). */
export const READ_STATE_LABELS: Record<number, string> = {
  [ReadState.expired]: '已过期',
  [ReadState.received]: '已领取',
  [ReadState.allGrabbed]: '已抢光',
  [ReadState.returned]: '已退还',
  [ReadState.allTaken]: '已被领完',
};

interface Props {
  wishingRemark: string;
  lucky: boolean;
  isRead: boolean;
  state: number;
  onOpen(): void;
}

export function EnvelopeCard({ wishingRemark, lucky, isRead, state, onOpen }: Props) {
  const label = isRead && state ? (READ_STATE_LABELS[state] ?? '查看红包') : '查看红包';
  return (
    <button
      type="button"
      className={isRead && state ? 'envelope-card read' : 'envelope-card'}
      data-testid="envelope-card"
      onClick={onOpen}
    >
      <span className="envelope-card-icon" aria-hidden="true">
        <svg viewBox="0 0 40 48" width="34" height="40">
          <rect x="2" y="2" width="36" height="44" rx="4" fill="#f9d26d" />
          <path d="M2 6a4 4 0 0 1 4-4h28a4 4 0 0 1 4 4v10L20 24 2 16z" fill="#e9483f" />
          <circle cx="20" cy="22" r="6" fill="#f9d26d" stroke="#c4161c" strokeWidth="1.5" />
        </svg>
        {lucky ? <em className="envelope-badge">拼</em> : null}
      </span>
      <span className="envelope-card-text">
        <strong>{wishingRemark}</strong>
        <small>{label}</small>
      </span>
      <span className="envelope-card-foot">红包</span>
    </button>
  );
}
