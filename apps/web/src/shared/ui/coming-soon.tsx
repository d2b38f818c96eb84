import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { zhCN } from '../locales/zh-CN';

/** Every route whose feature a later issue builds renders this — never a blank page. */
export default function ComingSoon() {
  const navigate = useNavigate();
  return (
    <div className="coming-soon">
      <svg viewBox="0 0 120 120" width="120" height="120" aria-hidden="true">
        <circle cx="60" cy="60" r="54" fill="#fde8e8" />
        <circle cx="60" cy="60" r="38" fill="#fff" stroke="#c4161c" strokeWidth="5" />
        <path d="M60 36v26l16 10" fill="none" stroke="#c4161c" strokeWidth="6" strokeLinecap="round" />
        <circle cx="96" cy="26" r="8" fill="#f5c451" />
      </svg>
      <p className="coming-soon-text">{zhCN.comingSoon}</p>
      <Button color="primary" shape="rounded" onClick={() => navigate('/home')}>
        返回首页
      </Button>
    </div>
  );
}
