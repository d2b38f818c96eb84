import { zhCN } from '../locales/zh-CN';

export function EmptyState({ text = zhCN.noData }: { text?: string }) {
  return (
    <div className="empty-state">
      <svg viewBox="0 0 64 64" width="64" height="64" aria-hidden="true">
        <rect x="12" y="16" width="40" height="34" rx="4" fill="#f1f1f3" stroke="#d0d0d5" strokeWidth="2" />
        <path d="M12 28h40" stroke="#d0d0d5" strokeWidth="2" />
      </svg>
      <span>{text}</span>
    </div>
  );
}
