import { useQueryClient } from '@tanstack/react-query';
import { MessageOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { type SupportLine, supportFrontQuery } from '../api/support';
import { zhCN } from '../locales/zh-CN';
import { useSiteStore } from '../stores/site';
import { feedbackWidgets, showToast } from './feedback';

/**
 * Customer service (spec/platform.md §2): opens the line list; a single line opens directly; none
 * gives 目前暂无匹配客服线路. linkType 1 is a direct link, else an html path shown in /service.
 */
/** Opens one support line: a direct link in a new tab (or in /service when the site says so), an html path in /service. */
export function useOpenSupportLine() {
  const navigate = useNavigate();
  const site = useSiteStore((s) => s.site);
  return (line: SupportLine) => {
    const url = line.linkType === 1 ? line.linkUrl : line.htmlPath;
    if (!url) {
      showToast(zhCN.noSupportLine);
      return;
    }
    if (line.linkType === 1 && site?.supportOpenMethod !== 1) {
      window.open(url, '_blank', 'noopener');
      return;
    }
    void navigate(`/service?supportUrl=${encodeURIComponent(url)}`);
  };
}

export function useCustomerService() {
  const queryClient = useQueryClient();
  const openLine = useOpenSupportLine();

  return async () => {
    let lines: SupportLine[] = [];
    try {
      lines = await queryClient.fetchQuery(supportFrontQuery());
    } catch {
      return;
    }
    if (lines.length === 0) {
      showToast(zhCN.noSupportLine);
      return;
    }
    if (lines.length === 1) {
      openLine(lines[0]!);
      return;
    }
    const { ActionSheet } = await feedbackWidgets();
    ActionSheet.show({
      extra: '在线客服',
      cancelText: '取消',
      closeOnAction: true,
      actions: lines.map((line) => ({
        key: String(line.id),
        text: line.name,
        onClick: () => openLine(line),
      })),
    });
  };
}

export function ServiceButton({ light = true }: { light?: boolean }) {
  const open = useCustomerService();
  return (
    <button
      type="button"
      className="header-action"
      style={light ? undefined : { color: 'var(--fire-red)' }}
      onClick={() => void open()}
      aria-label="在线客服"
    >
      <MessageOutline fontSize={18} />
      <span>客服</span>
    </button>
  );
}
