import { VIP_GRADE_NAMES } from '@lottery/contract/activity';
import { useEffect } from 'react';
import { useUserStore } from '../../../shared/stores/user';
import { useUpgradeConfig } from '../api/get-upgrade-config';
import { useUserUpGradeBonus } from '../api/get-user-upgrade-bonus';
import { DailySignCard } from '../components/daily-sign-card';
import { UpgradeBonusCard } from '../components/upgrade-bonus-card';
import '../components/vip.css';

const trim = (amount: string) => amount.replace(/\.00$/, '');

/**
 * /personal/personalGrade: the player's VIP grade, growth and progress to the next grade, the
 * unpaid upgrade bonuses with 领取奖励, daily sign-in, and the ladder (docs/vip.md).
 */
export default function PersonalGradePage() {
  const user = useUserStore((s) => s.user);
  const standing = useUserUpGradeBonus();
  const ladder = useUpgradeConfig();
  const data = standing.data;
  const grade = data?.userGrade ?? user?.grade ?? 1;
  const claimedGrades = new Set(data?.claimed.map((c) => c.grade));
  const claimableGrades = new Set(data?.claimable.map((c) => c.grade));

  // the stored user info carries the grade (chat badges, the user centre): keep it in step
  const serverGrade = data?.userGrade;
  const storedGrade = user?.grade;
  useEffect(() => {
    if (serverGrade !== undefined && storedGrade !== undefined && serverGrade !== storedGrade) {
      useUserStore.getState().patch({ grade: serverGrade });
    }
  }, [serverGrade, storedGrade]);

  return (
    <div className="personal-grade">
      <section className="vip-hero" aria-label="当前等级">
        <div className="vip-hero-top">
          <span className="vip-hero-badge" data-testid="vip-grade">
            VIP{grade}
          </span>
          <div>
            <div className="vip-hero-name">{VIP_GRADE_NAMES[grade] ?? ''}</div>
            <div className="vip-hero-user">{user?.nickName || user?.userName}</div>
          </div>
        </div>
        {data ? (
          <div className="vip-progress">
            <div
              className="vip-progress-bar"
              role="progressbar"
              aria-valuenow={data.progress}
              aria-valuemin={0}
              aria-valuemax={100}
            >
              <div className="vip-progress-fill" style={{ width: `${data.progress}%` }} />
            </div>
            <div className="vip-progress-text">
              <span>成长值 {trim(data.growth)}</span>
              <span>
                {data.nextGrade === null
                  ? '已达最高等级'
                  : `距VIP${data.nextGrade}还需 ${remaining(data.growth, data.nextGrowth)}`}
              </span>
            </div>
          </div>
        ) : null}
      </section>

      <UpgradeBonusCard />

      <DailySignCard />

      <section className="card" aria-label="等级说明">
        <h2 className="section-title">
          <span>等级说明</span>
        </h2>
        <p className="sign-note" style={{ textAlign: 'left', marginTop: 0 }}>
          成长值 = 已结算投注额 + 累计充值额；达到等级门槛即晋级，每个等级的晋级奖励可领取一次。
        </p>
        <table className="vip-ladder">
          <thead>
            <tr>
              <th>等级</th>
              <th>名称</th>
              <th>成长值</th>
              <th>晋级奖励</th>
            </tr>
          </thead>
          <tbody>
            {ladder.data?.grades.map((g) => (
              <tr key={g.grade} className={g.grade === grade ? 'current' : undefined}>
                <td>VIP{g.grade}</td>
                <td>{g.gradeName}</td>
                <td>{trim(g.growth)}</td>
                <td
                  className={
                    claimedGrades.has(g.grade)
                      ? 'claimed'
                      : claimableGrades.has(g.grade)
                        ? 'claimable'
                        : undefined
                  }
                >
                  {g.bonus === '0.00' ? '-' : `${trim(g.bonus)}元`}
                  {claimedGrades.has(g.grade) ? ' 已领' : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}

/** nextGrowth - growth, in yuan strings of two decimals, computed in cents (no float money). */
function remaining(growth: string, next: string | null): string {
  if (next === null) return '0';
  const cents = (s: string) => BigInt(s.replace('.', ''));
  const diff = cents(next) - cents(growth);
  if (diff <= 0n) return '0';
  const whole = diff / 100n;
  const frac = (diff % 100n).toString().padStart(2, '0');
  return frac === '00' ? `${whole}` : `${whole}.${frac}`;
}
