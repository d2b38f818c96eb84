import { DotLoading } from 'antd-mobile';
import { zhCN } from '../locales/zh-CN';

/** 加载中... — shown while a page, a lazy route or the site config loads. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status">
      <DotLoading color="primary" />
      <span>{zhCN.loading}</span>
    </div>
  );
}
