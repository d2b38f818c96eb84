import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router';
import { BetDetailPanel } from '../components/bet-detail-panel';
import { RecordList } from '../components/record-list';
import '../betting-record.css';

/** /bettingRecord/{id}: the record list with the 注单详情 panel over it. */
export default function BetDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const close = useCallback(() => void navigate('/bettingRecord', { replace: true }), [navigate]);
  return (
    <>
      <RecordList />
      <BetDetailPanel id={id} onClose={close} />
    </>
  );
}
