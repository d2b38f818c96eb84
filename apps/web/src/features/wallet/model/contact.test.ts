import { describe, expect, it } from 'vitest';
import { CONTACT_TEXT, cleanContact, contactError } from './contact';

describe('contact rules', () => {
  it('takes a mainland mobile: 1, then 3-9, then 9 digits', () => {
    for (const phone of ['13800138000', '19912345678', '15000000000']) {
      expect(contactError('phone', phone)).toBeUndefined();
    }
  });

  it('says what is wrong with a phone number', () => {
    expect(contactError('phone', '')).toBe(CONTACT_TEXT.phoneRequired);
    for (const phone of ['1380013800', '12800138000', '23800138000', '10012345678']) {
      expect(contactError('phone', phone)).toBe('手机号码格式不正确');
    }
  });

  it('says what is wrong with an e-mail address', () => {
    expect(contactError('mail', '')).toBe(CONTACT_TEXT.mailRequired);
    for (const mail of ['zhangsan', 'zhangsan@', 'zhangsan@example', '@example.com', 'zhang san@qq.com']) {
      expect(contactError('mail', mail)).toBe('邮箱格式不正确');
    }
    expect(contactError('mail', 'zhangsan@example.com')).toBeUndefined();
  });

  it('keeps the digits of a typed phone (11 at most) and trims a mail', () => {
    expect(cleanContact('phone', '138 0013-8000 9')).toBe('13800138000');
    expect(cleanContact('mail', ' a@b.cn ')).toBe('a@b.cn');
  });
});
