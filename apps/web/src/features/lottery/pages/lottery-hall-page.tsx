import { CapsuleTabs } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageLoading } from '../../../shared/ui/page-loading';
import { useAllLotteryData } from '../api/get-all-lottery-data';
import { LotteryGrid } from '../components/lottery-grid';
import { familyOfHallKey, hallKeyOf } from '../model/hall-key';

/** /lotteryHall?key=<lottery type, or family code>: every lottery of one family, with tabs to the others. */
export default function LotteryHallPage() {
  const [params, setParams] = useSearchParams();
  const catalogue = useAllLotteryData();
  if (catalogue.isPending) return <PageLoading />;
  const groups = (catalogue.data?.lotteryList ?? []).filter((g) => g.lotteries.length > 0);
  if (groups.length === 0) return <EmptyState />;
  const family = familyOfHallKey(params.get('key'));
  const active = groups.find((g) => g.family === family) ?? groups[0]!;
  return (
    <div className="lottery-hall">
      <CapsuleTabs
        activeKey={active.family}
        onChange={(family) => setParams({ key: hallKeyOf(family) }, { replace: true })}
      >
        {groups.map((group) => (
          <CapsuleTabs.Tab key={group.family} title={group.familyName} />
        ))}
      </CapsuleTabs>
      <section className="card">
        <LotteryGrid lotteries={active.lotteries} from={`/lotteryHall?key=${hallKeyOf(active.family)}`} />
      </section>
    </div>
  );
}
