/**
 * Money is bigint minor units: 1 yuan = 10000n minor. JSON carries decimal strings formatted from
 * these, never floats. Parsing is strict: plain decimal digits, optional sign, at most 4 decimals.
 */
export const MINOR_PER_YUAN = 10_000n;
const SCALE_DIGITS = 4;

export class MoneyFormatError extends Error {
  override readonly name = 'MoneyFormatError';
}

const DECIMAL = /^(-)?(\d{1,15})(?:\.(\d{1,4}))?$/;

/** "12.5" -> 125000n. Throws MoneyFormatError on anything that is not a plain decimal. */
export function parseMoney(text: string, maxDecimals = SCALE_DIGITS): bigint {
  const m = DECIMAL.exec(text.trim());
  if (!m) throw new MoneyFormatError(`金额格式不正确: ${text}`);
  const [, sign, whole, frac = ''] = m;
  if (frac.length > maxDecimals) throw new MoneyFormatError(`金额最多${maxDecimals}位小数: ${text}`);
  const minor = BigInt(whole) * MINOR_PER_YUAN + BigInt(frac.padEnd(SCALE_DIGITS, '0'));
  return sign && minor !== 0n ? -minor : minor;
}

/**
 * 125000n -> "12.50". Extra minor digits beyond `decimals` are truncated toward zero
 * (a displayed balance never shows more than the player has).
 */
export function formatMoney(minor: bigint, decimals: 2 | 4 = 2): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const whole = abs / MINOR_PER_YUAN;
  const frac = (abs % MINOR_PER_YUAN).toString().padStart(SCALE_DIGITS, '0').slice(0, decimals);
  const truncatedIsZero = whole === 0n && /^0*$/.test(frac);
  return `${negative && !truncatedIsZero ? '-' : ''}${whole}.${frac}`;
}

export function yuan(whole: number | bigint): bigint {
  return BigInt(whole) * MINOR_PER_YUAN;
}
