import { describe, expect, it } from 'vitest';
import {
  Amount,
  BankCardNumber,
  DepositorName,
  FieldMessages,
  fieldError,
  LoginPassword,
  Mail,
  NewSafetyPassword,
  NickName,
  Phone,
  RealName,
  SafetyPassword,
  SIMPLE_SAFETY_PASSWORDS,
  UserName,
  walletAccountNumber,
  walletAddress,
} from './fields';

/**
 * Each field rule of spec/platform.md §5 once, at its boundaries, with the one message it gives.
 * The server answers these messages (code -2) and the web forms show them, so these are the cases
 * for both sides.
 */
describe('field rules (spec/platform.md §5)', () => {
  it('takes account names of 4-20 word characters', () => {
    expect(fieldError(UserName, '')).toBe('请输入账号');
    expect(fieldError(UserName, undefined)).toBe('账号为4-20位字母、数字或下划线');
    expect(fieldError(UserName, 'abc')).toBe('账号为4-20位字母、数字或下划线');
    expect(fieldError(UserName, 'ab_1')).toBeUndefined();
    expect(fieldError(UserName, 'a'.repeat(20))).toBeUndefined();
    expect(fieldError(UserName, 'a'.repeat(21))).toBe('账号为4-20位字母、数字或下划线');
    expect(fieldError(UserName, 'bad-name')).toBe('账号为4-20位字母、数字或下划线');
  });

  it('takes login passwords of 6-16 letters, digits and !@#$%^&*', () => {
    expect(fieldError(LoginPassword, '')).toBe('请输入密码');
    expect(fieldError(LoginPassword, 'abc12')).toBe('密码为6-16位字母、数字或!@#$%^&*');
    expect(fieldError(LoginPassword, 'abc12!')).toBeUndefined();
    expect(fieldError(LoginPassword, 'A1!@#$%^&*bcdefg')).toBeUndefined();
    expect(fieldError(LoginPassword, 'a'.repeat(17))).toBe('密码为6-16位字母、数字或!@#$%^&*');
    expect(fieldError(LoginPassword, 'abc 123')).toBe('密码为6-16位字母、数字或!@#$%^&*');
  });

  it('takes nicknames of 5-50 letters, digits, underscore or Chinese', () => {
    expect(fieldError(NickName, 'abcd')).toBe('昵称为5-50位字母、数字、下划线或中文');
    expect(fieldError(NickName, '玩家一二三')).toBeUndefined();
    expect(fieldError(NickName, '幸运_01')).toBeUndefined();
    expect(fieldError(NickName, '玩'.repeat(50))).toBeUndefined();
    expect(fieldError(NickName, '玩'.repeat(51))).toBe('昵称为5-50位字母、数字、下划线或中文');
    expect(fieldError(NickName, 'abc de')).toBe('昵称为5-50位字母、数字、下划线或中文');
  });

  it('takes mainland mobiles: 1, then 3-9, then 9 digits', () => {
    expect(fieldError(Phone, '13912345678')).toBeUndefined();
    expect(fieldError(Phone, '19912345678')).toBeUndefined();
    expect(fieldError(Phone, '12912345678')).toBe('手机号码格式不正确');
    expect(fieldError(Phone, '1391234567')).toBe('手机号码格式不正确');
    expect(fieldError(Phone, '139123456789')).toBe('手机号码格式不正确');
    expect(fieldError(Phone, '')).toBe('手机号码格式不正确');
  });

  it('takes e-mail addresses of the usual form, up to 254 characters', () => {
    expect(fieldError(Mail, 'ab@x.cn')).toBeUndefined();
    expect(fieldError(Mail, 'ab@x')).toBe('邮箱格式不正确');
    expect(fieldError(Mail, 'a b@x.cn')).toBe('邮箱格式不正确');
    expect(fieldError(Mail, `${'a'.repeat(250)}@x.cn`)).toBe('邮箱格式不正确');
    expect(fieldError(Mail, `${'a'.repeat(249)}@x.cn`)).toBeUndefined();
  });

  it('takes real names: 2-50 Chinese or Latin letters with middle dots, at most 25 without the dots', () => {
    expect(fieldError(RealName, '张三')).toBeUndefined();
    expect(fieldError(RealName, ' 张三 ')).toBeUndefined();
    expect(fieldError(RealName, 'John')).toBeUndefined();
    expect(fieldError(RealName, '阿卜杜拉·买买提')).toBeUndefined();
    expect(fieldError(RealName, '阿卜杜拉•买买提')).toBeUndefined();
    expect(fieldError(RealName, '  ')).toBe('请输入真实姓名');
    expect(fieldError(RealName, '张')).toBe('真实姓名格式不正确');
    // 25 letters pass, 26 do not, with or without dots between them
    expect(fieldError(RealName, '李'.repeat(25))).toBeUndefined();
    expect(fieldError(RealName, '李'.repeat(26))).toBe('真实姓名格式不正确');
    expect(fieldError(RealName, 'a'.repeat(26))).toBe('真实姓名格式不正确');
    expect(fieldError(RealName, `${'李'.repeat(13)}·${'李'.repeat(12)}`)).toBeUndefined();
    expect(fieldError(RealName, `${'李'.repeat(13)}·${'李'.repeat(13)}`)).toBe('真实姓名格式不正确');
    // 50 characters with 25 letters pass; 51 do not
    const dotted = Array.from({ length: 25 }, () => '李').join('·');
    expect(fieldError(RealName, dotted)).toBeUndefined();
    expect(fieldError(RealName, `${dotted}··`.slice(0, 51))).toBe('真实姓名格式不正确');
    // only Chinese and Latin letters; no spaces, full stops, digits or other scripts
    expect(fieldError(RealName, 'Иван')).toBe('真实姓名格式不正确');
    expect(fieldError(RealName, 'John Smith')).toBe('真实姓名格式不正确');
    expect(fieldError(RealName, 'J.Smith')).toBe('真实姓名格式不正确');
    expect(fieldError(RealName, '张3')).toBe('真实姓名格式不正确');
    expect(fieldError(RealName, '·张三')).toBe('真实姓名格式不正确');
    expect(fieldError(RealName, '张三·')).toBe('真实姓名格式不正确');
  });

  it("takes depositor names by the real-name rule, in the depositor's words", () => {
    expect(fieldError(DepositorName, '张三')).toBeUndefined();
    expect(fieldError(DepositorName, '')).toBe('请填写存款人姓名');
    expect(fieldError(DepositorName, '李'.repeat(26))).toBe('存款人姓名格式不正确');
    expect(fieldError(DepositorName, 'John Smith')).toBe('存款人姓名格式不正确');
  });

  it('takes bank cards of 10-28 digits only', () => {
    expect(fieldError(BankCardNumber, '')).toBe('请输入银行卡号');
    expect(fieldError(BankCardNumber, '123456789')).toBe('银行卡号须为10-28位数字');
    expect(fieldError(BankCardNumber, '1234567890')).toBeUndefined();
    expect(fieldError(BankCardNumber, '1'.repeat(28))).toBeUndefined();
    expect(fieldError(BankCardNumber, '1'.repeat(29))).toBe('银行卡号须为10-28位数字');
    expect(fieldError(BankCardNumber, '6222 0202')).toBe('银行卡号须为10-28位数字');
  });

  it('takes Alipay and WeChat accounts of 4-64 letters, digits and _.@+-, named by kind', () => {
    expect(fieldError(walletAccountNumber('alipay'), 'ab@x.cn')).toBeUndefined();
    expect(fieldError(walletAccountNumber('alipay'), '13912345678')).toBeUndefined();
    expect(fieldError(walletAccountNumber('wechat'), 'wx_1')).toBeUndefined();
    expect(fieldError(walletAccountNumber('wechat'), 'a'.repeat(64))).toBeUndefined();
    expect(fieldError(walletAccountNumber('alipay'), 'abc')).toBe('支付宝账号格式不正确');
    expect(fieldError(walletAccountNumber('wechat'), 'a'.repeat(65))).toBe('微信账号格式不正确');
    expect(fieldError(walletAccountNumber('wechat'), '微信号')).toBe('微信账号格式不正确');
  });

  it('checks wallet addresses by protocol', () => {
    expect(fieldError(walletAddress('TRC20'), 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE')).toBeUndefined();
    expect(fieldError(walletAddress('TRC20'), '0x52908400098527886E0F7030069857D2E4169EE7')).toBe(
      '钱包地址格式不正确',
    );
    expect(fieldError(walletAddress('ERC20'), '0x52908400098527886E0F7030069857D2E4169EE7')).toBeUndefined();
    expect(fieldError(walletAddress('ERC20'), '0x5290')).toBe('钱包地址格式不正确');
    expect(fieldError(walletAddress('ERC20'), '')).toBe('请输入钱包地址');
    expect(fieldError(walletAddress('BEP20'), '0x52908400098527886E0F7030069857D2E4169EE7')).toBe(
      '钱包地址格式不正确',
    );
  });

  it('takes safety passwords of exactly 6 digits and refuses the 13 simple ones with the spec text', () => {
    expect(SIMPLE_SAFETY_PASSWORDS.size).toBe(13);
    for (const value of SIMPLE_SAFETY_PASSWORDS)
      expect(fieldError(NewSafetyPassword, value)).toBe(
        '安全密码不能过于简单，禁止设置为：123456、123123、654321、111111等此类简单密码',
      );
    expect(fieldError(NewSafetyPassword, '482913')).toBeUndefined();
    expect(fieldError(NewSafetyPassword, '12345a')).toBe('安全密码必须为6位数字');
    expect(fieldError(SafetyPassword, '123456')).toBeUndefined();
    expect(fieldError(SafetyPassword, '12345')).toBe('安全密码必须为6位数字');
    expect(fieldError(SafetyPassword, '1234567')).toBe('安全密码必须为6位数字');
    expect(FieldMessages.safetyPasswordTooSimple).toMatch(/^安全密码不能过于简单/);
  });

  it('takes amounts of 1-9 digits with up to 2 decimals', () => {
    expect(fieldError(Amount, '')).toBe('请输入金额');
    expect(fieldError(Amount, ' 10.25 ')).toBeUndefined();
    expect(fieldError(Amount, '0')).toBeUndefined();
    expect(fieldError(Amount, '999999999.99')).toBeUndefined();
    expect(fieldError(Amount, '1000000000')).toBe('金额格式不正确');
    expect(fieldError(Amount, '10.255')).toBe('金额格式不正确');
    expect(fieldError(Amount, '10.')).toBe('金额格式不正确');
    expect(fieldError(Amount, '-5')).toBe('金额格式不正确');
    expect(fieldError(Amount, '1e3')).toBe('金额格式不正确');
  });
});
