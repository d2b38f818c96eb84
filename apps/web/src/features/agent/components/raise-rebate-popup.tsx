import { Button, Popup } from 'antd-mobile';
import { useState } from 'react';
import { toastSuccess } from '../../../shared/ui/toast';
import type { MemberRow } from '../api/get-members';
import { useRaiseRebate } from '../api/raise-rebate';
import { rebateLabel } from '../model/format';
import { raisableLevels } from '../model/levels';
import {
  encodeTypeRebates,
  memberTypeRebates,
  type OwnType,
  TYPE_NAMES,
  typeRebatesLabel,
} from '../model/type-rebates';
import type { Level } from './level-picker';
import { TypeRebateEditor } from './type-rebate-editor';

/**
 * 调整返点 of a direct downline: the levels above its current rebate up to the agent's own (a
 * rebate is only ever raised), chosen as chips, and 按彩种设置 as the invite-code form has it: each
 * type from the member's current rebate for it up to the agent's own for it. The member's types set
 * apart start at their current figures; the others follow the chosen rebate. The server's answer is
 * shown as it comes.
 */
export function RaiseRebatePopup(props: {
  member: MemberRow | undefined;
  levels: readonly Level[];
  types: readonly OwnType[];
  onClose(): void;
}) {
  const { member } = props;
  return (
    <Popup
      visible={member !== undefined}
      onMaskClick={props.onClose}
      onClose={props.onClose}
      bodyClassName="agent-sheet"
    >
      {member ? <RaiseForm key={member.userId} {...props} member={member} /> : null}
    </Popup>
  );
}

function RaiseForm(props: {
  member: MemberRow;
  levels: readonly Level[];
  types: readonly OwnType[];
  onClose(): void;
}) {
  const { member, types } = props;
  const [choice, setChoice] = useState<string>();
  const [byType, setByType] = useState<Record<number, string>>(() =>
    Object.fromEntries(member.typeRebates.map((i) => [i.lotteryType, i.rebate])),
  );
  const raise = useRaiseRebate();
  const options = raisableLevels(props.levels, member.rebate);
  const floors = memberTypeRebates(types, member);
  const base = choice ?? member.rebate;
  const typeRebates = encodeTypeRebates(types, base, byType);
  const current = encodeTypeRebates(types, member.rebate, floors);
  const changed = choice !== undefined || typeRebates !== current;

  const submit = async () => {
    const done = await raise
      .mutateAsync({ userId: member.userId, rebate: base, typeRebates })
      .catch(() => undefined);
    if (!done) return;
    toastSuccess(done.msg);
    props.onClose();
  };

  return (
    <div data-testid="raise-rebate">
      <h3 className="agent-sheet-title">调整返点</h3>
      <p className="agent-sheet-sub">
        会员 <b>{member.userName}</b> 当前返点 <b>{rebateLabel(member.rebate)}</b>
      </p>
      {member.typeRebates.length > 0 ? (
        <p className="agent-sheet-sub" data-testid="raise-rebate-types">
          {typeRebatesLabel(member.typeRebates, TYPE_NAMES)}
        </p>
      ) : null}
      {options.length === 0 ? (
        <p className="agent-sheet-empty">该会员返点已与您相同，无法再调高</p>
      ) : (
        <div className="agent-chips">
          {options.map((l) => (
            <button
              type="button"
              key={l.rebate}
              className={`agent-chip ${choice === l.rebate ? 'agent-chip--on' : ''}`}
              onClick={() => setChoice(choice === l.rebate ? undefined : l.rebate)}
            >
              {rebateLabel(l.rebate)}
              <small>奖金组 {l.group}</small>
            </button>
          ))}
        </div>
      )}
      {types.length > 0 ? (
        <TypeRebateEditor
          types={types}
          levels={props.levels}
          base={base}
          value={byType}
          onChange={setByType}
          floors={floors}
        />
      ) : null}
      <p className="agent-sheet-tip">返点只能调高，不能高于您自己的返点</p>
      <div className="agent-sheet-actions">
        <Button shape="rounded" onClick={props.onClose}>
          取消
        </Button>
        <Button
          color="primary"
          shape="rounded"
          disabled={!changed}
          loading={raise.isPending}
          onClick={() => void submit()}
        >
          确定
        </Button>
      </div>
    </div>
  );
}
