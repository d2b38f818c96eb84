import { VIP_GRADE_NAMES } from '@lottery/contract/activity';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { userUpGradeBonusQuery } from '../features/vip/api/get-user-upgrade-bonus';
import { useUserStore } from '../shared/stores/user';
import { LazyPopup } from '../shared/ui/lazy-popup';
import '../features/vip/components/vip.css';

/** Spec §2: the prompt appears only on these pages (index, winningInfo, userCenter). */
export const UPGRADE_PROMPT_PATHS = ['/home', '/winningInfomation', '/userCenter'] as const;

/** Where 领取奖励 leads: the activity centre, as the prompt says (spec §2), which shows the bonus to claim. */
export const UPGRADE_CLAIM_PATH = '/activity';

/**
 * The upgrade-bonus prompt: a logged-in player with an unpaid upgrade bonus, on one of the three
 * pages, is told 恭喜您已晋级VIP{n}; 领取奖励 goes to the activity centre, 留在本页 closes it for this
 * grade until the next visit of the app (session storage). Mounted once in the shell.
 */
export function UpgradePrompt() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const loggedIn = useUserStore((s) => Boolean(s.user?.login));
  const onPage = (UPGRADE_PROMPT_PATHS as readonly string[]).includes(pathname);
  const standing = useQuery({ ...userUpGradeBonusQuery(), enabled: loggedIn && onPage, staleTime: 60_000 });
  const [dismissed, setDismissed] = useState(readDismissed);
  const data = standing.data;
  const grade = data?.userGrade ?? 0;
  const visible = loggedIn && onPage && data?.state === 1 && data.isBan === 0 && dismissed < grade;

  const stay = () => {
    writeDismissed(grade);
    setDismissed(grade);
  };
  const claim = () => {
    stay();
    void navigate(UPGRADE_CLAIM_PATH);
  };

  // LazyPopup: the popup's animation stack loads and mounts only once there is a prompt to show
  return (
    <LazyPopup
      visible={visible}
      position="bottom"
      bodyStyle={{ borderRadius: '16px 16px 0 0' }}
      onMaskClick={stay}
    >
      <div className="upgrade-prompt" role="dialog" aria-label="晋级奖励">
        <div className="upgrade-prompt-badge">VIP{grade}</div>
        <h3 className="upgrade-prompt-title">
          恭喜您已晋级VIP{grade} {VIP_GRADE_NAMES[grade] ?? ''}
        </h3>
        <p className="upgrade-prompt-text">
          您有 <b>{data?.claimableAmount ?? '0.00'}</b> 元晋级奖励待领取，快去活动中心领取吧！
        </p>
        <div className="upgrade-prompt-actions">
          <Button block shape="rounded" onClick={stay}>
            留在本页
          </Button>
          <Button block color="primary" shape="rounded" onClick={claim}>
            领取奖励
          </Button>
        </div>
      </div>
    </LazyPopup>
  );
}

const DISMISS_KEY = 'upgradePromptDismissedGrade';

function readDismissed(): number {
  try {
    return Number(sessionStorage.getItem(DISMISS_KEY) ?? 0) || 0;
  } catch {
    return 0;
  }
}

function writeDismissed(grade: number): void {
  try {
    sessionStorage.setItem(DISMISS_KEY, String(grade));
  } catch {
    // private mode: the prompt may show again, nothing else
  }
}
