import type { ReactNode } from 'react';
import { beijingFormat } from '../../../shared/lib/day';
import { EmptyState } from '../../../shared/ui/empty-state';
import { HtmlBody } from '../../../shared/ui/html-body';
import { NotReady, type QueryState } from '../../../shared/ui/list-states';

/** A detail page's body: title, optional time, sanitised HTML, optional actions below. */
export function ArticleView(props: {
  /** The detail's query: 加载中..., the §8 text on a failed call (never missingText), or the body. */
  query: QueryState;
  article: { title: string; content: string; createdAt?: number } | undefined;
  missingText: string;
  children?: ReactNode;
}) {
  const { query } = props;
  // no id to ask for (the query never runs): nothing exists
  if (query.isPending && query.fetchStatus === 'idle') return <EmptyState text={props.missingText} />;
  if (query.isPending || query.isError) return <NotReady query={query} />;
  if (!props.article) return <EmptyState text={props.missingText} />;
  return (
    <article className="content-article">
      <h1 className="content-article-title">{props.article.title}</h1>
      {props.article.createdAt ? (
        <div className="content-article-time">
          {beijingFormat(props.article.createdAt, 'YYYY-MM-DD HH:mm')}
        </div>
      ) : null}
      <HtmlBody html={props.article.content} />
      {props.children}
    </article>
  );
}
