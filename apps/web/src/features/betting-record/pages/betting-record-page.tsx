import { RecordList } from '../components/record-list';
import '../betting-record.css';

/** /bettingRecord */
export default function BettingRecordPage() {
  return <RecordList />;
}
