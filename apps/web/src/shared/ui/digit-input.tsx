import { Input } from 'antd-mobile';

/**
 * The one box for every amount and multiplier of the betting screens (spec/betting.md §4 per-bet
 * amount: digits only, at most 7 characters, over 1,000,000 capped at 1,000,000, a non-integer or
 * zero cleared). What the box shows is always exactly the value the page uses: every change goes
 * through `cleanDigits` before it reaches the page, so a letter, a decimal point or a sign never
 * stays on screen while the page prices something else.
 */
export function DigitInput({
  value,
  onChange,
  max = DIGIT_MAX,
  ...rest
}: {
  value: string;
  onChange(value: string): void;
  max?: number;
  onBlur?: () => void;
  className?: string;
  placeholder?: string;
  'aria-label'?: string;
  'data-testid'?: string;
  disabled?: boolean;
}) {
  return (
    <Input
      {...rest}
      inputMode="numeric"
      pattern="[0-9]*"
      value={value}
      onChange={(raw) => onChange(cleanDigits(raw, value, max))}
    />
  );
}

export const DIGIT_MAX = 1_000_000;
const MAX_CHARS = 7;

/**
 * The value a box holds after the player typed or pasted `raw` over `previous`: full-width digits
 * read as digits and spaces dropped; anything but digits (a letter, pasted words) is refused and the
 * box keeps `previous`; a number that is not a whole positive one (`1.5`, `2.`, `-1`) is cleared;
 * leading zeros go, zero is cleared, and anything over `max` (or longer than 7 digits) is `max`.
 */
export function cleanDigits(raw: string, previous = '', max = DIGIT_MAX): string {
  const text = raw
    .replace(/[\uFF10-\uFF19]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xff10 + 48))
    .replace(/[\s\u3000]/g, '');
  if (text === '') return '';
  if (!/^\d+$/.test(text)) {
    // A decimal or signed number is not an integer: cleared (spec). Other text is refused.
    if (/^[-+]?\d*[.．。]\d*$/.test(text) || /^[-+－]\d*$/.test(text)) return '';
    return previous;
  }
  const digits = text.replace(/^0+/, '');
  if (digits === '') return '';
  if (digits.length > MAX_CHARS || Number(digits) > max) return String(max);
  return digits;
}
