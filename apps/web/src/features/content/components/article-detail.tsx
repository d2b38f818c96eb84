import { useParams } from 'react-router';
import { type ArticleKind, useArticle } from '../api/get-articles';
import { ArticleView } from './article-view';

/** /helpDetail/{id} and /aboutDetail/{id}. */
export function ArticleDetail({ kind }: { kind: ArticleKind }) {
  const id = Number(useParams().id);
  const article = useArticle(kind, id);
  return (
    <div className="content-page">
      <ArticleView query={article} article={article.data} missingText="文章不存在" />
    </div>
  );
}
