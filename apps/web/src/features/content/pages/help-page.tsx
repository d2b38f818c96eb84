import { ArticleList } from '../components/article-list';
import '../content.css';

/** /help 帮助中心. */
export default function HelpPage() {
  return <ArticleList kind="help" />;
}
