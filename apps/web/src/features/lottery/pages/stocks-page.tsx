import { Button } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { NotReady, SimpleListStates } from '../../../shared/ui/list-states';
import { useStockDays, useStockLast, useStockLotteries, useStockToday } from '../api/stock';
import { ResultBall } from '../components/ball';
import { DaysChart, IntradayChart } from '../stocks/stock-chart';
import '../stocks/stocks.css';

/** Up is red, down green (the Chinese market's colours); the sign is always written. */
function changeClass(change: string): string {
  return change.startsWith('-') ? 'stock-down' : Number(change) === 0 ? '' : 'stock-up';
}
const signed = (v: string) => (v.startsWith('-') ? v : `+${v}`);

/**
 * /stocks (?code=): the stock index codes, the chosen one's latest index and change, today's line
 * drawn draw by draw, the last seven days' closes with their high-low range, and today's draws; a
 * STOCK play page links here (docs/stocks.md).
 */
export default function StocksPage() {
  const list = useStockLotteries();
  // 加载中... while the codes load, the §8 text when they fail: never a blank page.
  if (!list.isSuccess) return <NotReady query={list} />;
  return <StocksBody codes={list.data.lotteryList.flatMap((g) => g.lotteries)} />;
}

function StocksBody({ codes }: { codes: { lotteryCode: string; lotteryName: string }[] }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const code = params.get('code') ?? codes[0]?.lotteryCode ?? '';
  const chosen = codes.find((l) => l.lotteryCode === code);

  return (
    <div className="stocks-page">
      <div className="stock-codes" role="tablist" aria-label="股指">
        {codes.map((l) => (
          <button
            key={l.lotteryCode}
            type="button"
            role="tab"
            aria-selected={l.lotteryCode === code}
            className={`stock-code${l.lotteryCode === code ? ' stock-code--on' : ''}`}
            onClick={() => setParams({ code: l.lotteryCode }, { replace: true })}
          >
            {l.lotteryName}
          </button>
        ))}
      </div>
      {code ? <StockDetail code={code} name={chosen?.lotteryName ?? ''} /> : null}
      {code ? (
        <div className="stock-actions">
          <Button
            block
            color="primary"
            shape="rounded"
            size="large"
            onClick={() => void navigate(`/lottery/STOCK/${code}`)}
          >
            去投注
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function StockDetail({ code, name }: { code: string; name: string }) {
  const last = useStockLast(code);
  const today = useStockToday(code);
  const days = useStockDays(code, 7);
  const latest = last.data;
  const draws = today.data ?? [];

  return (
    <>
      <section className="card stock-summary" aria-label="最新指数">
        <div className="stock-name">{name}</div>
        {!last.isSuccess ? (
          <NotReady query={last} />
        ) : latest ? (
          <>
            <div className={`stock-index ${changeClass(latest.change)}`} data-testid="stock-index">
              {latest.indexValue}
            </div>
            <div className={`stock-change ${changeClass(latest.change)}`}>
              {signed(latest.change)} ({signed(latest.changeRate)}%)
            </div>
            <div className="stock-latest">
              <span>第{latest.issue}期</span>
              <span className="stock-balls">
                {latest.openNumber.split(',').map((n, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the five positions are fixed
                  <ResultBall key={i} family="STOCK" value={n} />
                ))}
              </span>
            </div>
          </>
        ) : (
          <div className="stock-empty">暂无开奖</div>
        )}
      </section>

      <section className="card" aria-label="今日走势">
        <h4 className="stock-title">今日走势</h4>
        <SimpleListStates query={today} empty={draws.length === 0} emptyText="今日暂无开奖">
          {() => <IntradayChart points={draws} />}
        </SimpleListStates>
      </section>

      <section className="card" aria-label="近7日">
        <h4 className="stock-title">近7日（收盘与最高最低）</h4>
        <SimpleListStates query={days} empty={(days.data ?? []).length === 0} emptyText="暂无数据">
          {() => <DaysChart days={days.data ?? []} />}
        </SimpleListStates>
      </section>

      <section className="card" aria-label="今日开奖">
        <h4 className="stock-title">今日开奖</h4>
        <SimpleListStates query={today} empty={draws.length === 0} emptyText="今日暂无开奖">
          {() => (
            <ul className="stock-draws">
              {draws
                .slice(-10)
                .reverse()
                .map((d) => (
                  <li key={d.issue}>
                    <span>{d.issue}</span>
                    <span>{d.indexValue}</span>
                    <span className="stock-digits">{d.openNumber.replace(/,/g, ' ')}</span>
                  </li>
                ))}
            </ul>
          )}
        </SimpleListStates>
      </section>
    </>
  );
}
