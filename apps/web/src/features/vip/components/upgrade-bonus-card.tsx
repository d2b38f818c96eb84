import { Button } from 'antd-mobile';
import { NotReady } from '../../../shared/ui/list-states';
import { toastSuccess } from '../../../shared/ui/toast';
import { useUserUpGradeBonus } from '../api/get-user-upgrade-bonus';
import { useReceiveUpGradeBonus } from '../api/receive-upgrade-bonus';
import './vip.css';

/**
 * 晋级奖励: the player's unpaid upgrade bonus with 领取奖励, on the grade page and in the activity
 * centre (where the upgrade prompt sends the player, spec/platform.md §2). The figure and the
 * button show only from a real answer: 加载中... meanwhile, the §8 text if the call fails.
 */
export function UpgradeBonusCard({ onlyClaimable = false }: { onlyClaimable?: boolean }) {
  const standing = useUserUpGradeBonus();
  const claim = useReceiveUpGradeBonus();
  // the activity centre shows the card only while there is a bonus to claim (or one just claimed)
  const hidden = onlyClaimable && !(standing.data?.state === 1 || claim.isPending || claim.isSuccess);
  const onClaim = () => {
    if (claim.isPending) return;
    claim.mutate(undefined, {
      onSuccess: (r) => {
        toastSuccess(`领取成功，获得${r.amount}元`);
      },
    });
  };
  if (hidden) return null;
  return (
    <section className="card" aria-label="晋级奖励">
      <h2 className="section-title">
        <span>晋级奖励</span>
      </h2>
      {/* the figure and the button only from a real answer: never 0.00元 while it loads */}
      {!standing.isSuccess ? (
        <NotReady query={standing} />
      ) : (
        <div className="vip-bonus-row">
          <div>
            <div className="vip-bonus-amount" data-testid="vip-claimable">
              {standing.data.claimableAmount}元
            </div>
            <div className="sign-note" style={{ textAlign: 'left', margin: 0 }}>
              {standing.data.isBan
                ? '您的账号暂不能领取晋级奖励'
                : standing.data.state
                  ? '您有可领取的晋级奖励'
                  : '暂无可领取的晋级奖励'}
            </div>
          </div>
          <Button
            color="primary"
            shape="rounded"
            disabled={standing.data.state !== 1}
            loading={claim.isPending}
            onClick={onClaim}
          >
            领取奖励
          </Button>
        </div>
      )}
    </section>
  );
}
