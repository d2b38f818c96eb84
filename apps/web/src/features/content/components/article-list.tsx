import { List } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { NotReady } from '../../../shared/ui/list-states';
import { type ArticleKind, useArticles } from '../api/get-articles';

/** /help and /about: the operator's articles in order; a row opens /helpDetail/{id} or /aboutDetail/{id}. */
export function ArticleList({ kind }: { kind: ArticleKind }) {
  const articles = useArticles(kind);
  const navigate = useNavigate();
  if (!articles.isSuccess) return <NotReady query={articles} />;
  const rows = articles.data;
  if (rows.length === 0) return <EmptyState />;
  return (
    <div className="content-page">
      <List className="content-articles">
        {rows.map((a) => (
          <List.Item key={a.id} data-testid="article-row" onClick={() => navigate(`/${kind}Detail/${a.id}`)}>
            {a.title}
          </List.Item>
        ))}
      </List>
    </div>
  );
}
