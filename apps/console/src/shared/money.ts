/**
 * Yuan for the eye: the contract's decimal strings (`-100000801.00`) with thousands grouped
 * (`-100,000,801.00`). String work only, never a float, so the amount stays exact. Display only:
 * inputs and CSV keep the plain string the server reads.
 */
export function groupYuan(amount: string): string {
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(amount);
  if (!match) return amount;
  const [, sign, whole, frac = ''] = match;
  return `${sign}${whole!.replace(/\B(?=(\d{3})+$)/g, ',')}${frac}`;
}

/** With the unit: `¥100,000,801.00`, a negative one `-¥5.00`. */
export function yuanText(amount: string): string {
  const grouped = groupYuan(amount);
  return grouped.startsWith('-') ? `-¥${grouped.slice(1)}` : `¥${grouped}`;
}
