import { Picker } from 'antd-mobile';
import { DownOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { rebateLabel } from '../model/format';

export interface Level {
  rebate: string;
  group: number;
}

/**
 * A rebate level chosen on a wheel: each level with its prize group ('7.5% · 1850'). The levels come
 * from users/rebate (the agent's own down to 0), so nothing above the own can be picked.
 */
export function LevelPicker(props: {
  levels: readonly Level[];
  value: string | undefined;
  onChange(rebate: string): void;
  title?: string;
  placeholder?: string;
  testId?: string;
}) {
  const [visible, setVisible] = useState(false);
  const chosen = props.levels.find((l) => l.rebate === props.value);
  return (
    <>
      <button
        type="button"
        className="agent-level-button"
        data-testid={props.testId}
        onClick={() => setVisible(true)}
      >
        <span className={chosen ? '' : 'agent-placeholder'}>
          {chosen
            ? `${rebateLabel(chosen.rebate)}（奖金组 ${chosen.group}）`
            : (props.placeholder ?? '请选择返点')}
        </span>
        <DownOutline />
      </button>
      <Picker
        columns={[
          props.levels.map((l) => ({ label: `${rebateLabel(l.rebate)}  ·  ${l.group}`, value: l.rebate })),
        ]}
        visible={visible}
        destroyOnClose
        title={props.title ?? '选择返点'}
        value={props.value ? [props.value] : []}
        onClose={() => setVisible(false)}
        onConfirm={(v) => {
          if (typeof v[0] === 'string') props.onChange(v[0]);
        }}
        confirmText="确定"
        cancelText="取消"
      />
    </>
  );
}
