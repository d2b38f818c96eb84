import { Button } from 'antd-mobile';
import { beijingFormat } from '../../../shared/lib/day';
import { readJson, STORAGE_KEYS } from '../../../shared/lib/storage';
import { SupportLinks, type SystemInfo, SystemNotice } from '../components/system-notice';

/** An instant (epoch ms, as the contract sends it, or its digits) in Beijing time; other text as it came. */
function when(value: string | number | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  const ms = typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : Number.NaN;
  return Number.isFinite(ms) ? beijingFormat(ms, 'YYYY-MM-DD HH:mm') : String(value);
}

/** /maintain: the data stored from code -7 (spec/platform.md §8). */
export default function MaintainPage() {
  const info = readJson<SystemInfo>(STORAGE_KEYS.maintainData) ?? {};
  const start = when(info.startTime);
  const end = when(info.endTime);
  return (
    <SystemNotice
      title="系统维护中"
      icon={
        <svg width="120" height="120" viewBox="0 0 120 120" aria-hidden="true">
          <circle cx="60" cy="60" r="56" fill="#fde8e8" />
          <path
            d="M74 34a18 18 0 0 0-22 22L34 74a6 6 0 0 0 9 9l18-18a18 18 0 0 0 22-22l-10 10-9-3-3-9z"
            fill="#c4161c"
          />
        </svg>
      }
    >
      <p>{info.message || '为了给您提供更好的服务，系统正在维护中，请稍后再来。'}</p>
      {start || end ? (
        <p>
          维护时间：{start ?? ''} {end ? `至 ${end}` : ''}
        </p>
      ) : null}
      <SupportLinks lines={info.supportList} />
      <Button color="primary" shape="rounded" onClick={() => window.location.assign('/home')}>
        刷新重试
      </Button>
    </SystemNotice>
  );
}
