import { describe, expect, it } from 'vitest';
import { beijingTime, depositStatusText } from './labels';
import { addressError, cardNoError, realNameError } from './payout-rules';

describe('payout-account rules (spec/platform.md §5)', () => {
  it('takes bank cards of 10-28 digits only', () => {
    expect(cardNoError('')).toBe('请输入银行卡号');
    expect(cardNoError('123456789')).toBe('银行卡号须为10-28位数字');
    expect(cardNoError('1234567890')).toBeUndefined();
    expect(cardNoError('1'.repeat(28))).toBeUndefined();
    expect(cardNoError('1'.repeat(29))).toBe('银行卡号须为10-28位数字');
    expect(cardNoError('6222 0202')).toBe('银行卡号须为10-28位数字');
  });

  it('takes real names of Chinese or Latin letters with middle dots, ≤25 letters', () => {
    expect(realNameError('张三')).toBeUndefined();
    expect(realNameError('阿卜杜拉·买买提')).toBeUndefined();
    expect(realNameError('John Smith')).toBeUndefined();
    expect(realNameError('张')).toBe('真实姓名格式不正确');
    expect(realNameError('张3')).toBe('真实姓名格式不正确');
    expect(realNameError('a'.repeat(26))).toBe('真实姓名格式不正确');
    expect(realNameError('  ')).toBe('请输入真实姓名');
  });

  it('checks wallet addresses by protocol', () => {
    expect(addressError('TRC20', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE')).toBeUndefined();
    expect(addressError('TRC20', '0x52908400098527886E0F7030069857D2E4169EE7')).toBe('钱包地址格式不正确');
    expect(addressError('ERC20', '0x52908400098527886E0F7030069857D2E4169EE7')).toBeUndefined();
    expect(addressError('ERC20', '0x5290')).toBe('钱包地址格式不正确');
    expect(addressError('ERC20', '')).toBe('请输入钱包地址');
  });
});

describe('labels', () => {
  it('shows Beijing time whatever the device zone', () => {
    expect(beijingTime(Date.UTC(2026, 0, 1, 16, 5, 9))).toBe('2026-01-02 00:05:09');
  });

  it('says a pending bank transfer waits for confirmation, a pending provider order for payment', () => {
    expect(depositStatusText('pending', 'banktransfer')).toBe('等待确认');
    expect(depositStatusText('pending', 'alipay')).toBe('待支付');
    expect(depositStatusText('paid', 'banktransfer')).toBe('已到账');
  });
});
