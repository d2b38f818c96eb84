import { LOTTERIES, type LotteryDef } from '@lottery/rules/lotteries';
import { issueContaining, issueLabel } from '@lottery/rules/schedule';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { syncServerTime } from '../../../shared/api/clock-sync';
import { storedOffset } from '../../../shared/api/server-time';
import { EmptyState } from '../../../shared/ui/empty-state';
import { NotReady } from '../../../shared/ui/list-states';
import { LotteryIcon } from '../../../shared/ui/lottery-icon';
import { useLotteryCatalogue } from '../api/get-lottery-catalogue';
import { rotationIndex } from '../model/broadcast';
import { mmss, useNow } from '../model/use-now';
import '../live.css';

/** Draws within this long are 正在直播 (about to draw); the rest follow as 即将直播. */
const NOW_WINDOW_MS = 60_000;
/** The banner rotates through this many of the soonest draws. */
const BANNER_SIZE = 5;

interface HubRow {
  lottery: LotteryDef;
  name: string;
  issue: string;
  drawMs: number;
}

/**
 * /uuLive: the tenant's lotteries on sale (catalogue), each with the issue it draws next from its
 * schedule on the server's clock, soonest first; each opens its live page.
 */
export default function LiveHubPage() {
  const catalogue = useLotteryCatalogue();
  const [offsetMs, setOffsetMs] = useState(() => storedOffset() ?? 0);
  useEffect(() => {
    if (storedOffset() !== undefined) return;
    void syncServerTime().then((o) => {
      if (o !== undefined) setOffsetMs(o);
    });
  }, []);
  const now = useNow(offsetMs, 1000);
  if (!catalogue.isSuccess) return <NotReady query={catalogue} />;
  const rows: HubRow[] = [];
  for (const group of catalogue.data.lotteryList ?? []) {
    for (const item of group.lotteries) {
      const lottery = LOTTERIES.find((l) => l.code === item.lotteryCode);
      if (!lottery || item.isStop) continue;
      const times = issueContaining(lottery, now);
      rows.push({ lottery, name: item.lotteryName, issue: times.issue, drawMs: times.drawMs });
    }
  }
  rows.sort((a, b) => a.drawMs - b.drawMs || a.lottery.sortOrder - b.lottery.sortOrder);
  if (rows.length === 0) return <EmptyState text="暂无直播" />;
  const drawingNow = rows.filter((r) => r.drawMs - now <= NOW_WINDOW_MS);
  const later = rows.filter((r) => r.drawMs - now > NOW_WINDOW_MS);
  const featured = rows.slice(0, BANNER_SIZE)[rotationIndex(now, Math.min(BANNER_SIZE, rows.length))]!;
  return (
    <div className="live-page live-hub" data-testid="live-hub">
      <Link className="live-banner live-banner--hub" to={liveUrl(featured.lottery)}>
        {featured.name} <b>{mmss(featured.drawMs - now)}</b> 后开奖 · 进入直播 ›
      </Link>
      <HubSection title="正在直播" rows={drawingNow} now={now} />
      <HubSection title="即将直播" rows={later} now={now} />
    </div>
  );
}

const liveUrl = (lottery: LotteryDef) => `/live/${lottery.family}/${lottery.code}`;

function HubSection({ title, rows, now }: { title: string; rows: HubRow[]; now: number }) {
  if (rows.length === 0) return null;
  return (
    <section className="live-hub-section">
      <div className="live-section-title">{title}</div>
      <ul>
        {rows.map((r) => (
          <li key={r.lottery.code}>
            <Link to={liveUrl(r.lottery)} className="live-hub-row" data-testid={`live-hub-${r.lottery.code}`}>
              <LotteryIcon family={r.lottery.family} size={40} />
              <span className="live-hub-text">
                <strong>{r.name}</strong>
                <span>第{issueLabel(r.issue)}期</span>
              </span>
              <span className="live-hub-time">
                <b>{mmss(r.drawMs - now)}</b>
                <span>后开奖</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
