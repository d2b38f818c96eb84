import { InfiniteScroll } from 'antd-mobile';
import type { ReactNode } from 'react';
import { ApiError, TRANSPORT_CODE } from '../api/envelope';
import { zhCN } from '../locales/zh-CN';
import { EmptyState } from './empty-state';
import { PageLoading } from './page-loading';

/**
 * What a page says when its call failed (spec/platform.md §8): offline 当前网络不可用，请检查网络后重试,
 * no status 网络超时，请重试, timeout 请求超时, 403/503 网络异常，请重试, any other non-200
 * 当前网络不可用，请联系客服人员; a business refusal says the server's msg.
 */
export function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === TRANSPORT_CODE.offline) return zhCN.offline;
    if (error.code === TRANSPORT_CODE.noStatus) return zhCN.noStatus;
    if (error.code === TRANSPORT_CODE.timeout) return zhCN.timeout;
    if (error.code === TRANSPORT_CODE.http) {
      return error.status === 403 || error.status === 503 ? zhCN.httpForbiddenOrUnavailable : zhCN.httpNotOk;
    }
    // any other code is a reply (business codes reach -110005): the server's msg
    if (!(Object.values(TRANSPORT_CODE) as number[]).includes(error.code) && error.message)
      return error.message;
  }
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return zhCN.offline;
  return zhCN.httpNotOk;
}

/** The failed state of a page or list: never an empty list, never a figure. */
export function ErrorState({ error }: { error: unknown }) {
  return (
    <div className="empty-state error-state" role="alert" data-testid="error-state">
      <svg viewBox="0 0 64 64" width="64" height="64" aria-hidden="true">
        <circle cx="32" cy="32" r="22" fill="#f1f1f3" stroke="#d0d0d5" strokeWidth="2" />
        <path d="M32 20v16M32 42v2" stroke="#d0d0d5" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <span>{failureText(error)}</span>
    </div>
  );
}

/** The three states of one query: `pending` 加载中..., `error` the failure text, else the page. */
export interface QueryState {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  /** 'paused': TanStack holds the call while the browser is offline — say so, never spin forever. */
  fetchStatus?: 'fetching' | 'paused' | 'idle';
}

const OFFLINE = new ApiError({ code: TRANSPORT_CODE.offline, msg: 'offline', handled: true });

/** The query's failure, if any; a call held back while offline counts as the offline failure. */
export function queryFailure(query: QueryState): unknown {
  // held back while offline (a first load, or a retry of a failed one): the offline text
  if (query.fetchStatus === 'paused' && (query.isPending || query.isError)) return OFFLINE;
  if (query.isError) return query.error ?? OFFLINE;
  return undefined;
}

/**
 * Loading, failed and loaded for a page that is not a list (a detail, a summary with figures):
 * the children render only from a real answer, so no placeholder figure is ever shown.
 */
export function QueryStates(props: { query: QueryState; children: () => ReactNode }) {
  const { query } = props;
  const failure = queryFailure(query);
  if (failure !== undefined) return <ErrorState error={failure} />;
  if (query.isPending) return <PageLoading />;
  return <>{props.children()}</>;
}

/**
 * Loading (加载中...), failed (the §8 text), empty (the screen's 暂无… text) and end (已显示全部记录)
 * of a list, shared by every record and content list: a failed call is never shown as 暂无….
 * `query` is the list's query (its pending, error and paused flags, so no list can forget one);
 * `className` and `endClassName`
 * style the list and its end line on the screen that uses it.
 */
export function ListStates(props: {
  query: QueryState;
  empty: boolean;
  emptyText: string;
  hasMore: boolean;
  loadMore(): Promise<unknown>;
  className: string;
  endClassName: string;
  children: ReactNode;
}) {
  const failure = queryFailure(props.query);
  const failed = failure !== undefined;
  if (failed && props.empty) return <ErrorState error={failure} />;
  if (props.query.isPending) return <PageLoading />;
  if (props.empty) return <EmptyState text={props.emptyText} />;
  return (
    <div className={props.className}>
      {props.children}
      {failed ? (
        <span className={props.endClassName} role="alert">
          {failureText(failure)}
        </span>
      ) : (
        <InfiniteScroll
          hasMore={props.hasMore}
          loadMore={async () => {
            await props.loadMore();
          }}
        >
          <span className={props.endClassName}>{props.hasMore ? zhCN.loading : zhCN.allShown}</span>
        </InfiniteScroll>
      )}
    </div>
  );
}

/** A plain (non-paged) list: loading, failed, empty or its rows. */
export function SimpleListStates(props: {
  query: QueryState;
  empty: boolean;
  emptyText?: string;
  children: () => ReactNode;
}) {
  return (
    <QueryStates query={props.query}>
      {() => (props.empty ? <EmptyState text={props.emptyText} /> : props.children())}
    </QueryStates>
  );
}

/**
 * For a page that narrows its query itself: `if (!q.isSuccess) return <NotReady query={q} />;`
 * shows 加载中... or the failure (offline included), never the page with placeholder figures.
 */
export function NotReady({ query }: { query: QueryState }) {
  const failure = queryFailure(query);
  return failure !== undefined ? <ErrorState error={failure} /> : <PageLoading />;
}
