import { Button } from 'antd-mobile';
import { zhCN } from '../../../shared/locales/zh-CN';
import { appDownloadUrl, useSiteStore } from '../../../shared/stores/site';

/** /appDownload (also /AppDownload, /AppPackage): the app download link from the site config. */
export default function AppDownloadPage() {
  const site = useSiteStore((s) => s.site);
  const url = appDownloadUrl(site);
  return (
    <div className="system-page">
      <img src={site?.icon || '/favicon.svg'} alt="" width={96} height={96} />
      <h1>{site?.tenantName ?? ''} APP</h1>
      <p>随时随地，畅享购彩</p>
      {url ? (
        <Button color="primary" shape="rounded" onClick={() => window.location.assign(url)}>
          立即下载
        </Button>
      ) : (
        <p>{zhCN.comingSoon}</p>
      )}
    </div>
  );
}
