import { parseMoney } from '@lottery/contract/money';
import { type EnvelopeConfig, EnvelopeMessages } from '@lottery/contract/redenvelope';

/** Send-envelope form (spec/platform.md §3, §5). `amount` is each share (normal) or the total (lucky). */
export interface EnvelopeForm {
  type: 1 | 2;
  num: string;
  amount: string;
  wishingRemark: string;
}

const ONE_YUAN = 10_000n;

/** Total in minor units of a valid form (normal: amount × num). */
export function envelopeTotalMinor(form: EnvelopeForm): bigint {
  const amount = parseMoney(form.amount.trim(), 2);
  return form.type === 1 ? amount * BigInt(form.num.trim()) : amount;
}

/**
 * The local checks before the safety-password step; returns the first message to show, or
 * undefined when the form may go on. Money is compared in bigint minor units, never floats.
 */
export function validateEnvelope(
  form: EnvelopeForm,
  config: EnvelopeConfig | undefined,
  opts: { direct: boolean },
): string | undefined {
  const num = opts.direct ? '1' : form.num.trim();
  const amountText = form.amount.trim();
  if (!num || !amountText) return EnvelopeMessages.empty;
  if (!/^-?\d+(\.\d+)?$/.test(num) || !/^-?\d+$/.test(num)) return EnvelopeMessages.countInteger;
  if (!/^\d{1,4}$/.test(num) || Number(num) < 1) return EnvelopeMessages.countPositive;
  const count = BigInt(num);
  if (count > 1000n) return EnvelopeMessages.countMax;
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(amountText)) return EnvelopeMessages.format;
  if (form.wishingRemark.trim().length > 20) return EnvelopeMessages.remarkMax;
  const amount = parseMoney(amountText, 2);
  if (form.type === 1 && amount < ONE_YUAN) return EnvelopeMessages.singleMin;
  const total = form.type === 1 ? amount * count : amount;
  // average >= 1 yuan  <=>  total >= count yuan
  if (total < count * ONE_YUAN) return EnvelopeMessages.averageMin;
  if (config) {
    const max = parseMoney(config.maxAmount, 4);
    if (total > max * count) return EnvelopeMessages.averageMax(trimYuan(config.maxAmount));
    if (total > parseMoney(config.amount, 4)) return EnvelopeMessages.quota;
    if (config.dayLimitCount > 0 && config.dayLimitSendCount >= config.dayLimitCount)
      return EnvelopeMessages.dayCount(config.dayLimitCount);
  }
  return undefined;
}

/** "10000.00" -> "10000" for the message 人均单个红包金额不能大于10000元. */
function trimYuan(text: string): string {
  return text.replace(/\.0+$/, '').replace(/(\.\d*?)0+$/, '$1');
}
