import { Button } from 'antd-mobile';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import { sendDeviceInfoOnce } from '../../../shared/lib/device-info';
import { userAgent } from '../../../shared/lib/env';
import {
  canPromptInstall,
  installPlatform,
  isInstalled,
  onInstallPromptChange,
  promptInstall,
} from '../../../shared/lib/install';
import { appDownloadUrl, useSiteStore } from '../../../shared/stores/site';
import { showToast } from '../../../shared/ui/feedback';
import './app-download.css';

/** Add-to-home-screen steps per platform (docs/pwa.md). */
const STEPS = {
  ios: ['在 Safari 浏览器中打开本页', '点击底部的「分享」按钮', '选择「添加到主屏幕」，再点「添加」'],
  android: [
    '点击浏览器右上角的菜单「⋮」',
    '选择「添加到主屏幕」或「安装应用」',
    '确认添加，桌面即出现应用图标',
  ],
  desktop: [
    '点击地址栏右侧的安装图标，或浏览器菜单',
    '选择「安装」或「添加到主屏幕」',
    '确认后即可从桌面打开',
  ],
} as const;

/**
 * /appDownload (also /AppDownload, /AppPackage): install the web app on the home screen. Chromium
 * offers its install dialog (添加到主屏幕); iOS and other browsers get their steps; a tenant with a
 * native app download link also gets 立即下载. The visit sends this device's info once.
 */
export default function AppDownloadPage() {
  const site = useSiteStore((s) => s.site);
  const [params] = useSearchParams();
  const url = appDownloadUrl(site);
  const promptable = useSyncExternalStore(onInstallPromptChange, canPromptInstall);
  const [installed, setInstalled] = useState(isInstalled);
  const platform = installPlatform(userAgent());

  useEffect(() => {
    sendDeviceInfoOnce('download', params.toString());
  }, [params]);

  const install = async () => {
    if (await promptInstall()) {
      setInstalled(true);
      showToast('已添加到主屏幕');
    }
  };

  return (
    <div className="system-page app-download">
      <img src="/pwa/icon-192.png" alt="" width={96} height={96} />
      <h1>{site?.tenantName ?? ''} APP</h1>
      <p>随时随地，畅享购彩</p>
      {installed ? (
        <p className="app-download-done">已添加到主屏幕，请从桌面图标打开</p>
      ) : promptable ? (
        <Button color="primary" shape="rounded" block onClick={() => void install()}>
          添加到主屏幕
        </Button>
      ) : (
        <section className="app-download-steps" aria-label="添加到主屏幕">
          <h2>添加到主屏幕</h2>
          <ol>
            {STEPS[platform].map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>
      )}
      {url ? (
        <Button
          color="primary"
          fill="outline"
          shape="rounded"
          block
          onClick={() => window.location.assign(url)}
        >
          立即下载
        </Button>
      ) : null}
    </div>
  );
}
