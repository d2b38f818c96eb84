import { ConsoleStaffApi } from '@lottery/contract/console/staff';
import { queryOptions } from '@tanstack/react-query';
import { consoleCall } from '../../api/call';

/** Every staff account (staff.manage). */
export const staffListQuery = queryOptions({
  queryKey: ['console', 'staff', 'list'] as const,
  queryFn: ({ signal }) => consoleCall(ConsoleStaffApi.list, undefined, { signal }),
});

/** The actions on one account that take a reason (each writes an audit row). */
export const STAFF_ACTIONS = {
  disable: { endpoint: ConsoleStaffApi.disable, label: '停用', danger: true },
  enable: { endpoint: ConsoleStaffApi.enable, label: '启用', danger: false },
  resetSecondFactor: { endpoint: ConsoleStaffApi.resetSecondFactor, label: '重置二次验证', danger: true },
  resetPassword: { endpoint: ConsoleStaffApi.resetPassword, label: '重置密码', danger: true },
} as const;
export type StaffAction = keyof typeof STAFF_ACTIONS;
