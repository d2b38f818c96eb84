import { Button, Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { isIOS, isWebview } from '../../shared/lib/env';
import { readJson, STORAGE_KEYS, writeJson } from '../../shared/lib/storage';
import { appDownloadUrl, type SiteConfig } from '../../shared/stores/site';
import { COUNTER_CLOSED, COUNTER_SHOWN, shouldShowDownloadSheet } from '../download-sheet';

/** The home page's app-download sheet: Android has cancel + continue, iOS a close icon + continue. */
export function AppDownloadSheet({ site }: { site: SiteConfig | undefined }) {
  const navigate = useNavigate();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const show = shouldShowDownloadSheet({
      site,
      webview: isWebview(),
      counter: readJson<number>(STORAGE_KEYS.downloadCounter) ?? 0,
      appLink: readJson<boolean>(STORAGE_KEYS.appLink) === true,
    });
    if (!show) return;
    writeJson(STORAGE_KEYS.downloadCounter, COUNTER_SHOWN);
    setVisible(true);
  }, [site]);

  if (!site) return null;
  const ios = isIOS();
  const close = () => {
    writeJson(STORAGE_KEYS.downloadCounter, COUNTER_CLOSED);
    setVisible(false);
  };
  const proceed = () => {
    writeJson(STORAGE_KEYS.appLink, true);
    setVisible(false);
    const url = appDownloadUrl(site);
    if (url && /^https?:\/\//.test(url)) window.location.assign(url);
    else void navigate('/appDownload');
  };

  return (
    <Popup visible={visible} onMaskClick={close} bodyStyle={{ borderRadius: '14px 14px 0 0', padding: 18 }}>
      <div className="download-sheet">
        {ios ? (
          <button type="button" className="download-close" aria-label="关闭" onClick={close}>
            <CloseOutline fontSize={20} />
          </button>
        ) : null}
        {site.imageUrl ? <img src={site.imageUrl} alt="" className="download-image" /> : null}
        <h3>{site.popUpWindowTitle || `下载${site.tenantName}APP`}</h3>
        <p>{site.popUpWindowContent || '下载APP，投注更快捷，开奖提醒不错过'}</p>
        <div className="download-buttons">
          {ios ? null : (
            <Button block shape="rounded" onClick={close}>
              取消
            </Button>
          )}
          <Button block color="primary" shape="rounded" onClick={proceed}>
            继续
          </Button>
        </div>
      </div>
    </Popup>
  );
}
