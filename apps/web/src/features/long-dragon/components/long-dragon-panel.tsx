import { Button, Tabs } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { zhCN } from '../../../shared/locales/zh-CN';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageLoading } from '../../../shared/ui/page-loading';
import { useLongDragon } from '../api/long-dragon';
import { maxWin, type Selection, secondsLeft, toggle, trackKey } from '../model/dragon-bet';
import { DragonItem } from './dragon-item';
import { MyBets } from './my-bets';
import { useDragonBet } from './use-dragon-bet';
import '../long-dragon.css';
import { DigitInput } from '../../../shared/ui/digit-input';

type Tab = 'latest' | 'mine';

/** Ticks once a second while mounted: every item's countdown reads it. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The long-dragon helper (spec/betting.md §2, §4): tabs 最新长龙 and 我的投注, help icon to /longInfo,
 * the streak list with a countdown per item, and the bet footer (清空, per-bet amount, 最高可中,
 * 马上投注) with the link to 投注记录. Shown by /longQueue and by the chat rooms' popup; `onLeave`
 * runs before a link leaves (the popup closes itself).
 */
export function LongDragonPanel({ active = true, onLeave }: { active?: boolean; onLeave?(): void }) {
  const [tab, setTab] = useState<Tab>('latest');
  const [selection, setSelection] = useState<Selection>();
  const [amount, setAmount] = useState('');
  const navigate = useNavigate();
  const list = useLongDragon(active);
  const now = useNow();
  const entries = list.data ?? [];
  const answeredAt = list.dataUpdatedAt;
  const secondsOf = (e: (typeof entries)[number]) => secondsLeft(e, answeredAt, now);

  const bet = useDragonBet({
    stillOpen: (s) => {
      const listed = entries.find((e) => trackKey(e) === s.key && e.currIssue === s.entry.currIssue);
      return listed !== undefined && secondsOf(listed) > 0;
    },
    onPlaced: () => setSelection(undefined),
    onExpired: () => setSelection(undefined),
  });

  const leave = (to: string) => {
    onLeave?.();
    void navigate(to);
  };
  const picked = selection?.entry.options[selection.option];
  const win = picked ? maxWin(amount, picked.odds) : undefined;

  return (
    <div className="ld-panel">
      {bet.shareView}
      <div className="ld-top">
        <Tabs activeKey={tab} onChange={(key) => setTab(key as Tab)} className="ld-tabs">
          <Tabs.Tab title="最新长龙" key="latest" />
          <Tabs.Tab title="我的投注" key="mine" />
        </Tabs>
        <button type="button" className="ld-help" aria-label="长龙说明" onClick={() => leave('/longInfo')}>
          ?
        </button>
      </div>
      <div className="ld-body">
        {tab === 'mine' ? (
          <MyBets onLeave={onLeave} />
        ) : list.isPending ? (
          <PageLoading />
        ) : entries.length === 0 ? (
          <EmptyState text="暂无长龙" />
        ) : (
          <div className="ld-list">
            {entries.map((entry) => {
              const key = trackKey(entry);
              return (
                <DragonItem
                  key={key}
                  entry={entry}
                  seconds={secondsOf(entry)}
                  selected={selection?.key === key ? selection.option : undefined}
                  onPick={(option) => setSelection((current) => toggle(current, entry, option))}
                />
              );
            })}
            <div className="ld-end">{zhCN.allShown}</div>
          </div>
        )}
      </div>
      {tab === 'latest' ? (
        <div className="ld-footer">
          <div className="ld-footer-info">
            <span className="ld-footer-pick" data-testid="ld-pick">
              {selection && picked
                ? `${selection.entry.lotteryName} ${selection.entry.name} ${picked.label}`
                : '请选择号码'}
            </span>
            <span className="ld-footer-win">
              最高可中 <b data-testid="ld-max-win">{win ?? '0.00'}</b> 元
            </span>
          </div>
          <div className="ld-footer-row">
            <Button
              size="small"
              className="ld-clear"
              onClick={() => {
                setSelection(undefined);
                setAmount('');
              }}
            >
              清空
            </Button>
            <span className="ld-amount">
              单注
              <DigitInput
                className="ld-amount-input"
                placeholder="输入金额"
                value={amount}
                aria-label="单注金额"
                onChange={setAmount}
              />
              元
            </span>
            <Button
              size="small"
              color="primary"
              className="ld-submit"
              loading={bet.busy}
              disabled={bet.busy}
              onClick={() => void bet.place(selection, amount)}
            >
              马上投注
            </Button>
          </div>
        </div>
      ) : null}
      <Link to="/bettingRecord" className="ld-record-link" onClick={onLeave}>
        投注记录 ›
      </Link>
    </div>
  );
}
