import { useSearchParams } from 'react-router';
import { zhCN } from '../../../shared/locales/zh-CN';
import { useSiteStore } from '../../../shared/stores/site';
import { EmptyState } from '../../../shared/ui/empty-state';

/** /service?supportUrl=: online support inside the app (supportOpenMethod 1 or an html path). */
export default function ServicePage() {
  const [params] = useSearchParams();
  const site = useSiteStore((s) => s.site);
  const url = params.get('supportUrl') || site?.supportUrl;
  // Only a web page can be framed; never frame this route inside itself.
  if (!url || !/^(https?:\/\/|\/)/.test(url) || url.startsWith('/service')) {
    return <EmptyState text={zhCN.noSupportLine} />;
  }
  return <iframe className="service-frame" src={url} title="在线客服" />;
}
