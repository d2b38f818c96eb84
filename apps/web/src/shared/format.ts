/**
 * Money arrives as decimal strings formatted by the server from bigint minor units (api.md).
 * Display never parses them into floats: it only normalises the string to two decimals.
 */
export function displayMoney(value: string | undefined | null): string {
  if (!value) return '0.00';
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return '0.00';
  const [, sign, whole, fraction = ''] = match;
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}.${`${fraction}00`.slice(0, 2)}`;
}
