import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { isIOS, isWebview } from '../../shared/lib/env';
import { readJson, STORAGE_KEYS, writeJson } from '../../shared/lib/storage';
import { appDownloadUrl, type SiteConfig } from '../../shared/stores/site';
import { COUNTER_CLOSED, COUNTER_SHOWN, shouldShowDownloadSheet } from '../download-sheet';

const DownloadSheetPopup = lazy(() => import('./download-sheet-popup'));

/** The home page's app-download sheet: Android has cancel + continue, iOS a close icon + continue. */
export function AppDownloadSheet({ site }: { site: SiteConfig | undefined }) {
  const navigate = useNavigate();
  const [visible, setVisible] = useState(false);
  const [opened, setOpened] = useState(false);

  useEffect(() => {
    const show = shouldShowDownloadSheet({
      site,
      webview: isWebview(),
      counter: readJson<number>(STORAGE_KEYS.downloadCounter) ?? 0,
      appLink: readJson<boolean>(STORAGE_KEYS.appLink) === true,
    });
    if (!show) return;
    writeJson(STORAGE_KEYS.downloadCounter, COUNTER_SHOWN);
    setOpened(true);
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

  // The sheet (antd-mobile Popup and its animation code) loads only for a visitor who gets it.
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <DownloadSheetPopup visible={visible} ios={ios} site={site} onClose={close} onProceed={proceed} />
    </Suspense>
  );
}
