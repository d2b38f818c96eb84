import { Button, Popup } from 'antd-mobile';
import { useState } from 'react';
import { toastSuccess } from '../../../shared/ui/toast';
import type { MemberRow } from '../api/get-members';
import { useRaiseRebate } from '../api/raise-rebate';
import { rebateLabel } from '../model/format';
import { raisableLevels } from '../model/levels';
import type { Level } from './level-picker';

/**
 * 调整返点 of a direct downline: the levels above its current rebate up to the agent's own (a
 * rebate is only ever raised), chosen as chips; the server's answer is shown as it comes.
 */
export function RaiseRebatePopup(props: {
  member: MemberRow | undefined;
  levels: readonly Level[];
  onClose(): void;
}) {
  const { member } = props;
  const [choice, setChoice] = useState<string>();
  const raise = useRaiseRebate();
  const options = member ? raisableLevels(props.levels, member.rebate) : [];

  const close = () => {
    setChoice(undefined);
    props.onClose();
  };
  const submit = async () => {
    if (!member || !choice) return;
    const done = await raise.mutateAsync({ userId: member.userId, rebate: choice }).catch(() => undefined);
    if (!done) return;
    toastSuccess(done.msg);
    close();
  };

  return (
    <Popup visible={member !== undefined} onMaskClick={close} onClose={close} bodyClassName="agent-sheet">
      {member ? (
        <div data-testid="raise-rebate">
          <h3 className="agent-sheet-title">调整返点</h3>
          <p className="agent-sheet-sub">
            会员 <b>{member.userName}</b> 当前返点 <b>{rebateLabel(member.rebate)}</b>
          </p>
          {options.length === 0 ? (
            <p className="agent-sheet-empty">该会员返点已与您相同，无法再调高</p>
          ) : (
            <div className="agent-chips">
              {options.map((l) => (
                <button
                  type="button"
                  key={l.rebate}
                  className={`agent-chip ${choice === l.rebate ? 'agent-chip--on' : ''}`}
                  onClick={() => setChoice(l.rebate)}
                >
                  {rebateLabel(l.rebate)}
                  <small>奖金组 {l.group}</small>
                </button>
              ))}
            </div>
          )}
          <p className="agent-sheet-tip">返点只能调高，不能高于您自己的返点</p>
          <div className="agent-sheet-actions">
            <Button shape="rounded" onClick={close}>
              取消
            </Button>
            <Button
              color="primary"
              shape="rounded"
              disabled={!choice}
              loading={raise.isPending}
              onClick={() => void submit()}
            >
              确定
            </Button>
          </div>
        </div>
      ) : null}
    </Popup>
  );
}
