import { describe, expect, it } from 'vitest';
import {
  Amount,
  BankCardNumber,
  FieldMessages,
  fieldError,
  LoginPassword,
  NewSafetyPassword,
  NickName,
  RealName,
  SafetyPassword,
  SIMPLE_SAFETY_PASSWORDS,
  UserName,
  walletAddress,
} from './fields';

describe('field rules (spec/platform.md §5)', () => {
  it('takes bank cards of 10-28 digits only', () => {
    expect(fieldError(BankCardNumber, '')).toBe('请输入银行卡号');
    expect(fieldError(BankCardNumber, '123456789')).toBe('银行卡号须为10-28位数字');
    expect(fieldError(BankCardNumber, '1234567890')).toBeUndefined();
    expect(fieldError(BankCardNumber, '1'.repeat(28))).toBeUndefined();
    expect(fieldError(BankCardNumber, '1'.repeat(29))).toBe('银行卡号须为10-28位数字');
    expect(fieldError(BankCardNumber, '6222 0202')).toBe('银行卡号须为10-28位数字');
  });

  it('takes real names of Chinese or Latin letters with middle dots, ≤25 letters (the spec over the old web rule)', () => {
    expect(fieldError(RealName, '张三')).toBeUndefined();
    expect(fieldError(RealName, '阿卜杜拉·买买提')).toBeUndefined();
    expect(fieldError(RealName, ' 张三 ')).toBeUndefined();
    expect(fieldError(RealName, 'John Smith')).toBe('真实姓名格式不正确');
    expect(fieldError(RealName, '·张三')).toBe('真实姓名格式不正确');
    expect(fieldError(RealName, '张')).toBe('真实姓名格式不正确');
    expect(fieldError(RealName, '张3')).toBe('真实姓名格式不正确');
    expect(fieldError(RealName, 'a'.repeat(26))).toBe('真实姓名格式不正确');
    expect(fieldError(RealName, '  ')).toBe('请输入真实姓名');
  });

  it('checks wallet addresses by protocol', () => {
    expect(fieldError(walletAddress('TRC20'), 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE')).toBeUndefined();
    expect(fieldError(walletAddress('TRC20'), '0x52908400098527886E0F7030069857D2E4169EE7')).toBe(
      '钱包地址格式不正确',
    );
    expect(fieldError(walletAddress('ERC20'), '0x52908400098527886E0F7030069857D2E4169EE7')).toBeUndefined();
    expect(fieldError(walletAddress('ERC20'), '0x5290')).toBe('钱包地址格式不正确');
    expect(fieldError(walletAddress('ERC20'), '')).toBe('请输入钱包地址');
  });

  it('refuses the 13 simple safety passwords with the spec text', () => {
    expect(SIMPLE_SAFETY_PASSWORDS.size).toBe(13);
    for (const value of SIMPLE_SAFETY_PASSWORDS)
      expect(fieldError(NewSafetyPassword, value)).toBe(FieldMessages.safetyPasswordTooSimple);
    expect(fieldError(NewSafetyPassword, '482913')).toBeUndefined();
    expect(fieldError(NewSafetyPassword, '12345a')).toBe('安全密码必须为6位数字');
    expect(fieldError(SafetyPassword, '123456')).toBeUndefined();
    expect(fieldError(SafetyPassword, '1234567')).toBe('安全密码必须为6位数字');
  });

  it('checks account names, login passwords, nicknames and amounts', () => {
    expect(fieldError(UserName, '')).toBe('请输入账号');
    expect(fieldError(UserName, 'ab')).toBe('账号为4-20位字母、数字或下划线');
    expect(fieldError(UserName, 'player_1')).toBeUndefined();
    expect(fieldError(LoginPassword, '')).toBe('请输入密码');
    expect(fieldError(LoginPassword, 'abc')).toBe('密码为6-16位字母、数字或!@#$%^&*');
    expect(fieldError(LoginPassword, 'abc123!')).toBeUndefined();
    expect(fieldError(NickName, '玩家一二三')).toBeUndefined();
    expect(fieldError(NickName, 'ab')).toBe('昵称为5-50位字母、数字、下划线或中文');
    expect(fieldError(Amount, '10.25')).toBeUndefined();
    expect(fieldError(Amount, '10.255')).toBe('请输入正确的金额');
  });
});
