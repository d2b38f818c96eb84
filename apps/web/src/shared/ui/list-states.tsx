import { InfiniteScroll } from 'antd-mobile';
import type { ReactNode } from 'react';
import { zhCN } from '../locales/zh-CN';
import { EmptyState } from './empty-state';
import { PageLoading } from './page-loading';

/**
 * Loading (加载中...), empty (the screen's 暂无… text) and end (已显示全部记录) of an infinite list,
 * shared by every record and content list; `className` and `endClassName` style the list and its
 * end line on the screen that uses it.
 */
export function ListStates(props: {
  loading: boolean;
  empty: boolean;
  emptyText: string;
  hasMore: boolean;
  loadMore(): Promise<unknown>;
  className: string;
  endClassName: string;
  children: ReactNode;
}) {
  if (props.loading) return <PageLoading />;
  if (props.empty) return <EmptyState text={props.emptyText} />;
  return (
    <div className={props.className}>
      {props.children}
      <InfiniteScroll
        hasMore={props.hasMore}
        loadMore={async () => {
          await props.loadMore();
        }}
      >
        <span className={props.endClassName}>{props.hasMore ? zhCN.loading : zhCN.allShown}</span>
      </InfiniteScroll>
    </div>
  );
}
