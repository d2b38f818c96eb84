import { InfiniteScroll } from 'antd-mobile';
import type { ReactNode } from 'react';
import { zhCN } from '../../../shared/locales/zh-CN';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageLoading } from '../../../shared/ui/page-loading';

/** Loading (加载中...), empty (暂无…) and end (已显示全部记录) of an infinite list. */
export function ListStates(props: {
  loading: boolean;
  empty: boolean;
  emptyText: string;
  hasMore: boolean;
  loadMore(): Promise<unknown>;
  children: ReactNode;
}) {
  if (props.loading) return <PageLoading />;
  if (props.empty) return <EmptyState text={props.emptyText} />;
  return (
    <div className="content-list">
      {props.children}
      <InfiniteScroll
        hasMore={props.hasMore}
        loadMore={async () => {
          await props.loadMore();
        }}
      >
        <span className="content-end">{props.hasMore ? zhCN.loading : zhCN.allShown}</span>
      </InfiniteScroll>
    </div>
  );
}
