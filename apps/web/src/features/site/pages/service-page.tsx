import { useQuery } from '@tanstack/react-query';
import { List } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { supportFrontQuery } from '../../../shared/api/support';
import { zhCN } from '../../../shared/locales/zh-CN';
import { useSiteStore } from '../../../shared/stores/site';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageLoading } from '../../../shared/ui/page-loading';
import { useOpenSupportLine } from '../../../shared/ui/service-button';

/** A page we may frame: ours (a path) or the operator's vendor over http(s), never /service itself. */
const frameable = (url: string | null | undefined): url is string =>
  Boolean(url && /^(https?:\/\/|\/)/.test(url) && !url.startsWith('/service'));

/**
 * /service?supportUrl=: online support inside the app (supportOpenMethod 1 or an html path).
 * Without a page to show, the site's support lines to pick from (as the service button lists them).
 */
export default function ServicePage() {
  const [params] = useSearchParams();
  const site = useSiteStore((s) => s.site);
  const url = params.get('supportUrl') || site?.supportUrl;
  if (frameable(url)) return <iframe className="service-frame" src={url} title="在线客服" />;
  return <SupportLines />;
}

function SupportLines() {
  const lines = useQuery(supportFrontQuery());
  const openLine = useOpenSupportLine();
  if (lines.isPending) return <PageLoading />;
  if (!lines.data?.length) return <EmptyState text={zhCN.noSupportLine} />;
  return (
    <List data-testid="support-lines">
      {lines.data.map((line) => (
        <List.Item key={line.id} clickable onClick={() => openLine(line)}>
          {line.name}
        </List.Item>
      ))}
    </List>
  );
}
