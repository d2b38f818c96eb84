import { ArticleList } from '../components/article-list';
import '../content.css';

/** /about 关于我们. */
export default function AboutPage() {
  return <ArticleList kind="about" />;
}
