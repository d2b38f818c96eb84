/**
 * How the agent screens show what the server sends. Money is the server's decimal string, shown
 * with every decimal it carries (a 0.005 rebate is not rounded away) and thousands grouped; nothing
 * is parsed into a float. Times go through shared/lib/day.ts (Beijing wall-clock).
 */
export function money(value: string | undefined | null): string {
  if (value === undefined || value === null || value === '') return '--';
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(value.trim());
  if (!match) return value;
  const [, sign, whole, fraction = ''] = match;
  return `${sign}${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction}`;
}

/** 'up' for a gain, 'down' for a loss, '' for zero: decided on the string, never a float. */
export function trend(value: string | undefined): 'up' | 'down' | '' {
  if (!value) return '';
  if (value.trim().startsWith('-')) return /[1-9]/.test(value) ? 'down' : '';
  return /[1-9]/.test(value) ? 'up' : '';
}

/** The period's Beijing dates as one label: '11-20' for a day, '11-14 至 11-20' for a range. */
export function periodRange(fromDay: string, toDay: string): string {
  const short = (day: string) => day.slice(5);
  return fromDay === toDay ? short(fromDay) : `${short(fromDay)} 至 ${short(toDay)}`;
}

/** Account states of users/userManageList. */
export const MEMBER_STATUS: Record<string, string> = {
  active: '正常',
  disabled: '停用',
  frozen: '冻结',
};

export function memberStatus(status: string): string {
  return MEMBER_STATUS[status] ?? status;
}

/** A rebate point as a percentage label: '7.5' → '7.5%'. */
export const rebateLabel = (rebate: string) => `${rebate}%`;
