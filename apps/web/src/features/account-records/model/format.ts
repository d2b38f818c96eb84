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
