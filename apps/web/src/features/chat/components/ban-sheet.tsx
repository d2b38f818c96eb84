import { ActionSheet } from 'antd-mobile';

/** 永久, 一周, 一天, 一小时, 半小时 (+ 取消禁言) with the duration ids of docs/chat.md. */
export const BAN_OPTIONS: { text: string; key: number }[] = [
  { text: '永久', key: 1 },
  { text: '一周', key: 3 },
  { text: '一天', key: 2 },
  { text: '一小时', key: 4 },
  { text: '半小时', key: 5 },
];
export const LIFT_OPTION = { text: '取消禁言', key: 6 };

export function BanSheet({
  visible,
  withLift,
  onPick,
  onClose,
}: {
  visible: boolean;
  withLift: boolean;
  onPick(durationTypeId: number): void;
  onClose(): void;
}) {
  const actions = (withLift ? [...BAN_OPTIONS, LIFT_OPTION] : BAN_OPTIONS).map((a) => ({
    ...a,
    danger: a.key === 6,
    onClick: () => onPick(a.key),
  }));
  return <ActionSheet visible={visible} actions={actions} cancelText="取消" onClose={onClose} />;
}
