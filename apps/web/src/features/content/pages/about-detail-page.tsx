import { ArticleDetail } from '../components/article-detail';
import '../content.css';

export default function AboutDetailPage() {
  return <ArticleDetail kind="about" />;
}
