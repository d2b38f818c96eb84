import type { ReactNode } from 'react';
import { EmptyState } from '../../../shared/ui/empty-state';
import { HtmlBody } from '../../../shared/ui/html-body';
import { PageLoading } from '../../../shared/ui/page-loading';
import { beijingDateTime } from '../model/paging';

/** A detail page's body: title, optional time, sanitised HTML, optional actions below. */
export function ArticleView(props: {
  loading: boolean;
  article: { title: string; content: string; createdAt?: number } | undefined;
  missingText: string;
  children?: ReactNode;
}) {
  if (props.loading) return <PageLoading />;
  if (!props.article) return <EmptyState text={props.missingText} />;
  return (
    <article className="content-article">
      <h1 className="content-article-title">{props.article.title}</h1>
      {props.article.createdAt ? (
        <div className="content-article-time">{beijingDateTime(props.article.createdAt)}</div>
      ) : null}
      <HtmlBody html={props.article.content} />
      {props.children}
    </article>
  );
}
