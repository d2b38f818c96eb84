import { LongDragonPanel } from '../components/long-dragon-panel';

/** /longQueue: the long-dragon helper on its own page (login). */
export default function LongQueuePage() {
  return (
    <div className="ld-page">
      <LongDragonPanel />
    </div>
  );
}
