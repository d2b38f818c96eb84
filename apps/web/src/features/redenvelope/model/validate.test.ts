import type { EnvelopeConfig } from '@lottery/contract/redenvelope';
import { describe, expect, it } from 'vitest';
import { type EnvelopeForm, envelopeTotalMinor, validateEnvelope } from './validate';

const config: EnvelopeConfig = {
  amount: '500.00',
  maxAmount: '100.00',
  dayLimitAmount: '50000.00',
  dayLimitCount: 3,
  dayLimitSendCount: 0,
};
const lucky = (num: string, amount: string, wishingRemark = ''): EnvelopeForm => ({
  type: 2,
  num,
  amount,
  wishingRemark,
});
const normal = (num: string, amount: string): EnvelopeForm => ({ type: 1, num, amount, wishingRemark: '' });
const room = { direct: false };

describe('send-envelope checks (spec §5)', () => {
  it('accepts a valid lucky and normal envelope', () => {
    expect(validateEnvelope(lucky('5', '10'), config, room)).toBeUndefined();
    expect(validateEnvelope(normal('3', '1.50'), config, room)).toBeUndefined();
  });
  it('empty fields: 不能为空', () => {
    expect(validateEnvelope(lucky('', '10'), config, room)).toBe('不能为空');
    expect(validateEnvelope(lucky('5', ' '), config, room)).toBe('不能为空');
  });
  it('count must be a positive whole number up to 1000', () => {
    expect(validateEnvelope(lucky('2.5', '10'), config, room)).toBe('红包个数必须为整数');
    expect(validateEnvelope(lucky('0', '10'), config, room)).toBe('红包个数必须为正整数');
    expect(validateEnvelope(lucky('-3', '10'), config, room)).toBe('红包个数必须为正整数');
    expect(validateEnvelope(lucky('1001', '5000'), config, room)).toBe('红包个数不能超过1000个');
  });
  it('amount: 6 integer digits and 2 decimals', () => {
    expect(validateEnvelope(lucky('5', '10.123'), config, room)).toBe('格式不对');
    expect(validateEnvelope(lucky('5', '1234567'), config, room)).toBe('格式不对');
    expect(validateEnvelope(lucky('5', 'abc'), config, room)).toBe('格式不对');
  });
  it('average per envelope between 1 yuan and maxAmount, in exact money', () => {
    expect(validateEnvelope(lucky('5', '4.99'), config, room)).toBe('人均单个红包金额不能小于1元');
    expect(validateEnvelope(lucky('5', '5'), config, room)).toBeUndefined();
    expect(validateEnvelope(lucky('2', '200.01'), config, room)).toBe('人均单个红包金额不能大于100元');
    expect(validateEnvelope(lucky('2', '200.00'), config, room)).toBeUndefined();
  });
  it('single mode amount below 1 yuan', () => {
    expect(validateEnvelope(normal('2', '0.99'), config, room)).toBe('单个红包金额不可低于 1 元');
  });
  it('quota and daily count', () => {
    expect(validateEnvelope(normal('6', '100'), config, room)).toBe('您的红包额度不足');
    expect(validateEnvelope(lucky('5', '10'), { ...config, dayLimitSendCount: 3 }, room)).toBe(
      '您每日可发红包次数为3次，已超限制',
    );
  });
  it('remark at most 20 characters', () => {
    expect(
      validateEnvelope(lucky('5', '10', '一二三四五六七八九十一二三四五六七八九十一'), config, room),
    ).toBe('祝福语不能超过20个字');
  });
  it('private chat forces the count to 1', () => {
    expect(validateEnvelope(normal('', '5'), config, { direct: true })).toBeUndefined();
  });
  it('totals: normal = amount × count, lucky = amount, in minor units', () => {
    expect(envelopeTotalMinor(normal('3', '1.10'))).toBe(33_000n);
    expect(envelopeTotalMinor(lucky('3', '1.10'))).toBe(11_000n);
  });
});
