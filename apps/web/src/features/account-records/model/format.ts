/** Beijing wall-clock time of an epoch-ms instant, whatever the browser's zone. */
export function beijingTime(ms: number, withYear = false): string {
  const d = new Date(ms + 8 * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  return withYear ? `${d.getUTCFullYear()}-${date} ${time}` : `${date} ${time}`;
}

/** 'profit' for a gain, 'loss' for a loss, '' for zero: decided on the decimal string, never a float. */
export function signClass(amount: string): 'profit' | 'loss' | '' {
  if (amount.startsWith('-')) return 'loss';
  return /[1-9]/.test(amount) ? 'profit' : '';
}

/** A signed amount as shown: +12.00 for a gain, -3.50 for a loss. */
export function signed(amount: string, display: (v: string) => string): string {
  const cls = signClass(amount);
  return cls === 'profit' ? `+${display(amount)}` : display(amount);
}
