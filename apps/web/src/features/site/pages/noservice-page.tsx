import { readJson, STORAGE_KEYS } from '../../../shared/lib/storage';
import { SupportLinks, type SystemInfo, SystemNotice } from '../components/system-notice';

/** /noservice: IP restricted (code -19), with the stored support list. */
export default function NoservicePage() {
  const info = readJson<SystemInfo>(STORAGE_KEYS.noserviceInfo) ?? {};
  return (
    <SystemNotice
      title="访问受限"
      icon={
        <svg width="120" height="120" viewBox="0 0 120 120" aria-hidden="true">
          <circle cx="60" cy="60" r="56" fill="#fde8e8" />
          <circle cx="60" cy="60" r="30" fill="none" stroke="#c4161c" strokeWidth="8" />
          <path d="M39 81l42-42" stroke="#c4161c" strokeWidth="8" />
        </svg>
      }
    >
      <p>{info.message || '很抱歉，您所在的地区暂时无法访问本站。'}</p>
      <SupportLinks lines={info.supportList} />
    </SystemNotice>
  );
}
