import { ArticleDetail } from '../components/article-detail';
import '../content.css';

export default function HelpDetailPage() {
  return <ArticleDetail kind="help" />;
}
