import { readJson, STORAGE_KEYS } from '../../../shared/lib/storage';
import { SupportLinks, type SystemInfo, SystemNotice } from '../components/system-notice';

/** /websiteClosed: the data stored from code -12. */
export default function WebsiteClosedPage() {
  const info = readJson<SystemInfo>(STORAGE_KEYS.websiteClosed) ?? {};
  return (
    <SystemNotice
      title="网站已关闭"
      icon={
        <svg width="120" height="120" viewBox="0 0 120 120" aria-hidden="true">
          <circle cx="60" cy="60" r="56" fill="#f1f1f3" />
          <rect x="38" y="52" width="44" height="34" rx="5" fill="#8c8c8c" />
          <path d="M46 52v-8a14 14 0 0 1 28 0v8" fill="none" stroke="#8c8c8c" strokeWidth="6" />
        </svg>
      }
    >
      <p>{info.message || '本站已暂停服务，给您带来不便，敬请谅解。'}</p>
      <SupportLinks lines={info.supportList} />
    </SystemNotice>
  );
}
